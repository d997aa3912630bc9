# Front end tests beyond the unit tests: every saved fuzzer input that once broke the front end
# (tests/fuzz/regressions) and the fuzzing seeds, replayed through the fuzz target in the normal
# build, which must survive them all.
add_executable(front_end_fuzz_replay ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/front_end_fuzzer.cpp
                                     ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/replay_main.cpp)
target_link_libraries(front_end_fuzz_replay PRIVATE symref_semantics)
add_test(NAME front_end_fuzz_regressions
         COMMAND front_end_fuzz_replay ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/regressions
                                       ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/seeds)
set_tests_properties(front_end_fuzz_regressions PROPERTIES LABELS unit)
