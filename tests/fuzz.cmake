# The campaign's command line (fuzz/): `symref fuzz`, `fuzz-merge` and `gen` on the command line,
# shards and worker processes, the engines' coverage, the options that reach the workers, shrinking
# against a deadline, and the check-log summary script.  The campaign's unit tests are fuzz_tests
# (tests/fuzz/*_test.cpp); tests/fuzz/CMakeLists.txt is the front end's libFuzzer target, a
# separate build (-DSYMREF_BUILD_FUZZERS=ON).

# The command line: usage errors exit 2, a clean campaign exits 0, `gen` repeats itself.
add_test(NAME fuzz.cli COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/cli_checks.cmake)
set_tests_properties(fuzz.cli PROPERTIES LABELS unit TIMEOUT 300)

# Shards, worker processes and fuzz-merge.
add_test(NAME fuzz.shards COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/fuzz-shards
                                   -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/shard_checks.cmake)
set_tests_properties(fuzz.shards PROPERTIES LABELS unit TIMEOUT 600)

# The engines' rule coverage of `fuzz --coverage`, in text, JSON and merged shards.
add_test(NAME fuzz.coverage COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/fuzz-coverage
                                     -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/coverage_checks.cmake)
set_tests_properties(fuzz.coverage PROPERTIES LABELS unit TIMEOUT 300)

# The per-case query cache of `fuzz` (on by default, --no-query-cache switches it off).
add_test(NAME fuzz.query_cache COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/fuzz-query-cache
                                        -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/query_cache_checks.cmake)
set_tests_properties(fuzz.query_cache PROPERTIES LABELS unit TIMEOUT 300)

# The quantifier-expansion layer (on by default, --no-quantifier-expansion switches it off).
add_test(NAME fuzz.quantifier_expansion
         COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/fuzz-quantifier-expansion
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/quantifier_expansion_checks.cmake)
set_tests_properties(fuzz.quantifier_expansion PROPERTIES LABELS unit TIMEOUT 300)

# The syntactic-contradiction layer (on by default in fuzz,
# --no-syntactic-contradictions switches it off).
add_test(NAME fuzz.syntactic_contradictions
         COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/fuzz-syntactic-contradictions
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/syntactic_contradictions_checks.cmake)
set_tests_properties(fuzz.syntactic_contradictions PROPERTIES LABELS unit TIMEOUT 300)

# A timed campaign's shrinking ends at its deadline or shortly after its failure.
add_test(NAME fuzz.shrinking_deadline
         COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/fuzz-shrinking-deadline
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/shrinking_deadline_checks.cmake)
set_tests_properties(fuzz.shrinking_deadline PROPERTIES LABELS unit TIMEOUT 120)

# The check-log summary used to weigh work budgets.
add_test(NAME fuzz.check_log_summary
         COMMAND ${CMAKE_COMMAND} -DSCRIPT=${PROJECT_SOURCE_DIR}/fuzz/summarize_check_log.sh
                 -DSAMPLE=${CMAKE_CURRENT_SOURCE_DIR}/fuzz/check_log_sample.txt
                 -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/fuzz/check_log_sample.summary
                 -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/fuzz-check-log-summary
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/check_log_summary_checks.cmake)
set_tests_properties(fuzz.check_log_summary PROPERTIES LABELS unit TIMEOUT 60)
