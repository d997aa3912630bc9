# interop/ through the binary (label `interop`): random programs of every generator level exported
# to C, built with cc and GMP and run against `symref run` (about 50 programs; a disagreement exits
# 3 and prints the shrunk program).
foreach(level 1 2 3)
  add_test(NAME interop.campaign.gcc.level${level}
           COMMAND $<TARGET_FILE:symref> difftest --campaign --against gcc --seed 1 --count 17 --level ${level}
                   --loop-bound 2 --random 10 --out ${CMAKE_CURRENT_BINARY_DIR}/interop-campaign-${level})
  set_tests_properties(interop.campaign.gcc.level${level} PROPERTIES LABELS interop TIMEOUT 300)
endforeach()
