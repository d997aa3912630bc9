# CLI tests (docs/cli.md): GoogleTest cases that run the built `symref` binary and check exit
# codes, diagnostics, the JSON shapes of `run --json` and `explore --format json`, DOT rendered by
# Graphviz, test files replayed by `run --input`, and `step`.
file(GLOB cli_test_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/cli/*_test.cpp)
if(cli_test_sources)
  find_program(SYMREF_DOT_PROGRAM dot)
  add_executable(cli_tests ${cli_test_sources})
  target_link_libraries(cli_tests PRIVATE nlohmann_json::nlohmann_json GTest::gtest GTest::gtest_main)
  target_compile_definitions(cli_tests PRIVATE SYMREF_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                                                SYMREF_BINARY="$<TARGET_FILE:symref>"
                                                SYMREF_DOT_PROGRAM="${SYMREF_DOT_PROGRAM}")
  target_include_directories(cli_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  add_dependencies(cli_tests symref)
  gtest_discover_tests(cli_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS cli)
endif()

# `--no-timings` on every command that prints a timing: two runs (and --jobs and --shard splits)
# give the same bytes.
add_test(NAME cli.no_timings COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DSOURCE=${PROJECT_SOURCE_DIR}
                                     -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/cli-no-timings -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/no_timings_checks.cmake)
set_tests_properties(cli.no_timings PROPERTIES LABELS cli TIMEOUT 1500)
