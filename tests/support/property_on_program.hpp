// Test support: a property's own check (props/) run on a hand-written program file instead of a
// generated case, from the all-default input (engine tests use it on their corpus programs).
#pragma once

#include <fstream>
#include <sstream>
#include <string>

#include "props/case_workspace.hpp"
#include "props/properties.hpp"
#include "semantics/concrete/state.hpp"

namespace symref::testing {

inline props::PropertyVerdict check_on_program_file(props::PropertyVerdict (*check)(props::CaseWorkspace&),
                                                    const std::string& path,
                                                    const props::PropertySettings& settings = {}) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  props::TestCase unused;
  props::CaseWorkspace workspace(unused, settings);
  workspace.use_program_text(text.str());
  workspace.use_inputs({default_global_state(workspace.program())});
  return check(workspace);
}

}  // namespace symref::testing
