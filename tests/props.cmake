# The properties and the generator through `symref fuzz` and `symref gen`: the planted-fault tests
# (label `faults`), each property able to fail alone, and the generator's golden files.  The checks
# of the campaign machinery itself (fuzz/) are in tests/fuzz.cmake.
#
# The planted faults (semantics/faults.hpp): for each one, `symref fuzz --inject-fault NAME` with
# the fault's catch options must exit 3 and write the shrunk counterexample (label `faults`), from
# each of the seeds 7 and 99 (props.fault.NAME.seed-7, props.fault.NAME.seed-99).  The faults are
# read from their declaration, semantics/faults.def (one FAULT(...) per line), so a new fault gets
# its tests without a change here; its last field, the catch options, names its own fuzz options
# (level, properties, a count of at most 1000) or the unit test that catches it (test:NAME).
# fuzz/measure_faults.sh check runs the same campaigns without shrinking, and without the faults.
file(STRINGS ${PROJECT_SOURCE_DIR}/semantics/faults.def fault_lines ENCODING UTF-8 REGEX "^FAULT\\(")
# A changed fault list or catch option re-runs the configure step, so its test follows.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/semantics/faults.def)
set(fault_output ${CMAKE_CURRENT_BINARY_DIR}/props-faults)
set(fault_seeds 7 99)
foreach(line ${fault_lines})
  if(NOT line MATCHES "^FAULT\\([A-Za-z0-9]+, \"([a-z0-9-]+)\", \"[^\"]*\", \"([^\"]*)\"\\)$")
    message(FATAL_ERROR "semantics/faults.def: not a FAULT(Enumerator, \"name\", \"description\", \"catch options\") line: ${line}")
  endif()
  set(fault ${CMAKE_MATCH_1})
  set(catch_options "${CMAKE_MATCH_2}")
  set(options -DCOUNT=100 -DLEVEL=3)
  if(catch_options MATCHES "^test:")
    continue()  # caught by the named unit test (FaultDescription::catch_options)
  endif()
  if(NOT catch_options STREQUAL "")
    set(options "-DOPTIONS=${catch_options}")
  endif()
  foreach(seed ${fault_seeds})
    add_test(NAME props.fault.${fault}.seed-${seed}
             COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DFAULT=${fault} -DSEED=${seed} ${options}
                     -DOUTPUT=${fault_output}/${fault}-${seed} -P ${CMAKE_CURRENT_SOURCE_DIR}/props/expect_fault_caught.cmake)
    set_tests_properties(props.fault.${fault}.seed-${seed} PROPERTIES LABELS faults TIMEOUT 300)
  endforeach()
endforeach()

# A wrongly pruned branch: completeness (above) and paths_partition each catch it on their own.
add_test(NAME props.fault.implied-wrong-unsat.paths_partition
         COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DFAULT=implied-wrong-unsat -DSEED=1
                 "-DOPTIONS=--count 100 --level 1 --property paths_partition"
                 -DOUTPUT=${fault_output}/implied-wrong-unsat-paths_partition -P ${CMAKE_CURRENT_SOURCE_DIR}/props/expect_fault_caught.cmake)
set_tests_properties(props.fault.implied-wrong-unsat.paths_partition PROPERTIES LABELS faults TIMEOUT 300)

# The default campaign of the faults above without a fault passes at their first seed, at level 3
# and at level 1 (where the engine shapes are): the failures above come from the faults.
add_test(NAME props.fault.none
         COMMAND $<TARGET_FILE:symref> fuzz --seed 7 --count 100 --level 3 --quiet --shrink-limit 0)
add_test(NAME props.fault.none.level-1
         COMMAND $<TARGET_FILE:symref> fuzz --seed 7 --count 300 --level 1 --quiet --shrink-limit 0)
# All cases run (nothing fails early): under the sanitizers on a loaded 2-core machine level 3
# took more than 300 s, so the time-outs are generous (an expiry is reported, not a wrong answer).
set_tests_properties(props.fault.none props.fault.none.level-1 PROPERTIES LABELS faults TIMEOUT 1200)

# Every property can fail: each one alone catches a planted fault (props/README.md has the matrix).
function(add_property_can_fail property fault level)
  add_test(NAME props.property_can_fail.${property}
           COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DFAULT=${fault} -DSEED=1 -DCOUNT=100 -DLEVEL=${level}
                   "-DEXTRA=--property;${property}" -DOUTPUT=${fault_output}/${property}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/props/expect_fault_caught.cmake)
  set_tests_properties(props.property_can_fail.${property} PROPERTIES LABELS faults TIMEOUT 300)
endfunction()
foreach(pair substitution:missing-alias-case definedness:array-bound-off-by-one correctness:branch-not-negated
             completeness:local-frame-not-restored traces:wp-definedness-dropped pc_equals_wp:this-by-name
             solvers_agree:model-not-validated tests_replay:branch-not-negated
             simplification_keeps_meaning:select-over-store-unchecked paths_partition:loop-exit-not-negated
             compositional_outcomes:loop-exit-not-negated compositional_progress:compositional-lazy-guards-free
             compositional_tests_replay:branch-not-negated)
  string(REPLACE ":" ";" parts ${pair})
  add_property_can_fail(${parts} 3)
endforeach()

# lemma1_composition and template_validity apply to level 1 only (PropertyDescription::max_level);
# the compact faults are caught there, so these rows run level 1:
# Theorem 2 against a wrong θ⟦κ⟧ (twice), Lemma 1 with Definition 2 against composition without
# θ⟨·⟩, Definition 5 (L2)/(L3) against a dropped exit.
foreach(pair compact_tests_replay:compact-theta-off-by-one lemma1_composition:compact-composition-without-theta
             compact_completeness:compact-theta-off-by-one template_validity:compact-exit-dropped)
  string(REPLACE ":" ";" parts ${pair})
  add_property_can_fail(${parts} 1)
endforeach()

# Reproducible by seed: `symref gen --whole-case` against golden files, so that a build
# whose compiler evaluates the generator's draws in another order (e.g. clang's sanitizer build) fails.
file(GLOB gen_golden_files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/props/gen_golden/*.txt)
foreach(golden ${gen_golden_files})
  get_filename_component(stem ${golden} NAME_WE)
  add_test(NAME props.gen-golden.${stem}
           COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DGOLDEN=${golden}
                   -DACTUAL=${CMAKE_CURRENT_BINARY_DIR}/gen-golden-${stem}.txt -P ${CMAKE_CURRENT_SOURCE_DIR}/props/gen_golden_check.cmake)
  set_tests_properties(props.gen-golden.${stem} PROPERTIES LABELS unit TIMEOUT 60)
endforeach()
