// §6 of Strejček & Trtík: unfolding the universal quantifiers of apc up to a bound K.
#include "engines/apc/unfolding.hpp"

#include <vector>

#include "semantics/terms/substitution.hpp"

namespace symref::apc {

using terms::Term;
using terms::TermKind;
using terms::TermManager;

namespace {

// Quantifiers occur in apc only positively, under ∧, ∨ and the right of →.
Term unfold_positive(TermManager& terms, Term formula, std::uint32_t bound) {
  switch (formula->kind()) {
    case TermKind::Exists: {
      std::vector<Term> constants;
      for (Term variable : TermManager::quantified_variables(formula))
        constants.push_back(terms.fresh_symbol(variable->sort(), variable->name()));
      return unfold_positive(terms, terms::instantiate(terms, formula, constants), bound);
    }
    case TermKind::Forall: {
      auto variables = TermManager::quantified_variables(formula);
      if (variables.size() != 1 || variables[0]->sort().kind != terms::SortKind::Int) return formula;
      std::vector<Term> instances;
      for (std::uint32_t t = 0; t < bound; ++t) {
        Term value = terms.integer(Integer(static_cast<std::int64_t>(t)));
        instances.push_back(unfold_positive(terms, terms::instantiate(terms, formula, std::span<const Term>(&value, 1)), bound));
      }
      return terms.logical_and(instances);
    }
    case TermKind::And:
    case TermKind::Or: {
      std::vector<Term> parts;
      for (Term child : *formula) parts.push_back(unfold_positive(terms, child, bound));
      return formula->kind() == TermKind::And ? terms.logical_and(parts) : terms.logical_or(parts);
    }
    case TermKind::Implies: return terms.implies(formula->child(0), unfold_positive(terms, formula->child(1), bound));
    default: return formula;
  }
}

}  // namespace

Term unfold(TermManager& terms, Term apc, std::uint32_t bound) { return unfold_positive(terms, apc, bound); }

}  // namespace symref::apc
