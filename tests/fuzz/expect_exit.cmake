# `expect_exit(CODE COMMAND...)`: runs the command, fails unless it exits CODE; its standard
# output (and error) is left in `last_output`.  Shared by the campaign's CLI check scripts.
function(expect_exit code)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE actual OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT actual EQUAL ${code})
    message(FATAL_ERROR "`${ARGN}` exited ${actual}, expected ${code}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
  set(last_error "${err}" PARENT_SCOPE)
endfunction()

# `expect_reproduce_line_keeps(FLAG OUTPUT_DIR)`: a planted failure's reproduce line names FLAG
# when the campaign ran with it, and does not when it ran without.
function(expect_reproduce_line_keeps flag output)
  set(failing_campaign ${SYMREF} fuzz --seed 1 --count 5 --level 1 --quiet --shrink-limit 0 --property correctness
                       --inject-fault branch-not-negated --output-dir ${output})
  expect_exit(3 ${failing_campaign} ${flag})
  if(NOT last_output MATCHES "reproduce: symref fuzz [^\n]* ${flag}")
    message(FATAL_ERROR "the reproduce line drops ${flag}:\n${last_output}")
  endif()
  expect_exit(3 ${failing_campaign})
  if(last_output MATCHES "${flag}")
    message(FATAL_ERROR "the reproduce line of a campaign without ${flag} names it:\n${last_output}")
  endif()
endfunction()
