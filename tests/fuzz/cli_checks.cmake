# `symref fuzz` and `symref gen` on the command line (docs/cli.md): exit codes and determinism.
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)

expect_exit(2 ${SYMREF} fuzz --inject-fault no-such-fault)
expect_exit(2 ${SYMREF} fuzz --property no_such_property)
expect_exit(2 ${SYMREF} fuzz --level 4)
expect_exit(2 ${SYMREF} fuzz --count 5 --time 1)
expect_exit(2 ${SYMREF} fuzz --solver-timeout 0)
# A campaign run with another time limit per check is reproduced with that limit.
expect_exit(3 ${SYMREF} fuzz --seed 1 --count 50 --level 1 --property definedness --inject-fault array-bound-off-by-one
              --quiet --shrink-limit 0 --solver-timeout 60000 --output-dir ${CMAKE_CURRENT_BINARY_DIR}/cli-checks-counterexamples)
if(NOT last_output MATCHES "reproduce: symref fuzz --seed 1 --level 1 --count 25 --solver-timeout 60000 --property definedness")
  message(FATAL_ERROR "the reproduce line leaves out --solver-timeout:\n${last_output}")
endif()
expect_exit(0 ${SYMREF} fuzz --list-faults)
string(REGEX MATCH "^array-bound-off-by-one " first_fault "${last_output}")
if(NOT first_fault)
  message(FATAL_ERROR "--list-faults does not start with a fault's name:\n${last_output}")
endif()
if(NOT last_output MATCHES "\n    caught by: symref fuzz --seed 7 --count 100 --level 1 --property apc_necessary --inject-fault apc-closure-positive\n")
  message(FATAL_ERROR "--list-faults does not say what catches apc-closure-positive:\n${last_output}")
endif()
# A fault that the level's programs or the chosen properties never reach is not reported missed:
# level 2 has no classes (the aliasing case of a field update), and concrete_fast_path runs no
# compact engine.
expect_exit(2 ${SYMREF} fuzz --seed 1 --count 20 --level 2 --inject-fault missing-alias-case --quiet)
if(NOT last_error MATCHES "the planted fault missing-alias-case was never reached")
  message(FATAL_ERROR "no word on the unreached fault:\n${last_error}")
endif()
expect_exit(2 ${SYMREF} fuzz --seed 1 --count 20 --level 1 --property concrete_fast_path --inject-fault compact-kappa-reused --quiet --jobs 2)
# Reached and not caught (too few programs for this catcher): said, and exit 0.
expect_exit(0 ${SYMREF} fuzz --seed 1 --count 20 --level 1 --property definedness --inject-fault truncating-division --quiet)
if(NOT last_output MATCHES "planted fault truncating-division: its code ran [1-9][0-9]* times, not caught")
  message(FATAL_ERROR "a reached fault not caught is not said so:\n${last_output}")
endif()
# Every fault has its ctest props.fault.NAME (tests/props.cmake reads the same catalogue).
expect_exit(0 ${SYMREF} fuzz --seed 5 --count 10 --level 3 --quiet)
# Ten programs, each checked by every property that applies at level 3.
if(NOT last_output MATCHES "10 programs in .* programs/s\\), [0-9]+ properties checked, [0-9]+ unknown skipped")
  message(FATAL_ERROR "no throughput line:\n${last_output}")
endif()
expect_exit(0 ${SYMREF} gen --seed 11 --level 3)
set(first "${last_output}")
expect_exit(0 ${SYMREF} gen --seed 11 --level 3)
if(NOT first STREQUAL last_output)
  message(FATAL_ERROR "gen --seed 11 printed two different programs")
endif()
expect_exit(0 ${SYMREF} gen --seed 11 --level 3 --input)
if(NOT last_output MATCHES "\"globals\"")
  message(FATAL_ERROR "gen --input printed no state:\n${last_output}")
endif()
# The per-check log (interp/solver/session/check_log.hpp): off by default, one line per solver check with
# case, property, backend and answer when SYMREF_CHECK_LOG is set.
expect_exit(0 ${SYMREF} fuzz --seed 5 --count 2 --level 1 --quiet --property solvers_agree)
if(last_error MATCHES "check\t")
  message(FATAL_ERROR "check lines without SYMREF_CHECK_LOG:\n${last_error}")
endif()
expect_exit(0 ${CMAKE_COMMAND} -E env SYMREF_CHECK_LOG=1 ${SYMREF} fuzz --seed 5 --count 2 --level 1 --quiet --property solvers_agree)
foreach(backend z3 cvc5)
  if(NOT last_error MATCHES "check\tcase [12] solvers_agree\t${backend}\t(sat|unsat|unknown)\t[0-9.]+\t[0-9]+\t")
    message(FATAL_ERROR "no ${backend} check line with SYMREF_CHECK_LOG:\n${last_error}")
  endif()
endforeach()
