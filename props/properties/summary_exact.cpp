// Property `summary_exact` (heap draft, Theorem 6 with Defs. 15–18): per control-flow sequence, the
// concretizations of the summary leaf are exactly the input heaps of the lazy leaves, and each replays.
//
// A lazy leaf's path condition fixes its input graph (its heap choices are equalities over the
// input references, which both modes name alike, paper-notes/004), so "the same graphs up to
// isomorphism" is checked on input sets: every lazy leaf's φ_i implies the summary leaf's φ_s, and
// φ_s implies the disjunction of the φ_i.  A model of φ_s ∧ φ_i — one concretization per graph —
// gives a test that must run along the sequence.  Graphs are not compared node by node: summary
// initializes a slot for every target of a read (θ_orig is empty, paper-notes/004), so its set of
// initialized slots is larger than the lazy leaf's while the input sets agree.
#include <map>

#include "interp/explore/replay.hpp"
#include "interp/explore/test_generation.hpp"
#include "interp/solver/solver.hpp"
#include "props/properties.hpp"
#include "props/satisfiability_check.hpp"
#include "props/value_text.hpp"
#include "semantics/concrete/machine.hpp"

namespace symref::props {

namespace {
constexpr std::size_t kConcretizations = 64;  // the cap on concretizations per case
}

PropertyVerdict check_summary_exact(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& summary = workspace.heap_exploration("summary");
  const ExplorationResult& lazy = workspace.heap_exploration("lazy");
  auto cut = [](const ExplorationResult& result) {
    for (const auto& path : result.paths)
      if (path.final_configuration.bound_reason.starts_with("heap summary") || path.status == solver::SatResult::Unknown) return true;
    return result.statistics.truncated;
  };
  if (cut(summary) || cut(lazy)) {
    ++verdict.skipped;
    return verdict;
  }
  using Sequence = std::pair<std::string, Outcome>;
  std::map<Sequence, const ExploredPath*> summary_leaf;
  std::map<Sequence, std::vector<const ExploredPath*>> lazy_leaves;
  for (const auto& path : summary.paths)
    if (path.status == solver::SatResult::Sat && path.path_condition != nullptr) summary_leaf.emplace(Sequence{path.branches, path.outcome}, &path);
  for (const auto& path : lazy.paths)
    if (path.status == solver::SatResult::Sat && path.path_condition != nullptr) lazy_leaves[{path.branches, path.outcome}].push_back(&path);

  terms::TermManager& terms = workspace.terms();
  SatisfiabilityCheck check(workspace, verdict);
  solver::Solver& sat_solver = check.solver();
  auto refuted = [&](const std::vector<terms::Term>& conjuncts, const std::string& message) {
    return check.refuted(conjuncts, message);
  };

  std::size_t concretizations = 0;
  for (const auto& [sequence, leaves] : lazy_leaves) {
    const std::string where = path_name(sequence.first) + " (" + std::string(outcome_name(sequence.second)) + ")";
    auto found = summary_leaf.find(sequence);
    terms::Term summary_condition = found == summary_leaf.end() ? terms.false_term() : found->second->path_condition;
    std::vector<terms::Term> lazy_conditions;
    for (const ExploredPath* leaf : leaves) {
      lazy_conditions.push_back(leaf->path_condition);
      if (++concretizations > kConcretizations) return verdict;
      // Def. 18 ⟸: the lazy leaf's heap is a concretization of the summary leaf.
      if (!refuted({leaf->path_condition, terms.logical_not(summary_condition)},
                   "an input of a lazy leaf of " + where + " is not a concretization of the summary leaf"))
        return verdict;
      // One concretization of this graph: a model of φ_s ∧ φ_i, whose test must follow the sequence.
      sat_solver.push();
      sat_solver.add(summary_condition);
      sat_solver.add(leaf->path_condition);
      const solver::SatResult answer = sat_solver.check();
      std::optional<GlobalState> input;
      std::string reason;
      if (answer == solver::SatResult::Sat) input = input_from_model(workspace.program(), terms, *sat_solver.model(), TestGenerationLimits{}, reason);
      sat_solver.pop();
      if (answer == solver::SatResult::Unknown) ++verdict.unknown;
      if (!input) continue;  // unsat is refuted above; a model too large for a test is no verdict
      ConcreteMachine machine(workspace.program(), *input);
      machine.run(replay_limits(found->second->final_configuration));
      ++verdict.checks;
      if (machine.branches() != sequence.first || machine.outcome() != sequence.second) {
        verdict.fail("a concretization of the summary leaf of " + where + " runs along " + path_name(machine.branches()) +
                         " to " + std::string(outcome_name(machine.outcome())),
                     workspace.state_json(*input));
        return verdict;
      }
    }
    // Def. 18 ⟹: every concretization of the summary leaf is some lazy leaf's heap.
    if (found != summary_leaf.end() &&
        !refuted({summary_condition, terms.logical_not(terms.logical_or(lazy_conditions))},
                 "a concretization of the summary leaf of " + where + " is no lazy leaf's input heap"))
      return verdict;
  }
  for (const auto& [sequence, leaf] : summary_leaf)
    if (!lazy_leaves.contains(sequence) &&
        !refuted({leaf->path_condition}, "the summary leaf of " + path_name(sequence.first) + " has concretizations but no lazy leaf"))
      return verdict;
  return verdict;
}

}  // namespace symref::props
