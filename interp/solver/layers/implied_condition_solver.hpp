// A solver layer skipping the query when the newest scope's formulas are syntactically decided by
// the formulas below them (§2: a branch condition b already a conjunct of φ, or its negation).
//
// Decided means: each new formula is `true`, a formula below, or a conjunct of a conjunction below
// — then the answer is that of the formulas below, known when they were part of the last sat
// query — or one new formula is `false` or the negation of a formula below (either way round),
// which makes the query unsat.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/solver/layers/shortcut_solver.hpp"

namespace symref::solver {

class ImpliedConditionSolver final : public ShortcutSolver {
 public:
  using ShortcutSolver::ShortcutSolver;

 protected:
  std::optional<SatResult> shortcut(std::span<const Term> formulas) override;
  void learn(std::span<const Term> formulas, SatResult result) override;

 private:
  std::vector<std::uint32_t> last_sat_;  // formula_set of the last sat query
  std::shared_ptr<const Model> last_model_;
};

}  // namespace symref::solver
