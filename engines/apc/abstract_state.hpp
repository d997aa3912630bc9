// Symbolic expressions with the unknown ⋆ and symbolic states θ (Strejček & Trtík §2.2).
//
// ⋆ is a fresh symbol of its sort (λχ.⋆ for arrays), a new one each time, so that no two ⋆s are
// taken for equal.  Every expression containing it counts as ⋆
// (absorb); in a formula, an atomic predicate containing it becomes true where it occurs
// positively and false where it occurs negatively (weaken).  The paper turns every such predicate
// into true; under a negation that would strengthen the formula, so we follow polarity
// (paper-notes/002-abstracting-path-conditions.md).
#pragma once

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "semantics/terms/substitution.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::apc {

using terms::Term;

class StarTerms {
 public:
  explicit StarTerms(terms::TermManager& terms);
  terms::TermManager& terms() { return terms_; }

  // ⋆ of an Int or Bool sort, λχ.⋆ of an array sort.
  Term star(terms::Sort sort);
  bool is_star(Term term) const;
  bool contains_star(Term term);
  // An expression: itself, or ⋆ of its sort when it contains ⋆.
  Term absorb(Term term);
  // A formula with every predicate that contains ⋆ replaced, by polarity, so that the result is
  // implied by every formula the ⋆s could stand for.
  Term weaken(Term formula);

 private:
  Term weaken(Term formula, bool positive);

  terms::TermManager& terms_;
  std::unordered_set<Term> stars_;
  std::unordered_map<Term, bool> contains_;
  terms::TermSet visited_;  // the terms contains_ knows
  std::unordered_map<Term, Term> weakened_[2];
};

// θ : V → S over a fixed list of variables (their symbols are the initial values, θ_I).
class SymbolicState {
 public:
  SymbolicState() = default;
  static SymbolicState initial(const std::vector<Term>& variables);  // θ_I
  static SymbolicState unknown(const std::vector<Term>& variables, StarTerms& stars);  // θ_⋆

  const std::vector<Term>& variables() const { return variables_; }
  Term value(std::size_t index) const { return values_[index]; }
  Term value_of_variable(Term variable) const;
  void set(std::size_t index, Term value) { values_[index] = value; }
  void set_variable(Term variable, Term value);  // θ[a → e]
  std::size_t index_of(Term variable) const;

  // θ(e) and θ⟨e⟩ (the same here, variables being their own symbols): an expression, ⋆-absorbed.
  Term apply(Term expression, StarTerms& stars) const;
  // θ(γ) and θ⟨γ⟩ of a formula, ⋆-weakened.
  Term apply_formula(Term formula, StarTerms& stars) const;
  // θ⟨θ′⟩.
  SymbolicState compose(const SymbolicState& inner, StarTerms& stars) const;

 private:
  Term substitute(Term term, terms::TermManager& terms) const;

  std::vector<Term> variables_;
  std::vector<Term> values_;
  std::unordered_map<Term, std::size_t> index_;
};

}  // namespace symref::apc
