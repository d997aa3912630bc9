// Property `compact_tests_replay`: Trtík Theorem 2 for one valuation, checked outside the compact engine.
//
// Each feasible compact leaf (engines/compact) carries a test built from a model of its path
// condition, and the model's value of every parameter κ.  Run concretely, the test must take the
// leaf's branch string expanded under those κ (each {ID#N} becomes the cycle ν(κ) times, then
// exit N) and end in the leaf's outcome.  Leaves cut by a bound are skipped.
#include "props/compact_checks.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"
#include "semantics/concrete/machine.hpp"

namespace symref::props {

PropertyVerdict check_compact_tests_replay(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const compact::CompactResult& result = workspace.compact_exploration_with_tests();
  for (const compact::CompactPath& leaf : result.paths) {
    if (leaf.status == solver::SatResult::Unknown) ++verdict.unknown;
    if (leaf.status != solver::SatResult::Sat || !leaf.test) continue;
    if (leaf.outcome == Outcome::Bound) {
      ++verdict.skipped;
      continue;
    }
    // κ may stand for many passes (a model may give 2^62): past the replay budget the leaf is skipped.
    if (compact::expansion_length(leaf, result.templates, leaf.kappa) > compact::kMaxReplayLetters) {
      ++verdict.skipped;
      continue;
    }
    ConcreteMachine machine(workspace.program(), *leaf.test);
    RunLimits limits;
    limits.max_steps = compact::kMaxReplaySteps;
    machine.run(limits);
    if (machine.outcome() == Outcome::Bound) {
      ++verdict.skipped;
      continue;
    }
    ++verdict.checks;
    std::string expected = compact::expand_branches(leaf, result.templates, leaf.kappa);
    if (machine.branches() != expected || machine.outcome() != leaf.outcome) {
      verdict.fail("the test of compact leaf " + path_name(leaf.branches) + " (" + std::string(outcome_name(leaf.outcome)) +
                       ") should run along " + path_name(expected) + " but runs concretely along " +
                       path_name(machine.branches()) + " to " + std::string(outcome_name(machine.outcome())),
                   workspace.state_json(*leaf.test));
      return verdict;
    }
  }
  return verdict;
}

}  // namespace symref::props
