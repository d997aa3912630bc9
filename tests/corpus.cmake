# The golden corpus: every corpus/**/NAME.sym with a NAME.run.json beside it is one ctest
# (corpus.run.*), and with a NAME.explore.json beside it one more (corpus.explore.*).
add_executable(corpus_runner ${CMAKE_CURRENT_SOURCE_DIR}/corpus/corpus_runner.cpp)
target_link_libraries(corpus_runner PRIVATE symref_interp)

file(GLOB_RECURSE corpus_programs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/corpus/*.sym)
foreach(program ${corpus_programs})
  get_filename_component(directory ${program} DIRECTORY)
  get_filename_component(stem ${program} NAME_WE)
  file(RELATIVE_PATH relative ${PROJECT_SOURCE_DIR}/corpus ${directory})
  if(EXISTS ${directory}/${stem}.run.json)
    add_test(NAME corpus.run.${relative}.${stem} COMMAND corpus_runner run ${program})
    set_tests_properties(corpus.run.${relative}.${stem} PROPERTIES LABELS corpus)
  endif()
  # Re-run CMake when an expectation file appears (the glob above only watches the programs).
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${directory})
  if(EXISTS ${directory}/${stem}.explore.json)
    add_test(NAME corpus.explore.${relative}.${stem} COMMAND corpus_runner explore ${program})
    set_tests_properties(corpus.explore.${relative}.${stem} PROPERTIES LABELS corpus TIMEOUT 60)
  endif()
endforeach()
