# The syntactic-contradiction solver layer in `symref fuzz`
# (interp/solver/layers/contradiction_solver.hpp): on by default; `--no-syntactic-contradictions` takes it
# out of every solver of the campaign's workers, and a failure's reproduce line keeps the flag.
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)

# The layer's planted fault is caught with the layer on (props.fault.contradiction-inside-disjunction:
# completeness, case 18); with the layer off the fault's code never runs in any worker (exit 2,
# "never reached"), so the flag reached the workers.
expect_exit(3 ${SYMREF} fuzz --seed 1 --count 25 --level 1 --quiet --shrink-limit 0 --property completeness
            --inject-fault contradiction-inside-disjunction --jobs 2 --output-dir ${OUTPUT})
expect_exit(2 ${SYMREF} fuzz --seed 1 --count 25 --level 1 --quiet --shrink-limit 0 --property completeness
            --inject-fault contradiction-inside-disjunction --no-syntactic-contradictions --jobs 2)
if(NOT last_error MATCHES "contradiction-inside-disjunction was never reached")
  message(FATAL_ERROR "the layer's fault ran with the layer off:\n${last_error}")
endif()
expect_reproduce_line_keeps(--no-syntactic-contradictions ${OUTPUT})
