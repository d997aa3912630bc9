# interop/ through the binary (label `interop`): random programs of every generator level exported
# to C, built with cc and GMP and run against `symref run` (about 50 programs; a disagreement exits
# 3 and prints the shrunk program).
foreach(level 1 2 3)
  add_test(NAME interop.campaign.gcc.level${level}
           COMMAND $<TARGET_FILE:symref> difftest --campaign --against gcc --seed 1 --count 17 --level ${level}
                   --loop-bound 2 --random 10 --out ${CMAKE_CURRENT_BINARY_DIR}/interop-campaign-${level})
  set_tests_properties(interop.campaign.gcc.level${level} PROPERTIES LABELS interop TIMEOUT 300)
endforeach()

# The planted faults of the C export (semantics/faults.hpp, Export*): each makes difftest against
# gcc disagree (exit 3) on a program written to reach it (so does DifftestCommand.PlantedExportFaultsAreCaught,
# which also checks the explanation).  `symref fuzz --property export_agrees` catches them on generated
# programs too; the suite shows it for export-bound-inclusive (props.fault.export-bound-inclusive): a
# fuzz-found failure is shrunk with a compile per candidate, a minute per fault.
set(interop_programs ${CMAKE_CURRENT_SOURCE_DIR}/interop/programs)
foreach(case export-truncating-division:euclidean_division export-bound-inclusive:array_bounds
             export-defined-letter-dropped:array_bounds export-method-target-first:method_target
             export-new-aliases-input:fresh_object)
  string(REPLACE ":" ";" case "${case}")
  list(GET case 0 fault)
  list(GET case 1 program)
  add_test(NAME interop.fault.${fault}
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit.sh 3 $<TARGET_FILE:symref> difftest ${interop_programs}/${program}.sym
                   --against gcc --inject-fault ${fault})
  set_tests_properties(interop.fault.${fault} PROPERTIES LABELS "interop;faults" TIMEOUT 120)
endforeach()
# The same programs without a fault agree (tests/interop/difftest_test.cpp checks the counts).
