// ⋆-absorption, polarity-aware ⋆-weakening and symbolic states (Strejček & Trtík §2.2).
#include "engines/apc/abstract_state.hpp"

#include <stdexcept>

#include "semantics/terms/traversal.hpp"

namespace symref::apc {

using terms::SortKind;
using terms::TermKind;

StarTerms::StarTerms(terms::TermManager& terms) : terms_(terms) {}

// A fresh symbol each time: with one ⋆ per sort the term factories would simplify ⋆ < ⋆ to
// false and ⋆ = ⋆ to true before weakening sees the predicate (len(a) < len(d) with both arrays
// ⋆ made a loop's φ_κ false; found by apc_summary_sound).
Term StarTerms::star(terms::Sort sort) {
  if (sort.kind != SortKind::Int && sort.kind != SortKind::Bool && sort.kind != SortKind::IntArray)
    throw std::logic_error("apc: no ⋆ of sort " + terms::to_string(sort));
  Term star = terms_.fresh_symbol(sort, "*");
  stars_.insert(star);
  return star;
}

bool StarTerms::is_star(Term term) const { return stars_.contains(term); }

bool StarTerms::contains_star(Term term) {
  if (auto found = contains_.find(term); found != contains_.end()) return found->second;
  terms::for_each_subterm(term, visited_, [&](Term t) {
    bool star = is_star(t);
    for (Term child : *t) star = star || contains_.at(child);
    contains_.emplace(t, star);
  });
  return contains_.at(term);
}

Term StarTerms::absorb(Term term) { return contains_star(term) ? star(term->sort()) : term; }

Term StarTerms::weaken(Term formula) { return weaken(formula, true); }

Term StarTerms::weaken(Term formula, bool positive) {
  if (!contains_star(formula)) return formula;
  auto& cache = weakened_[positive ? 1 : 0];
  if (auto found = cache.find(formula); found != cache.end()) return found->second;
  Term result = nullptr;
  switch (formula->kind()) {
    case TermKind::And:
    case TermKind::Or: {
      std::vector<Term> parts;
      for (Term child : *formula) parts.push_back(weaken(child, positive));
      result = formula->kind() == TermKind::And ? terms_.logical_and(parts) : terms_.logical_or(parts);
      break;
    }
    case TermKind::Not: result = terms_.logical_not(weaken(formula->child(0), !positive)); break;
    case TermKind::Implies: result = terms_.implies(weaken(formula->child(0), !positive), weaken(formula->child(1), positive)); break;
    case TermKind::Forall:
    case TermKind::Exists: {
      auto variables = terms::TermManager::quantified_variables(formula);
      Term body = weaken(terms::TermManager::quantifier_body(formula), positive);
      result = formula->kind() == TermKind::Forall ? terms_.forall(variables, body) : terms_.exists(variables, body);
      break;
    }
    default:  // a predicate mentioning ⋆: anything it could stand for implies this
      result = positive ? terms_.true_term() : terms_.false_term();
  }
  cache.emplace(formula, result);
  return result;
}

SymbolicState SymbolicState::initial(const std::vector<Term>& variables) {
  SymbolicState state;
  state.variables_ = variables;
  state.values_ = variables;
  for (std::size_t k = 0; k < variables.size(); ++k) state.index_.emplace(variables[k], k);
  return state;
}

SymbolicState SymbolicState::unknown(const std::vector<Term>& variables, StarTerms& stars) {
  SymbolicState state = initial(variables);
  for (std::size_t k = 0; k < variables.size(); ++k) state.values_[k] = stars.star(variables[k]->sort());
  return state;
}

std::size_t SymbolicState::index_of(Term variable) const {
  auto found = index_.find(variable);
  if (found == index_.end()) throw std::logic_error("apc: not a program variable: " + variable->name());
  return found->second;
}

Term SymbolicState::value_of_variable(Term variable) const { return values_[index_of(variable)]; }

void SymbolicState::set_variable(Term variable, Term value) { values_[index_of(variable)] = value; }

Term SymbolicState::substitute(Term term, terms::TermManager& terms) const {
  terms::Substitution substitution(terms);
  for (std::size_t k = 0; k < variables_.size(); ++k)
    if (values_[k] != variables_[k]) substitution.set(variables_[k], values_[k]);
  return substitution.empty() ? term : substitution.apply(term);
}

Term SymbolicState::apply(Term expression, StarTerms& stars) const { return stars.absorb(substitute(expression, stars.terms())); }

Term SymbolicState::apply_formula(Term formula, StarTerms& stars) const { return stars.weaken(substitute(formula, stars.terms())); }

SymbolicState SymbolicState::compose(const SymbolicState& inner, StarTerms& stars) const {
  SymbolicState result = *this;
  for (std::size_t k = 0; k < variables_.size(); ++k) result.values_[k] = apply(inner.values_[k], stars);
  return result;
}

}  // namespace symref::apc
