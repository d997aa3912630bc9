# The programs of paper-notes/ that show where symref departs from paper 003: each explores
# cleanly, and the one for §4's `this` substitution fails the pc = wp check when the paper's rule
# is planted (exit code 3).
file(GLOB paper_programs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/paper-notes/programs/*.sym)
foreach(program ${paper_programs})
  get_filename_component(stem ${program} NAME_WE)
  add_test(NAME paper_notes.${stem} COMMAND symref explore ${program} --engine trace --loop-bound 2)
  set_tests_properties(paper_notes.${stem} PROPERTIES LABELS paper)
endforeach()
add_test(NAME paper_notes.this_by_name_refuted
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit.sh 3 $<TARGET_FILE:symref> explore
                 ${PROJECT_SOURCE_DIR}/paper-notes/programs/this_by_name.sym --engine trace --inject-fault this-by-name)
set_tests_properties(paper_notes.this_by_name_refuted PROPERTIES LABELS paper)
