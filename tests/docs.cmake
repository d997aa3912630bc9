# The user's manual as tests (docs/README.md, "Examples in these pages are tests"): every `$ symref`
# line of README.md and docs/*.md is run and its output compared, every program block is checked,
# every JSON example validated against docs/schema/; `--help` of every command is compared with
# docs/cli.md; real JSON output is validated against the schemas.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  file(GLOB documentation_pages CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
  list(PREPEND documentation_pages ${PROJECT_SOURCE_DIR}/README.md)
  foreach(page ${documentation_pages})
    get_filename_component(stem ${page} NAME_WE)
    if(page STREQUAL "${PROJECT_SOURCE_DIR}/README.md")
      set(stem readme)
    elseif(page STREQUAL "${PROJECT_SOURCE_DIR}/docs/README.md")
      set(stem index)
    endif()
    add_test(NAME docs.examples.${stem}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/docs/run_examples.py
                     $<TARGET_FILE:symref> ${PROJECT_SOURCE_DIR} ${page})
    set_tests_properties(docs.examples.${stem} PROPERTIES LABELS docs TIMEOUT 600)
  endforeach()
  # The pages show at least 60 commands, counted with the parser the runs above use.
  add_test(NAME docs.command_count
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/docs/count_examples.py 60 ${documentation_pages})
  set_tests_properties(docs.command_count PROPERTIES LABELS docs)
  # The runner itself can fail: it fails pages with drifted output, exit code, program or JSON.
  add_test(NAME docs.runner_catches_drift
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/docs/runner_catches_drift.sh ${Python3_EXECUTABLE}
                   $<TARGET_FILE:symref> ${PROJECT_SOURCE_DIR})
  set_tests_properties(docs.runner_catches_drift PROPERTIES LABELS docs)
  add_test(NAME docs.help_matches_cli
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/docs/check_help.py
                   $<TARGET_FILE:symref> ${PROJECT_SOURCE_DIR}/docs/cli.md)
  set_tests_properties(docs.help_matches_cli PROPERTIES LABELS docs)
  add_test(NAME docs.schemas_accept_real_output
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/docs/validate_outputs.py
                   $<TARGET_FILE:symref> ${PROJECT_SOURCE_DIR})
  set_tests_properties(docs.schemas_accept_real_output PROPERTIES LABELS docs TIMEOUT 600)
else()
  message(WARNING "python3 not found: the docs tests are not registered")
endif()
