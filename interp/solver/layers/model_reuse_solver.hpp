// A solver layer trying the last model first (KLEE and its successors reuse the parent's model;
// §2 Theorem 2.3: V(φ) = true): when it satisfies every formula in scope — often so for one of a
// fork's two branches — the answer is sat without the solver below.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "interp/solver/layers/shortcut_solver.hpp"
#include "semantics/terms/evaluator.hpp"

namespace symref::solver {

class ModelReuseSolver final : public ShortcutSolver {
 public:
  using ShortcutSolver::ShortcutSolver;

 protected:
  std::optional<SatResult> shortcut(std::span<const Term> formulas) override;
  void learn(std::span<const Term> formulas, SatResult result) override;

 private:
  std::shared_ptr<const Model> last_model_;
  std::optional<terms::TermEvaluator> evaluator_;  // rebound to last_model_ at each shortcut
  std::vector<Term> known_true_;                   // formulas an earlier shortcut found true under last_model_
};

}  // namespace symref::solver
