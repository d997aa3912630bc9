# Runs `symref difftest` and checks its exit code and its text report.
#
# Variables: SYMREF; ARGS (the difftest arguments, a list); EXIT (the expected exit code); MATCH
# (regular expressions the output must match, a list); NOT_MATCH (one it must not match);
# EMPTY_HOME (set: run with HOME pointing to an empty directory, so that no ~/.why3.conf helps).
set(command ${SYMREF} difftest ${ARGS})
if(EMPTY_HOME)
  file(REMOVE_RECURSE ${EMPTY_HOME})
  file(MAKE_DIRECTORY ${EMPTY_HOME})
  set(command ${CMAKE_COMMAND} -E env HOME=${EMPTY_HOME} ${command})
endif()
execute_process(COMMAND ${command} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
# A missing tool is a failure, not a skip: `./scripts/bootstrap.sh test` installs every one.
if(out MATCHES "cannot answer: ([^\n]*)")
  message(FATAL_ERROR "the tool cannot answer (${CMAKE_MATCH_1}); ./scripts/bootstrap.sh test installs dafny, why3, frama-c-base and z3")
endif()
if(NOT code EQUAL EXIT)
  message(FATAL_ERROR "symref difftest exited ${code}, expected ${EXIT}")
endif()
foreach(pattern IN LISTS MATCH)
  if(NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "the report does not match '${pattern}'")
  endif()
endforeach()
if(DEFINED NOT_MATCH AND out MATCHES "${NOT_MATCH}")
  message(FATAL_ERROR "the report matches '${NOT_MATCH}', which it must not")
endif()
