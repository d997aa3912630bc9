// Deciding a query unsat from a conjunct and its negation in scope (contradiction_solver.hpp; §2).
#include "interp/solver/layers/contradiction_solver.hpp"

#include <algorithm>

#include "semantics/faults.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::solver {

std::optional<SatResult> ContradictionSolver::shortcut(std::span<const Term> formulas) {
  literals_.clear();
  pending_.assign(formulas.begin(), formulas.end());
  // The planted fault opens disjunctions too, as if b ∨ c stated b and c.
  const bool open_disjunctions = fault_active(Fault::ContradictionInsideDisjunction);
  while (!pending_.empty()) {
    const Term formula = pending_.back();
    pending_.pop_back();
    if (formula->kind() == terms::TermKind::And || (open_disjunctions && formula->kind() == terms::TermKind::Or)) {
      pending_.insert(pending_.end(), formula->begin(), formula->end());
      continue;
    }
    if (formula->is_false()) return SatResult::Unsat;
    if (!formula->is_true()) literals_.push_back(formula);
  }
  if (literals_.size() < 2) return std::nullopt;
  // Sorted, for a binary search per literal: the sets are small, and a check's own formulas
  // repeat terms (a path condition's conjuncts in φa and φb).
  std::sort(literals_.begin(), literals_.end());
  literals_.erase(std::unique(literals_.begin(), literals_.end()), literals_.end());
  // b and ¬b both in scope ⟹ unsat.
  for (const Term literal : literals_)
    if (std::binary_search(literals_.begin(), literals_.end(), negation(literal))) return SatResult::Unsat;
  return std::nullopt;
}

Term ContradictionSolver::negation(Term literal) {
  auto [entry, added] = negations_.try_emplace(literal, nullptr);
  if (added) entry->second = manager().logical_not(literal);
  return entry->second;
}

}  // namespace symref::solver
