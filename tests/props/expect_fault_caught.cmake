# Runs `symref fuzz` with one planted fault and expects exit 3 and the counterexample files.
#
# Runs `symref fuzz` with one planted fault; passes when it exits 3 and the counterexample files
# it names exist.  Variables: SYMREF, FAULT, SEED, COUNT and LEVEL or OPTIONS (a string), OUTPUT, EXTRA (more options, a list).
file(REMOVE_RECURSE ${OUTPUT})
# COUNT and LEVEL are optional: a fault with its own options passes them as one string, OPTIONS.
set(budget)
if(DEFINED OPTIONS)
  separate_arguments(budget UNIX_COMMAND "${OPTIONS}")
endif()
if(DEFINED COUNT)
  list(APPEND budget --count ${COUNT})
endif()
if(DEFINED LEVEL)
  list(APPEND budget --level ${LEVEL})
endif()
execute_process(COMMAND ${SYMREF} fuzz --seed ${SEED} ${budget} --inject-fault ${FAULT}
                        --shrink-limit 300 --quiet --output-dir ${OUTPUT} ${EXTRA}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(NOT code EQUAL 3)
  message(FATAL_ERROR "fault ${FAULT} was not caught: exit ${code}\n${err}")
endif()
string(REGEX MATCH "counterexample program: ([^\n]+)" program_line "${out}")
string(REGEX MATCH "counterexample input: +([^\n]+)" input_line "${out}")
string(REGEX REPLACE "counterexample program: " "" program "${program_line}")
string(REGEX REPLACE "counterexample input: +" "" input "${input_line}")
if(NOT EXISTS "${program}" OR NOT EXISTS "${input}")
  message(FATAL_ERROR "fault ${FAULT}: the counterexample files are missing ('${program}', '${input}')")
endif()
