// Property `completeness`: Theorems 2.4/3.6, every concrete run simulated step by step.
//
// Property `completeness` — Theorems 2.4/3.6: every concrete run from a random input is simulated
// step by step by the forward symbolic system: the same rule with the same branch letters, V0 ⊨ φ,
// and every closure's locals, the globals and the heap are V0∘τ and V0∘σ (interp/lockstep).
// Then the same for the explored tree, whose branches the solver stack decides: the leaf the run
// passes through must not be pruned, since the run is a witness that its path condition holds.
// (The lockstep alone never asks a solver, so a wrongly pruned branch would escape it.)
#include "interp/lockstep/lockstep.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"
#include "semantics/symbolic/state_valuation.hpp"

namespace symref::props {

namespace {

// A pruned leaf of `tree` the run from `input` passes through: its branch string begins the run's
// and the input satisfies its path condition.  (Branch strings alone are not enough: the two error
// sides of one statement, say a nil receiver and an index out of bounds, share the letters DE.)
const ExploredPath* pruned_leaf_on_run(const Program& program, const ExplorationResult& tree, const GlobalState& input,
                                       const std::string& run_branches) {
  InitialStateValuation initial(program, input);
  for (const ExploredPath& leaf : tree.paths)
    if (leaf.status == solver::SatResult::Unsat && leaf.path_condition != nullptr && run_branches.starts_with(leaf.branches) &&
        terms::evaluate(leaf.path_condition, initial).as_boolean())
      return &leaf;
  return nullptr;
}

}  // namespace

PropertyVerdict check_completeness(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const auto& inputs = workspace.inputs();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    Lockstep lockstep(workspace.program(), workspace.terms(), inputs[i]);
    for (std::uint64_t n = 0; n < workspace.settings().max_run_steps; ++n) {
      std::optional<LockstepStep> step = lockstep.step();
      if (!step) break;
      ++verdict.checks;
      if (!step->ok()) {
        verdict.fail("Theorem 2.4/3.6 fails on input " + std::to_string(i + 1) + " at step " + std::to_string(step->index) +
                         " (" + step->position + ", " + concrete_rule_name(step->concrete_rule) + ", branches " +
                         path_name(lockstep.concrete().branches()) + "): " + step->difference,
                     workspace.state_json(inputs[i]));
        return verdict;
      }
    }
    if (const ExploredPath* pruned = pruned_leaf_on_run(workspace.program(), workspace.forward_exploration(), inputs[i],
                                                         lockstep.concrete().branches())) {
      verdict.fail("Theorem 2.4 fails for the explored tree on input " + std::to_string(i + 1) + ": its run (branches " +
                       path_name(lockstep.concrete().branches()) + ") passes through the leaf " + path_name(pruned->branches) +
                       ", whose path condition it satisfies, but which was pruned as infeasible",
                   workspace.state_json(inputs[i]));
      return verdict;
    }
    ++verdict.checks;
  }
  return verdict;
}

}  // namespace symref::props
