# A campaign run for a time shrinks its failure until the deadline, or for up to
# shrinking_grace_seconds after the failure was found (fuzz/campaign.hpp):
# a 10 ms campaign whose planted fault fails at case 3 (in its first batch) stops shrinking
# early and says so, on the terminal and in its shard file; a campaign of a count shrinks to the
# end.
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)

file(REMOVE_RECURSE ${OUTPUT})
# In the campaign's own process (--no-isolated-checks): its first batch starts within the 10 ms.
set(failing ${SYMREF} fuzz --seed 1 --level 1 --property correctness --inject-fault branch-not-negated
            --no-isolated-checks --output-dir ${OUTPUT}/counterexamples)
# Runs the failing campaign with ARGN, writing its shard file to OUTPUT/NAME; its failure line must
# match LINE and the shard file's shrinking_stopped_by_time must be STOPPED (ON or OFF).
function(expect_shrinking name line stopped)
  expect_exit(3 ${failing} ${ARGN} --out ${OUTPUT}/${name})
  if(NOT last_output MATCHES "${line}")
    message(FATAL_ERROR "${name}: the failure line does not match ${line}:\n${last_output}")
  endif()
  file(READ ${OUTPUT}/${name}/shard-0-of-1.json shard)
  string(JSON in_file GET "${shard}" failures 0 shrinking_stopped_by_time)
  if((in_file AND NOT stopped) OR (NOT in_file AND stopped))
    message(FATAL_ERROR "${name}: the shard file says shrinking_stopped_by_time ${in_file}:\n${shard}")
  endif()
endfunction()

set(shrunk "FAILED: property correctness on case 3 \\(shrunk in [0-9]+ steps, [0-9]+ candidates tried")
expect_shrinking(timed "${shrunk}; stopped at the time limit\\)" ON --time 0.01)
expect_shrinking(counted "${shrunk}\\)\n" OFF --count 25)
