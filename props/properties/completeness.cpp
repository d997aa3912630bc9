// Property `completeness`: Theorems 2.4/3.6, every concrete run simulated step by step.
//
// Property `completeness` — Theorems 2.4/3.6: every concrete run from a random input is simulated
// step by step by the forward symbolic system: the same rule with the same branch letters, V0 ⊨ φ,
// and every closure's locals, the globals and the heap are V0∘τ and V0∘σ (interp/lockstep).
#include "interp/lockstep/lockstep.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"

namespace symref::props {

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
  }
  return verdict;
}

}  // namespace symref::props
