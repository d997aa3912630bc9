// A solver layer answering unsat, without the solver below, when the formulas in scope hold a
// conjunct and its negation (§2: φ ∧ b with ¬b already a conjunct of φ; King's disjoint paths).
//
// The formulas in scope are read as one conjunction: nested conjunctions are opened, anything else
// (a disjunction, a quantifier, a comparison) is one literal.  The query is unsat when a literal
// is `false`, or when the term factory's negation of one literal (¬(x < y) is y <= x) is another:
// a proof by syntax, so no model and no backend are needed.  Every other query goes below.  Over
// the case's query cache (query_cache.hpp), such a query is neither stored nor told to a backend.
// Property checks of whole path-condition sets (paths_partition's pairs φa ∧ φb, pc_equals_wp's
// pc ∧ ¬wp) are where it pays: a quarter of a level-1 case's Z3 checks were of this kind.
#pragma once

#include <unordered_map>
#include <vector>

#include "interp/solver/layers/shortcut_solver.hpp"

namespace symref::solver {

class ContradictionSolver final : public ShortcutSolver {
 public:
  using ShortcutSolver::ShortcutSolver;

 protected:
  std::optional<SatResult> shortcut(std::span<const Term> formulas) override;

 private:
  // The term factory's ¬literal, kept: a scope's literals come back in check after check, and
  // the factory simplifies anew at each call.
  Term negation(Term literal);

  std::unordered_map<Term, Term> negations_;
  // Reused from check to check, to keep their storage.
  std::vector<Term> literals_;
  std::vector<Term> pending_;
};

}  // namespace symref::solver
