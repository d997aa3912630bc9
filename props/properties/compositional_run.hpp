// One run of the compositional engine (Anand, Godefroid, Tillmann §4.1, Algorithm 1) on a test
// case, shared by the properties of that engine.
#pragma once

#include <memory>

#include "engines/compositional/compositional_explorer.hpp"
#include "props/case_workspace.hpp"

namespace symref::props {

struct CompositionalRun {
  terms::TermManager terms;
  std::unique_ptr<compositional::CompositionalExplorer> explorer;
  compositional::CompositionalResult result;

  explicit CompositionalRun(CaseWorkspace& workspace, std::uint64_t max_executions = 200) : terms(&workspace.program()) {
    const PropertySettings& settings = workspace.settings();
    compositional::CompositionalOptions options;
    options.execute.limits.loop_bound = settings.loop_bound;
    options.execute.max_steps = settings.max_path_steps;
    options.solving = settings.solver_options();
    options.max_executions = max_executions;
    options.initial = workspace.inputs().front();
    options.session = &workspace.solver_session();
    options.coverage = workspace.rule_tally("compositional");
    explorer = std::make_unique<compositional::CompositionalExplorer>(workspace.program(), terms, options);
    result = explorer->explore();
  }
  bool complete() const {
    return result.statistics.unknown == 0 && result.statistics.no_progress == 0 && !result.statistics.truncated;
  }
};

}  // namespace symref::props
