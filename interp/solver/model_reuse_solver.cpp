// Answering sat by evaluating the formulas under the last model (model_reuse_solver.hpp; §2).
#include "interp/solver/model_reuse_solver.hpp"

#include "semantics/faults.hpp"

namespace symref::solver {

std::optional<SatResult> ModelReuseSolver::shortcut(std::span<const Term> formulas) {
  if (last_model_ == nullptr) return std::nullopt;
  // The planted fault leaves out the newest formula, the branch condition the model was never
  // tried on.
  const std::size_t checked = fault_active(Fault::ModelReuseSkipsNewest) && !formulas.empty() ? formulas.size() - 1 : formulas.size();
  try {
    for (std::size_t k = 0; k < checked; ++k)
      if (!last_model_->evaluate(formulas[k]).as_boolean()) return std::nullopt;
  } catch (const terms::NotEvaluable&) {
    return std::nullopt;  // a quantifier the evaluator cannot enumerate: ask the solver
  }
  return answer_sat(last_model_);
}

void ModelReuseSolver::learn(std::span<const Term> formulas, SatResult result) {
  if (result == SatResult::Sat) last_model_ = capture_model(formulas);
}

}  // namespace symref::solver
