# A campaign run for a time shrinks its failure until the deadline, or for up to
# shrinking_grace_seconds after the failure was found (props/campaign.hpp; issue 14, twenty-sixth
# round): a 10 ms campaign whose planted fault fails at case 3 stops shrinking early and says so,
# on the terminal and in its shard file; a campaign of a count shrinks to the end.
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)

file(REMOVE_RECURSE ${OUTPUT})
# In the campaign's own process (--no-isolated-checks): its first batch starts within the 10 ms.
set(failing ${SYMREF} fuzz --seed 1 --level 1 --property correctness --inject-fault branch-not-negated
            --no-isolated-checks --output-dir ${OUTPUT}/counterexamples)
expect_exit(3 ${failing} --time 0.01 --out ${OUTPUT}/timed)
if(NOT last_output MATCHES "FAILED: property correctness on case 3 \\(shrunk in [0-9]+ steps, [0-9]+ candidates tried; stopped at the time limit\\)")
  message(FATAL_ERROR "a 10 ms campaign's shrinking did not stop at the time limit:\n${last_output}")
endif()
file(READ ${OUTPUT}/timed/shard-0-of-1.json shard)
string(JSON stopped GET "${shard}" failures 0 shrinking_stopped_by_time)
if(NOT stopped)
  message(FATAL_ERROR "the shard file does not say the shrinking stopped at the time limit:\n${shard}")
endif()

expect_exit(3 ${failing} --count 25 --out ${OUTPUT}/counted)
if(NOT last_output MATCHES "FAILED: property correctness on case 3 \\(shrunk in [0-9]+ steps, [0-9]+ candidates tried\\)\n")
  message(FATAL_ERROR "a campaign of a count did not shrink to the end:\n${last_output}")
endif()
file(READ ${OUTPUT}/counted/shard-0-of-1.json shard)
string(JSON stopped GET "${shard}" failures 0 shrinking_stopped_by_time)
if(stopped)
  message(FATAL_ERROR "a campaign of a count says its shrinking stopped at the time limit:\n${shard}")
endif()
