# `expect_exit(CODE COMMAND...)`: runs the command, fails unless it exits CODE; its standard
# output (and error) is left in `last_output`.  Shared by the props CLI check scripts.
function(expect_exit code)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE actual OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT actual EQUAL ${code})
    message(FATAL_ERROR "`${ARGN}` exited ${actual}, expected ${code}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
  set(last_error "${err}" PARENT_SCOPE)
endfunction()
