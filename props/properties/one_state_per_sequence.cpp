// Property `one_state_per_sequence` (heap draft, Corollary 8): heap summaries give exactly one
// feasible leaf per control-flow sequence; lazy initialization at least as many leaves and forks.
#include <map>

#include "props/properties.hpp"
#include "props/value_text.hpp"

namespace symref::props {

PropertyVerdict check_one_state_per_sequence(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& summary = workspace.heap_exploration("summary");
  const ExplorationResult& lazy = workspace.heap_exploration("lazy");
  bool cut = false;
  for (const auto& path : summary.paths) cut |= path.final_configuration.bound_reason.starts_with("heap summary");
  if (cut || summary.statistics.truncated || summary.statistics.unknown > 0) {
    ++verdict.skipped;
    return verdict;
  }
  std::map<std::pair<std::string, Outcome>, int> leaves;
  for (const auto& path : summary.paths)
    if (path.status == solver::SatResult::Sat && ++leaves[{path.branches, path.outcome}] > 1) {
      verdict.fail("--heap summary has two feasible leaves with the sequence " + path_name(path.branches) + " (" +
                   std::string(outcome_name(path.outcome)) + ")");
      return verdict;
    }
  ++verdict.checks;
  if (lazy.statistics.truncated || lazy.statistics.unknown > 0) {
    ++verdict.skipped;
    return verdict;
  }
  // forks = feasible leaves − 1 in both, so comparing leaves compares forks too.
  if (lazy.statistics.feasible < summary.statistics.feasible) {
    verdict.fail("--heap lazy has " + std::to_string(lazy.statistics.feasible) + " feasible leaves, fewer than summary's " +
                 std::to_string(summary.statistics.feasible));
    return verdict;
  }
  ++verdict.checks;
  return verdict;
}

}  // namespace symref::props
