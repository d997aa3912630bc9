// Property `guided_search_complete` (Strejček & Trtík §7): the forward search pruned by apc finds
// an input failing the first assert whenever the unpruned forward search finds one within the
// same loop bound (pruning only drops states that cannot reach the target, by Theorem 1).  A
// pruned search that found nothing after the solver left some branch undecided is unknown.
#include "props/apc_subject.hpp"
#include "props/properties.hpp"

namespace symref::props {

PropertyVerdict check_guided_search_complete(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.program();
  std::vector<SourceLocation> asserts = apc::assert_locations(program);
  // The unpruned search first: without a failing leaf there is nothing to find, and no apc to build.
  const ExploredPath* unpruned = nullptr;
  if (!asserts.empty())
    for (const ExploredPath& path : workspace.forward_exploration().paths)
      if (path.outcome == Outcome::AssertionFailure && path.test && apc::fails_target(program, *path.test, asserts.front())) {
        unpruned = &path;
        break;
      }
  auto analysis = unpruned != nullptr ? apc_for_assert(workspace, asserts.front()) : nullptr;
  if (!analysis) {
    ++verdict.skipped;
    return verdict;
  }
  SourceLocation target = asserts.front();
  const bool found = analysis->guided_search(workspace.settings().loop_bound).has_value();
  // Undecided branches stop the search there: without a witness it proved nothing either way.
  if (!found && analysis->search_statistics().unknown_leaves > 0) {
    ++verdict.unknown;
    return verdict;
  }
  ++verdict.checks;
  if (found) return verdict;
  verdict.fail("the forward path " + unpruned->branches + " fails the assert at line " + std::to_string(target.line) +
                   ", but the search pruned by apc with the same loop bound finds no failing input",
               workspace.state_json(*unpruned->test));
  return verdict;
}

}  // namespace symref::props
