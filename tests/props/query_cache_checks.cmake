# `symref fuzz --query-cache` (issue 14, interp/solver/query_cache.hpp): off by default; on, a case's
# repeated queries are answered from its store (one check-log line each), the campaign passes, and
# a failure's reproduce line keeps the flag.
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)

set(campaign fuzz --seed 1 --count 6 --level 1 --quiet --shrink-limit 0)
expect_exit(0 ${CMAKE_COMMAND} -E env SYMREF_CHECK_LOG=1 ${SYMREF} ${campaign})
if(last_error MATCHES "from the case's query cache")
  message(FATAL_ERROR "answers from the query cache without --query-cache:\n${last_error}")
endif()
expect_exit(0 ${CMAKE_COMMAND} -E env SYMREF_CHECK_LOG=1 ${SYMREF} ${campaign} --query-cache)
if(NOT last_error MATCHES "check\tcase [1-6] same_sequences\tz3\t(sat|unsat)\t0.000000\t0\tfrom the case's query cache")
  message(FATAL_ERROR "same_sequences asks the forward exploration's queries again, but no answer came from the cache:\n${last_error}")
endif()
# The planted fault's reproduce line (its ctest shows it caught) names --query-cache.
expect_exit(3 ${SYMREF} fuzz --seed 1 --count 50 --level 1 --quiet --shrink-limit 0 --query-cache --property completeness
            --inject-fault query-cache-key-newest-scope --output-dir ${OUTPUT})
if(NOT last_output MATCHES "reproduce: symref fuzz [^\n]* --query-cache")
  message(FATAL_ERROR "the reproduce line drops --query-cache:\n${last_output}")
endif()
