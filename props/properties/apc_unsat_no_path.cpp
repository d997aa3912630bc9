// Property `apc_unsat_no_path` (Strejček & Trtík, Theorem 1 against the forward engine): when apc
// or apc^K is unsat, the forward tree (up to its loop bound) has no feasible leaf whose test
// fails the target assert.
#include "props/apc_subject.hpp"
#include "props/properties.hpp"

namespace symref::props {

PropertyVerdict check_apc_unsat_no_path(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  auto analysis = apc_for_first_assert(workspace);
  if (!analysis) {
    ++verdict.skipped;
    return verdict;
  }
  ++verdict.checks;
  bool unsat = definitely_unsat(workspace, analysis->unfolded_apc(), verdict.unknown) ||
               definitely_unsat(workspace, analysis->apc(), verdict.unknown);
  if (!unsat) return verdict;
  SourceLocation target = analysis->flowgraph().target_location;
  for (const ExploredPath& path : workspace.forward_exploration().paths) {
    if (path.outcome != Outcome::AssertionFailure || !path.test) continue;
    if (!apc::fails_target(workspace.program(), *path.test, target)) continue;
    verdict.fail("apc for the assert at line " + std::to_string(target.line) + " is unsat, but the forward path " +
                     path.branches + " fails it",
                 workspace.state_json(*path.test));
    return verdict;
  }
  return verdict;
}

}  // namespace symref::props
