// Answering sat by evaluating the formulas under the last model (model_reuse_solver.hpp; §2).
#include "interp/solver/layers/model_reuse_solver.hpp"

#include "semantics/faults.hpp"

namespace symref::solver {

std::optional<SatResult> ModelReuseSolver::shortcut(std::span<const Term> formulas) {
  if (last_model_ == nullptr) return std::nullopt;
  // The planted fault leaves out the newest formula, the branch condition the model was never
  // tried on.
  const std::size_t checked = fault_active(Fault::ModelReuseSkipsNewest) && !formulas.empty() ? formulas.size() - 1 : formulas.size();
  // The formulas in scope that an earlier call found true under this same model are true still:
  // only those past the prefix they share with `formulas` are evaluated (in a depth-first
  // exploration, the newest branch condition alone).
  std::size_t known = 0;
  while (known < known_true_.size() && known < checked && known_true_[known] == formulas[known]) ++known;
  // One evaluator for all the formulas, kept from call to call: the formulas share subterms, and
  // a fresh evaluator per formula made and swept its tables every time.
  terms::TermEvaluator& evaluator = terms::evaluator_in(evaluator_, *last_model_);
  std::size_t true_up_to = known;  // formulas[0, true_up_to) hold under the model
  try {
    while (true_up_to < checked && evaluator.evaluate_boolean(formulas[true_up_to])) ++true_up_to;
  } catch (const terms::NotEvaluable&) {
    // a quantifier the evaluator cannot enumerate: the solver decides
  }
  known_true_.assign(formulas.begin(), formulas.begin() + static_cast<std::ptrdiff_t>(true_up_to));
  if (true_up_to < checked) return std::nullopt;
  return answer_sat(last_model_);
}

void ModelReuseSolver::learn(std::span<const Term> formulas, SatResult result) {
  if (result != SatResult::Sat) return;
  last_model_ = capture_model(formulas);
  known_true_.clear();  // a new model: each formula is evaluated under it before it is trusted
}

}  // namespace symref::solver
