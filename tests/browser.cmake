# Browser tests of `symref report` (tests/browser): headless Chromium over the DevTools pipe.  They
# skip, printing why, when Chromium is absent — unless SYMREF_BROWSER_TESTS=require, which makes
# that a failure (CI sets it; scripts/bootstrap.sh installs Debian's chromium for `test`).
add_executable(browser_tests ${CMAKE_CURRENT_SOURCE_DIR}/browser/report_browser_test.cpp
                             ${CMAKE_CURRENT_SOURCE_DIR}/browser/devtools_client.cpp)
target_link_libraries(browser_tests PRIVATE nlohmann_json::nlohmann_json GTest::gtest GTest::gtest_main)
target_compile_definitions(browser_tests PRIVATE SYMREF_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                                                  SYMREF_BUILD_DIR="${PROJECT_BINARY_DIR}"
                                                  SYMREF_BINARY="$<TARGET_FILE:symref>")
target_include_directories(browser_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
add_dependencies(browser_tests symref)
gtest_discover_tests(browser_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS browser TIMEOUT 180)
