# fuzz/summarize_check_log.sh: the summary of a small check log against its golden
# file (sums, the undecided checks by property and case, and the budget estimate, worked out by
# hand in check_log_sample.summary), and its errors.
# -DSCRIPT=fuzz/summarize_check_log.sh -DSAMPLE=check_log_sample.txt -DGOLDEN=check_log_sample.summary -DOUTPUT=dir
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)

expect_exit(0 ${SCRIPT} ${SAMPLE} --z3-budget 100000 --cvc5-budget 50000)
file(READ ${GOLDEN} golden)
if(NOT last_output STREQUAL golden)
  message(FATAL_ERROR "the summary of ${SAMPLE} differs from ${GOLDEN}:\n${last_output}")
endif()

# No budgets: no estimate.
expect_exit(0 ${SCRIPT} ${SAMPLE})
if(last_output MATCHES "budget")
  message(FATAL_ERROR "a summary without budgets estimated one:\n${last_output}")
endif()

# A log without check lines, a missing log, a budget that is no count: exit 1.
file(MAKE_DIRECTORY ${OUTPUT})
file(WRITE ${OUTPUT}/no-checks.txt "fuzz: seed 1, level 1\n")
expect_exit(1 ${SCRIPT} ${OUTPUT}/no-checks.txt)
expect_exit(1 ${SCRIPT} ${OUTPUT}/missing.txt)
expect_exit(1 ${SCRIPT} ${SAMPLE} --z3-budget lots)
expect_exit(1 ${SCRIPT} ${SAMPLE} --cvc5-budget)
