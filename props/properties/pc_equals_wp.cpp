// Property `pc_equals_wp`: §4 against §2–§3 and §4.1, forward φ ⇔ path(ρ) on every path.
//
// Property `pc_equals_wp` — §4 against §2–§3 and §4.1: for every path of the trace engine, the
// forward engine's path condition φ and the weakest precondition path(ρ) of its trace are proved
// equivalent by the solver, and the test generated from path(ρ) replays concretely and along ρ.
#include "props/properties.hpp"
#include "props/value_text.hpp"

namespace symref::props {

PropertyVerdict check_pc_equals_wp(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& result = workspace.trace_exploration();
  for (const ExploredPath& path : result.paths) {
    if (path.status == solver::SatResult::Unknown || path.agreement == "unknown") {
      ++verdict.unknown;
      continue;
    }
    if (path.status != solver::SatResult::Sat) continue;
    if (path.agreement == "refuted") {
      verdict.fail("forward φ and path(ρ) differ on path " + path_name(path.branches) + " (" + std::string(outcome_name(path.outcome)) +
                       "); the input shows it",
                   path.separating_input ? std::optional(workspace.state_json(*path.separating_input)) : std::nullopt);
      return verdict;
    }
    if (path.agreement == "proved") ++verdict.checks;
    if (path.replay) {
      ++verdict.checks;
      if (!path.replay->agrees) {
        verdict.fail("the trace engine's test of path " + path_name(path.branches) + " does not replay: " + path.replay->details,
                     workspace.state_json(*path.test));
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
