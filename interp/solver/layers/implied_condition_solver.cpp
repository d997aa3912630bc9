// Deciding the newest scope syntactically from the formulas below it (implied_condition_solver.hpp; §2).
#include "interp/solver/layers/implied_condition_solver.hpp"

#include <algorithm>
#include <unordered_set>

#include "interp/solver/layers/counterexample_cache_solver.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::solver {


std::optional<SatResult> ImpliedConditionSolver::shortcut(std::span<const Term> formulas) {
  const std::size_t start = scope_start();
  if (start == 0 || start == formulas.size()) return std::nullopt;  // nothing below, or nothing new
  std::unordered_set<Term> below;  // the formulas below and their conjuncts
  for (std::size_t k = 0; k < start; ++k) {
    below.insert(formulas[k]);
    if (formulas[k]->kind() == terms::TermKind::And)
      for (Term conjunct : *formulas[k]) below.insert(conjunct);
  }
  bool all_implied = true;
  for (std::size_t k = start; k < formulas.size(); ++k) {
    Term added = formulas[k];
    // b ∧ ¬b, with ¬b as the term factory writes it (¬(x < y) is y <= x), so either way round.
    // The planted fault reads the negation of a formula below as implied by it, not contradicted.
    const bool contradicts = added->is_false() || below.contains(manager().logical_not(added));
    if (contradicts && !fault_active(Fault::ImpliedIgnoresPolarity)) return SatResult::Unsat;
    // The planted fault prunes a branch whose condition repeats one below: wrongly unsat.
    if (fault_active(Fault::ImpliedWrongUnsat) && below.contains(added)) return SatResult::Unsat;
    if (!added->is_true() && !below.contains(added) && !contradicts) all_implied = false;
  }
  if (!all_implied || last_model_ == nullptr) return std::nullopt;
  // The formulas below were all part of the last sat query: its model satisfies them, and so the
  // new ones they imply.
  const std::vector<std::uint32_t> lower = formula_set(formulas.first(start));
  if (!std::includes(last_sat_.begin(), last_sat_.end(), lower.begin(), lower.end())) return std::nullopt;
  return answer_sat(last_model_);
}

void ImpliedConditionSolver::learn(std::span<const Term> formulas, SatResult result) {
  if (result != SatResult::Sat) return;
  last_sat_ = formula_set(formulas);
  last_model_ = capture_model(formulas);
}

}  // namespace symref::solver
