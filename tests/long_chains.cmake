# Long chains (`+`, `&&`, `||`, `else if`) far beyond the nesting limit, through every command
# and engine (tests/long_chains.sh); real nesting of 200,000 levels is still refused.
add_test(NAME long_chains
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/long_chains.sh $<TARGET_FILE:symref> ${CMAKE_CURRENT_BINARY_DIR}/long-chains)
set_tests_properties(long_chains PROPERTIES LABELS cli TIMEOUT 900)
