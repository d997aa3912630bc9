# The per-case query cache of `symref fuzz` (interp/solver/session/query_cache.hpp): on by default,
# a case's repeated queries are answered from its store (one check-log line each) and the campaign
# passes; `--no-query-cache` asks the solvers every time, and a failure's reproduce line keeps it.
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)

set(campaign fuzz --seed 1 --count 6 --level 1 --quiet --shrink-limit 0)
expect_exit(0 ${CMAKE_COMMAND} -E env SYMREF_CHECK_LOG=1 ${SYMREF} ${campaign})
if(NOT last_error MATCHES "check\tcase [1-6] same_sequences\tz3\t(sat|unsat)\t0.000000\t0\tfrom the case's query cache")
  message(FATAL_ERROR "same_sequences asks the forward exploration's queries again, but no answer came from the cache:\n${last_error}")
endif()
expect_exit(0 ${CMAKE_COMMAND} -E env SYMREF_CHECK_LOG=1 ${SYMREF} ${campaign} --no-query-cache)
if(last_error MATCHES "from the case's query cache")
  message(FATAL_ERROR "answers from the query cache with --no-query-cache:\n${last_error}")
endif()
# The planted fault is caught with the cache on (its own ctest); a failure found with the cache off
# names --no-query-cache in its reproduce line, one found with it on does not.
expect_exit(3 ${SYMREF} fuzz --seed 1 --count 50 --level 1 --quiet --shrink-limit 0 --property completeness
            --inject-fault query-cache-key-newest-scope --output-dir ${OUTPUT})
if(NOT last_output MATCHES "reproduce: symref fuzz [^\n]*--inject-fault query-cache-key-newest-scope" OR last_output MATCHES "no-query-cache")
  message(FATAL_ERROR "the reproduce line of a failure with the cache on is not the plain campaign's:\n${last_output}")
endif()
expect_exit(3 ${SYMREF} fuzz --seed 1 --count 5 --level 1 --quiet --shrink-limit 0 --no-query-cache --property correctness
            --inject-fault branch-not-negated --output-dir ${OUTPUT})
if(NOT last_output MATCHES "reproduce: symref fuzz [^\n]* --no-query-cache")
  message(FATAL_ERROR "the reproduce line drops --no-query-cache:\n${last_output}")
endif()
