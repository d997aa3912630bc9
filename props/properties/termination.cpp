// termination (Anand, Godefroid, Tillmann §4.3, Termination): with finitely many paths at the
// loop bound K and every query answered, Algorithm 1 ends within 1 + (nodes created) executions.
//
// The measure behind the theorem is the set of open (dangling) nodes: every iteration closes one,
// by covering it or by RemoveDanglingNode, and a closed node never reopens.  So besides the bound
// itself the property checks the step that makes it hold: no model-driven execution is aimed at
// a node that an earlier execution had already covered.  Runs with an unknown answer are counted,
// not judged (the theorem assumes every query answered; paper-notes/001).
#include <string>

#include "engines/compositional/compositional_report.hpp"
#include "props/properties.hpp"
#include "props/properties/compositional_run.hpp"
#include "props/value_text.hpp"

namespace symref::props {

PropertyVerdict check_termination(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& forward = workspace.forward_exploration();
  if (forward.statistics.truncated || forward.statistics.unknown > 0) {  // finitely many paths, all decided
    ++verdict.skipped;
    return verdict;
  }
  const CompositionalRun& run = workspace.compositional_run();  // the case's one run of Algorithm 1
  if (run.result.statistics.unknown > 0) {
    ++verdict.unknown;
    return verdict;
  }
  const auto& trees = run.explorer->trees();
  for (const auto& execution : run.result.executions) {
    if (execution.target < 0) continue;
    ++verdict.checks;
    const auto& target = trees.node(execution.target);
    if (target.covered_by >= 0 && target.covered_by < execution.index) {
      verdict.fail("execution " + std::to_string(execution.index) + " (" + execution.origin + " step) was aimed at " +
                       compositional::node_name(*run.explorer, execution.target) + ", which execution " +
                       std::to_string(target.covered_by) + " had already covered: the open nodes did not shrink",
                   workspace.state_json(execution.input));
      return verdict;
    }
  }
  const std::size_t nodes = trees.nodes().size();
  const std::size_t executions = run.result.executions.size();
  ++verdict.checks;
  if (executions > 1 + nodes) {
    verdict.fail("Algorithm 1 ran " + std::to_string(executions) + " executions over " + std::to_string(nodes) +
                 " nodes created; Termination bounds them by 1 + " + std::to_string(nodes));
    return verdict;
  }
  if (run.result.statistics.truncated) ++verdict.skipped;  // stopped by the execution limit within the bound
  return verdict;
}

}  // namespace symref::props
