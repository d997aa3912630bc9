# `symref difftest --against dafny|frama-c-wp|why3` (interop/adapters, interop/*_export.cpp): the
# verdict comparisons, the traps of the verifier exports, and the planted export faults each
# caught (label `verifiers`).  Each test runs the real tool; a missing tool fails the test.
set(verdict_programs ${CMAKE_CURRENT_SOURCE_DIR}/interop/programs)
set(corpus ${PROJECT_SOURCE_DIR}/corpus)

# add_verdict_test(NAME EXIT code ARGS difftest-arguments... MATCH regex... [NOT_MATCH regex]
#                  [PROVER_SECONDS s (default 10)] [EMPTY_HOME])
function(add_verdict_test name)
  cmake_parse_arguments(T "EMPTY_HOME" "EXIT;NOT_MATCH;PROVER_SECONDS" "ARGS;MATCH" ${ARGN})
  if(NOT T_PROVER_SECONDS)
    set(T_PROVER_SECONDS 10)
  endif()
  set(extra)
  if(T_NOT_MATCH)
    list(APPEND extra "-DNOT_MATCH=${T_NOT_MATCH}")
  endif()
  if(T_EMPTY_HOME)
    list(APPEND extra "-DEMPTY_HOME=${CMAKE_CURRENT_BINARY_DIR}/difftest-home/${name}")
  endif()
  add_test(NAME difftest.${name}
           COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> "-DARGS=${T_ARGS};--timeout;${T_PROVER_SECONDS};--verbose"
                   -DEXIT=${T_EXIT} "-DMATCH=${T_MATCH}" ${extra} -P ${CMAKE_CURRENT_SOURCE_DIR}/interop/expect_difftest.cmake)
  set_tests_properties(difftest.${name} PROPERTIES LABELS verifiers TIMEOUT 300)
endfunction()

# --- Dafny: about ten programs, every outcome symref finds unreachable proved impossible ---------
add_verdict_test(dafny.binary_search EXIT 0 ARGS ${corpus}/classic/binary_search.sym --against dafny --loop-bound 2
                 MATCH "agree: outcome out-of-bounds: symref unreachable, dafny proved impossible"
                       "agree: outcome assertion-failure: symref unreachable, dafny proved impossible")
add_verdict_test(dafny.counted_loop EXIT 0 ARGS ${verdict_programs}/counted_loop.sym --against dafny --loop-bound 2
                 MATCH "agree: outcome bound: symref unreachable, dafny proved impossible"
                       "outcome normal: symref reachable, dafny not proved impossible")
add_verdict_test(dafny.field_alias EXIT 0 ARGS ${corpus}/aliasing/field_alias.sym --against dafny --loop-bound 1
                 MATCH "agree: outcome out-of-bounds: symref unreachable, dafny proved impossible")
add_verdict_test(dafny.euclidean_division EXIT 0 ARGS ${corpus}/basic/euclidean_division.sym --against dafny
                 MATCH "agree: outcome assertion-failure: symref unreachable, dafny proved impossible")
add_verdict_test(dafny.fibonacci_recursive EXIT 0 ARGS ${corpus}/classic/fibonacci_recursive.sym --against dafny --loop-bound 2
                 MATCH "outcomes: [1-9][0-9]* agree, 0 disagree")
add_verdict_test(dafny.new_fresh EXIT 0 ARGS ${corpus}/objects/new_fresh.sym --against dafny --loop-bound 1
                 MATCH "agree: outcome assertion-failure: symref unreachable, dafny proved impossible")
add_verdict_test(dafny.list_methods EXIT 0 ARGS ${corpus}/objects/list_methods.sym --against dafny --loop-bound 2
                 MATCH "outcomes: [1-9][0-9]* agree, 0 disagree")
add_verdict_test(dafny.evaluation_order EXIT 0 ARGS ${corpus}/errors/evaluation_order.sym --against dafny --loop-bound 1
                 MATCH "outcomes: [1-9][0-9]* agree, 0 disagree")
add_verdict_test(dafny.mutual_recursion EXIT 0 ARGS ${corpus}/procedures/mutual_recursion.sym --against dafny --loop-bound 2
                 MATCH "outcomes: [1-9][0-9]* agree, 0 disagree")
# Spec terms are total: a[0] of an empty array must stay an explicit check, or `normal` would be possible.
add_verdict_test(dafny.undefined_read EXIT 0 ARGS ${verdict_programs}/undefined_read.sym --against dafny
                 MATCH "agree: outcome normal: symref unreachable, dafny proved impossible")
# No fixed array capacity: the failing assertion needs more than 1000 elements and is not proved impossible.
add_verdict_test(dafny.long_array EXIT 0 ARGS ${verdict_programs}/long_array.sym --against dafny
                 MATCH "agree: outcome normal: symref unreachable, dafny proved impossible"
                       "outcome assertion-failure: symref reachable, dafny not proved impossible")

# --- Frama-C WP: loop-free corpus programs, and the traps of its C integer model ------------------
# WP spends its time-outs on reachable outcomes, so the corpus runs ask only about unreachable ones.
foreach(program basic/nested_if basic/array_length_guard basic/bool_logic)
  string(REPLACE "/" "." label ${program})
  add_verdict_test(frama-c-wp.${label} EXIT 0 ARGS ${corpus}/${program}.sym --against frama-c-wp --loop-bound 1 --reachable 0
                   MATCH "outcomes: [1-9][0-9]* agree, 0 disagree")
endforeach()
# WP reads x as a long long: its proof covers 64-bit inputs, symref's test needs x = 2^63.
add_verdict_test(frama-c-wp.beyond_64_bits EXIT 0 ARGS ${verdict_programs}/beyond_64_bits.sym --against frama-c-wp
                 MATCH "inconclusive: outcome assertion-failure: symref reachable, frama-c-wp no answer"
                       "holds a value beyond 64 bits")
# x*x overflows for x = 3037000500, which fits in 64 bits: the overflow goal stays open, so WP's
# proof that the assertion cannot fail does not count.  WP with Z3 spends its whole limit on the
# goals of a reachable outcome (a time-out, "no answer"); what matters is that it proves nothing
# symref reaches, which would be a disagreement (exit 3).
add_verdict_test(frama-c-wp.stored_overflow EXIT 0 PROVER_SECONDS 3
                 ARGS ${verdict_programs}/stored_overflow.sym --against frama-c-wp --reachable 1
                 MATCH "outcome assertion-failure: symref reachable, frama-c-wp (not proved impossible|no answer)"
                       "signed_overflow"
                 NOT_MATCH "disagree: ")
# A class without fields is still a C struct with a member: Frama-C reads the export.
add_verdict_test(frama-c-wp.empty_class EXIT 0 PROVER_SECONDS 3
                 ARGS ${verdict_programs}/empty_class.sym --against frama-c-wp --reachable 0
                 MATCH "agree: outcome assertion-failure: symref unreachable, frama-c-wp proved impossible"
                 NOT_MATCH "rejected")
# No function is named main: the inputs are not C's zero-initialised globals.
add_verdict_test(frama-c-wp.global_not_zero EXIT 0 PROVER_SECONDS 3
                 ARGS ${verdict_programs}/global_not_zero.sym --against frama-c-wp --reachable 2
                 MATCH "outcome assertion-failure: symref reachable, frama-c-wp (not proved impossible|no answer)"
                       "agree: outcome blocked: symref unreachable, frama-c-wp proved impossible"
                 NOT_MATCH "disagree: ")

# --- Why3 --------------------------------------------------------------------------------------
add_verdict_test(why3.binary_search EXIT 0 ARGS ${corpus}/classic/binary_search.sym --against why3 --loop-bound 3
                 MATCH "agree: outcome out-of-bounds: symref unreachable, why3 proved impossible"
                       "agree: outcome assertion-failure: symref unreachable, why3 proved impossible")
add_verdict_test(why3.euclidean_division EXIT 0 ARGS ${corpus}/basic/euclidean_division.sym --against why3
                 MATCH "agree: outcome assertion-failure: symref unreachable, why3 proved impossible")
# Why3 gets its own configuration (why3 config detect): no ~/.why3.conf is needed.
add_verdict_test(why3.own_configuration EMPTY_HOME EXIT 0 ARGS ${verdict_programs}/counted_loop.sym --against why3 --loop-bound 2
                 MATCH "agree: outcome bound: symref unreachable, why3 proved impossible")
# One function per outcome: at K = 10 each goal stays small enough to prove.
add_verdict_test(why3.loop_bound_10 EXIT 0 ARGS ${corpus}/classic/sum_array.sym --against why3 --loop-bound 10
                 MATCH "outcomes: [1-9][0-9]* agree, 0 disagree")

# --- The planted export faults, each caught -------------------------------------------------------
add_verdict_test(fault.export-loop-unrolled-one-short EXIT 3
                 ARGS ${verdict_programs}/counted_loop.sym --against dafny --loop-bound 2 --inject-fault export-loop-unrolled-one-short
                 MATCH "disagree: outcome normal: symref reachable, dafny proved impossible")
add_verdict_test(fault.export-loop-unrolled-one-short.frama-c-wp EXIT 3
                 ARGS ${verdict_programs}/counted_loop.sym --against frama-c-wp --loop-bound 2 --inject-fault export-loop-unrolled-one-short
                 MATCH "disagree: outcome normal: symref reachable, frama-c-wp proved impossible")
add_verdict_test(fault.export-bound-inclusive EXIT 3
                 ARGS ${verdict_programs}/last_element.sym --against dafny --reachable 3 --inject-fault export-bound-inclusive
                 MATCH "disagree: outcome out-of-bounds: symref reachable, dafny proved impossible")
add_verdict_test(fault.export-bound-inclusive.why3 EXIT 3
                 ARGS ${verdict_programs}/last_element.sym --against why3 --reachable 3 --inject-fault export-bound-inclusive
                 MATCH "disagree: outcome out-of-bounds: symref reachable, why3 proved impossible")
