// Property `apc_necessary` (Strejček & Trtík, Theorem 1): every input whose concrete run fails
// the target assert satisfies apc — apc with the input substituted is never unsat, and neither
// is the unfolded apc^K (§6), which apc implies.
#include "engines/apc/unfolding.hpp"
#include "props/apc_subject.hpp"
#include "props/properties.hpp"

namespace symref::props {

PropertyVerdict check_apc_necessary(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  auto analysis = apc_for_first_assert(workspace);
  if (!analysis) {
    ++verdict.skipped;
    return verdict;
  }
  const Program& program = workspace.program();
  SourceLocation target = analysis->flowgraph().target_location;
  // The case's own inputs, and the tests of the forward leaves that fail an assert.
  std::vector<GlobalState> inputs = workspace.inputs();
  for (const ExploredPath& path : workspace.forward_exploration().paths)
    if (path.outcome == Outcome::AssertionFailure && path.test) inputs.push_back(*path.test);
  for (const GlobalState& input : inputs) {
    if (!apc::fails_target(program, input, target)) continue;
    terms::Term pinned = apc::input_condition(workspace.terms(), program, input);
    for (auto [name, condition] : {std::pair{"apc", analysis->apc()}, std::pair{"apc^K", analysis->unfolded_apc()}}) {
      ++verdict.checks;
      if (definitely_unsat(workspace, workspace.terms().logical_and(condition, pinned), verdict.unknown)) {
        verdict.fail(std::string(name) + " for the assert at line " + std::to_string(target.line) +
                         " is unsat under an input whose concrete run fails that assert",
                     workspace.state_json(input));
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
