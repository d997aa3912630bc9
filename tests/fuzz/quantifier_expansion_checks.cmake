# The quantifier-expansion solver layer in `symref fuzz`
# (interp/solver/layers/quantifier_expansion_solver.hpp): on by default; `--no-quantifier-expansion` takes it
# out of every solver of the campaign's workers, and a failure's reproduce line keeps the flag.
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)

# The layer's planted fault is caught with the layer on (props.fault.quantifier-expansion-drops-last-instance,
# case 30); with the layer off the fault's code never runs in any worker (exit 2, "never reached"),
# so the flag reached the workers.
expect_exit(2 ${SYMREF} fuzz --seed 1 --count 50 --level 1 --quiet --shrink-limit 0 --property apc_summary_sound
            --inject-fault quantifier-expansion-drops-last-instance --no-quantifier-expansion --jobs 2)
if(NOT last_error MATCHES "quantifier-expansion-drops-last-instance was never reached")
  message(FATAL_ERROR "the layer's fault ran with the layer off:\n${last_error}")
endif()
expect_reproduce_line_keeps(--no-quantifier-expansion ${OUTPUT})
