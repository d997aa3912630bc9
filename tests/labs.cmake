# The lab corpus (corpus/labs): every golden answer confirmed by `symref wp --check` and `explore`,
# every wrong answer on file rejected with a separating input, and `symref grade` on both.
add_executable(lab_tests ${CMAKE_CURRENT_SOURCE_DIR}/labs/lab_goldens_test.cpp)
target_link_libraries(lab_tests PRIVATE nlohmann_json::nlohmann_json GTest::gtest GTest::gtest_main)
target_compile_definitions(lab_tests PRIVATE SYMREF_SOURCE_DIR="${PROJECT_SOURCE_DIR}" SYMREF_BINARY="$<TARGET_FILE:symref>")
target_include_directories(lab_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
add_dependencies(lab_tests symref)
gtest_discover_tests(lab_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS labs TIMEOUT 120)
