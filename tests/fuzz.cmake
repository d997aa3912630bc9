# The campaign's command line (fuzz/): `symref fuzz`, `fuzz-merge` and `gen` on the command line,
# shards and worker processes, the engines' coverage, the options that reach the workers, shrinking
# against a deadline, and the check-log summary script.  The campaign's unit tests are fuzz_tests
# (tests/fuzz/*_test.cpp); tests/fuzz/CMakeLists.txt is the front end's libFuzzer target, a
# separate build (-DSYMREF_BUILD_FUZZERS=ON).

# The command line: usage errors exit 2, a clean campaign exits 0, `gen` repeats itself.
add_test(NAME fuzz.cli COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/cli_checks.cmake)
set_tests_properties(fuzz.cli PROPERTIES LABELS unit TIMEOUT 300)

# fuzz.NAME: the CMake script tests/fuzz/SCRIPT.cmake runs the binary, writing its files in the
# build directory's OUTPUT.
function(add_fuzz_check name script output timeout)
  add_test(NAME fuzz.${name} COMMAND ${CMAKE_COMMAND} -DSYMREF=$<TARGET_FILE:symref> -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/${output}
                                     -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/${script}.cmake)
  set_tests_properties(fuzz.${name} PROPERTIES LABELS unit TIMEOUT ${timeout})
endfunction()

# Shards, worker processes and fuzz-merge.
add_fuzz_check(shards shard_checks fuzz-shards 600)

# The engines' rule coverage of `fuzz --coverage`, in text, JSON and merged shards.
add_fuzz_check(coverage coverage_checks fuzz-coverage 300)

# The per-case query cache of `fuzz` (on by default, --no-query-cache switches it off).
add_fuzz_check(query_cache query_cache_checks fuzz-query-cache 300)

# The quantifier-expansion layer (on by default, --no-quantifier-expansion switches it off).
add_fuzz_check(quantifier_expansion quantifier_expansion_checks fuzz-quantifier-expansion 300)

# The syntactic-contradiction layer (on by default in fuzz,
# --no-syntactic-contradictions switches it off).
add_fuzz_check(syntactic_contradictions syntactic_contradictions_checks fuzz-syntactic-contradictions 300)

# A timed campaign's shrinking ends at its deadline or shortly after its failure.
add_fuzz_check(shrinking_deadline shrinking_deadline_checks fuzz-shrinking-deadline 120)

# The check-log summary used to weigh work budgets.
add_test(NAME fuzz.check_log_summary
         COMMAND ${CMAKE_COMMAND} -DSCRIPT=${PROJECT_SOURCE_DIR}/fuzz/summarize_check_log.sh
                 -DSAMPLE=${CMAKE_CURRENT_SOURCE_DIR}/fuzz/check_log_sample.txt
                 -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/fuzz/check_log_sample.summary
                 -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/fuzz-check-log-summary
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/check_log_summary_checks.cmake)
set_tests_properties(fuzz.check_log_summary PROPERTIES LABELS unit TIMEOUT 60)
