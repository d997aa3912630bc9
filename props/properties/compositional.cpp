// Properties of the compositional engine (Anand, Godefroid, Tillmann §4): compositional_outcomes,
// compositional_progress (the Progress theorem) and compositional_tests_replay.
//
// compositional_outcomes: at the same loop bound, with Algorithm 1 complete (no unknown, no
// execution limit), the executions end in exactly the outcomes of forward's feasible paths, and
// the covered nodes are exactly those on feasible forward paths: re-executing every forward test
// against the final trees covers nothing new, and no execution covers a node that an earlier
// query removed as unreachable (both: Relative Completeness).  Runs with unknowns are skipped and
// counted.
#include <set>

#include "engines/compositional/compositional_report.hpp"
#include "props/properties.hpp"
#include "props/properties/compositional_run.hpp"
#include "props/value_text.hpp"

namespace symref::props {

PropertyVerdict check_compositional_outcomes(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& forward = workspace.forward_exploration();
  if (forward.statistics.truncated || forward.statistics.unknown > 0) {
    ++verdict.skipped;
    return verdict;
  }
  // The case's one run of Algorithm 1, which compositional_progress, compositional_tests_replay,
  // termination, compositional_summaries_sound and axioms_agree read too: all of them check the compositional
  // engine, none compares it with another run of itself, so one run serves them all.  (Before, this
  // property made a second, identical run; it compares that run with forward's exploration, which
  // stays an independent computation.)
  CompositionalRun& run = workspace.compositional_run();
  if (!run.complete()) {
    ++verdict.unknown;
    return verdict;
  }
  // Relative Completeness: a node removed as unreachable is never covered by a later execution.
  for (const auto& execution : run.result.executions) {
    ++verdict.checks;
    if (!execution.unreachable_covered.empty()) {
      verdict.fail("execution " + std::to_string(execution.index) + " along " + path_name(execution.branches) + " covers " +
                       compositional::node_name(*run.explorer, execution.unreachable_covered.front()) +
                       ", which Algorithm 2 had removed as unreachable",
                   workspace.state_json(execution.input));
      return verdict;
    }
  }
  std::set<Outcome> forward_outcomes, compositional_outcomes;
  for (const ExploredPath& path : forward.paths)
    if (path.status == solver::SatResult::Sat) forward_outcomes.insert(path.outcome);
  for (const auto& execution : run.result.executions) compositional_outcomes.insert(execution.outcome);
  ++verdict.checks;
  if (forward_outcomes != compositional_outcomes) {
    auto names = [](const std::set<Outcome>& outcomes) {
      std::string text;
      for (Outcome o : outcomes) text += " " + std::string(outcome_name(o));
      return text;
    };
    verdict.fail("the compositional executions end in" + names(compositional_outcomes) + ", forward's feasible paths in" +
                 names(forward_outcomes));
    return verdict;
  }
  // Forward's tests run against a copy of the final trees, so that the shared run stays as
  // Algorithm 1 left it for the properties after this one (a test that covers a node would mark it).
  compositional::ExecutionTrees trees = run.explorer->trees();
  compositional::ConcolicExecutor executor(workspace.program(), run.terms, run.explorer->functions(), run.explorer->symbols(),
                                           trees, run.explorer->options().execute);
  for (const ExploredPath& path : forward.paths) {
    if (!path.test) continue;
    compositional::Execution execution;
    execution.index = static_cast<std::int32_t>(run.result.executions.size()) + 1;
    execution.input = *path.test;
    execution.origin = "check";
    executor.execute(execution);
    ++verdict.checks;
    if (!execution.covered.empty()) {
      std::string nodes;
      for (compositional::NodeId id : execution.covered)
        nodes += " " + compositional::node_name(*run.explorer, trees, id) + " (was " +
                 (trees.node(id).covered_by == execution.index ? "uncovered" : "?") + ")";
      verdict.fail("the test of forward path " + path_name(path.branches) + " reaches nodes that Algorithm 1 left uncovered:" + nodes,
                   workspace.state_json(*path.test));
      return verdict;
    }
  }
  return verdict;
}

// Progress (§4.3): every model-driven execution covers a dangling node, and an execution from a
// lazy-step model covers the node it was found for.
PropertyVerdict check_compositional_progress(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const CompositionalRun& run = workspace.compositional_run();
  if (run.result.statistics.unknown > 0) ++verdict.unknown;
  for (const auto& execution : run.result.executions) {
    if (execution.target < 0) continue;
    ++verdict.checks;
    const auto& target = run.explorer->trees().node(execution.target);
    const bool covers_target = target.covered_by == execution.index;
    if (execution.dangling_covered == 0 || (execution.origin == "lazy" && !covers_target)) {
      verdict.fail("execution " + std::to_string(execution.index) + " from a " + execution.origin + "-step model for " +
                       compositional::node_name(*run.explorer, execution.target) + " runs along " + path_name(execution.branches) +
                       (covers_target ? " and covers no dangling node" : " and misses its target"),
                   workspace.state_json(execution.input));
      return verdict;
    }
  }
  return verdict;
}

PropertyVerdict check_compositional_tests_replay(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const CompositionalRun& run = workspace.compositional_run();
  for (const auto& execution : run.result.executions) {
    ++verdict.checks;
    std::string replay = compositional::replay_execution(workspace.program(), execution);
    if (replay != "agrees") {
      verdict.fail("compositional execution " + std::to_string(execution.index) + " " + replay, workspace.state_json(execution.input));
      return verdict;
    }
  }
  return verdict;
}

}  // namespace symref::props
