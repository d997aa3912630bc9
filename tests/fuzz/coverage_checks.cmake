# `symref fuzz --coverage` on the command line: the engines' rules in the text summary and in
# --format json, and fuzz-merge summing the shards' coverage (docs/cli.md, docs/guide-campaigns.md).
include(${CMAKE_CURRENT_LIST_DIR}/expect_exit.cmake)
file(REMOVE_RECURSE ${OUTPUT})
set(campaign ${SYMREF} fuzz --seed 1 --count 10 --level 1 --quiet)

expect_exit(0 ${campaign} --coverage)
foreach(expected "engine coverage: how often each rule applied on the programs checked \\(0: never\\)\n"
                 "\nforward \\(forward symbolic execution[^\n]*\\): [0-9]+ of 21 rules applied\n"
                 "\n  symbolic_iteration_enter +[1-9][0-9]*\n"
                 "\n  symbolic_method_call +0  needs level-3 programs\n"
                 "\napc \\([^\n]*\\): [0-9]+ of [0-9]+ rules applied\n"
                 "\nheap \\([^\n]*\\): not run, none of the campaign's properties ran it on these level-1 programs\n")
  if(NOT last_output MATCHES "${expected}")
    message(FATAL_ERROR "fuzz --coverage does not print `${expected}`:\n${last_output}")
  endif()
endforeach()
expect_exit(0 ${campaign})
if(last_output MATCHES "engine coverage")
  message(FATAL_ERROR "fuzz without --coverage reports coverage:\n${last_output}")
endif()

# --format json: the document is all of standard output, with every engine's table.
expect_exit(0 ${campaign} --coverage --format json)
string(JSON engines LENGTH "${last_output}" coverage)
string(JSON first GET "${last_output}" coverage 0 engine)
string(JSON rule GET "${last_output}" coverage 0 rules 0 name)
string(JSON cases GET "${last_output}" cases)
if(NOT engines EQUAL 6 OR NOT first STREQUAL "forward" OR NOT rule STREQUAL "symbolic_assignment_global" OR NOT cases EQUAL 10)
  message(FATAL_ERROR "fuzz --coverage --format json: ${engines} engines, the first ${first}, its first rule ${rule}, ${cases} cases:\n${last_output}")
endif()
expect_exit(0 ${campaign} --format json)
string(JSON missing ERROR_VARIABLE no_coverage GET "${last_output}" coverage)
if(NOT no_coverage)
  message(FATAL_ERROR "fuzz --format json without --coverage has a coverage member:\n${last_output}")
endif()

# Shards: fuzz-merge sums their coverage into the unsharded campaign's report; shards of which
# only some counted cannot be summed.
foreach(index 0 1)
  expect_exit(0 ${campaign} --coverage --no-timings --shard ${index}/2 --out ${OUTPUT}/counted)
endforeach()
# The report from its first line to the end of the output.
function(coverage_part output result)
  string(FIND "${output}" "engine coverage:" start)
  if(start LESS 0)
    message(FATAL_ERROR "no coverage report in:\n${output}")
  endif()
  string(SUBSTRING "${output}" ${start} -1 part)
  set(${result} "${part}" PARENT_SCOPE)
endfunction()
expect_exit(0 ${SYMREF} fuzz-merge ${OUTPUT}/counted --no-timings)
coverage_part("${last_output}" merged)
expect_exit(0 ${campaign} --coverage --no-timings)
coverage_part("${last_output}" whole)
if(NOT merged STREQUAL whole)
  message(FATAL_ERROR "fuzz-merge of two counted shards differs from the whole campaign:\n${merged}\n---\n${whole}")
endif()
expect_exit(0 ${campaign} --shard 1/2 --out ${OUTPUT}/mixed)
file(COPY ${OUTPUT}/counted/shard-0-of-2.json DESTINATION ${OUTPUT}/mixed)
expect_exit(1 ${SYMREF} fuzz-merge ${OUTPUT}/mixed)
if(NOT last_error MATCHES "1 of the 2 shards were run with --coverage")
  message(FATAL_ERROR "fuzz-merge of shards with and without coverage says:\n${last_error}")
endif()
