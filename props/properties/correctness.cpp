// Property `correctness`: Theorems 2.3/3.5, every input satisfying φ runs along the path to V0∘σ.
//
// Property `correctness` — Theorems 2.3/3.5: for every feasible leaf ⟨Δ, σ, φ⟩ of the forward tree
// and every input V0 with V0(φ) = true, the concrete run from V0 takes the leaf's steps, branch
// string and outcome and ends in V0∘σ.  Checked for the model the solver gave (the explorer's
// replay) and for every random input of the test case that satisfies φ.
#include "interp/explore/replay.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"
#include "semantics/symbolic/state_valuation.hpp"

namespace symref::props {

PropertyVerdict check_correctness(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& result = workspace.forward_exploration();
  const Program& program = workspace.program();
  const auto& inputs = workspace.inputs();
  for (const ExploredPath& path : result.paths) {
    if (path.status == solver::SatResult::Unknown) {
      ++verdict.unknown;
      continue;
    }
    if (path.status != solver::SatResult::Sat) continue;
    if (path.replay) {
      ++verdict.checks;
      if (!path.replay->agrees) {
        verdict.fail("Theorem 2.3/3.5 fails for the solver's model of path " + path_name(path.branches) + " (" +
                         std::string(outcome_name(path.outcome)) + "): " + path.replay->details,
                     workspace.state_json(*path.test));
        return verdict;
      }
    }
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      InitialStateValuation initial(program, inputs[i]);
      if (!terms::evaluate(path.path_condition, initial).as_boolean()) continue;
      ++verdict.checks;
      ReplayVerdict replay = replay_path(program, workspace.terms(), path.final_configuration, inputs[i]);
      if (!replay.agrees) {
        verdict.fail("Theorem 2.3/3.5 fails for input " + std::to_string(i + 1) + ", which satisfies the path condition of " +
                         path_name(path.branches) + " (" + std::string(outcome_name(path.outcome)) + "): " + replay.details,
                     workspace.state_json(inputs[i]));
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
