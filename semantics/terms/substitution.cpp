// Application of substitutions eσ (§2 Lemma 2.1's inductive definition), iteratively and cached.
#include "semantics/terms/substitution.hpp"

#include <stdexcept>

namespace symref::terms {

void Substitution::set(Term symbol, Term replacement) {
  if (symbol->kind() != TermKind::Symbol && symbol->kind() != TermKind::BoundVariable)
    throw std::logic_error("substitution of a " + std::string(to_string(symbol->kind())));
  Sort from = symbol->sort(), to = replacement->sort();
  bool same = from.kind == to.kind &&
              (from.detail == to.detail || (from.kind == SortKind::Reference && (from.detail == -1 || to.detail == -1)));
  if (!same) throw std::logic_error("substitution of a term of sort " + to_string(to) + " for a symbol of sort " + to_string(from));
  mapping_.insert_or_assign(symbol, replacement);
  cache_.clear();
}

Term Substitution::find(Term symbol) const {
  const Term* image = mapping_.find(symbol);
  return image != nullptr ? *image : nullptr;
}

void Substitution::clear() {
  mapping_.clear();
  cache_.clear();
}

Term Substitution::apply(Term term) {
  if (mapping_.empty()) return term;
  if (const Term* known = cache_.find(term)) return *known;
  stack_.clear();
  stack_.emplace_back(term, false);
  while (!stack_.empty()) {
    auto [current, operands_pushed] = stack_.back();
    if (cache_.contains(current)) {
      stack_.pop_back();
      continue;
    }
    if (current->kind() == TermKind::Symbol || current->arity() == 0) {
      stack_.pop_back();
      const Term* image = mapping_.find(current);
      cache_.insert_or_assign(current, image != nullptr ? *image : current);
      continue;
    }
    if (!operands_pushed) {
      stack_.back().second = true;
      for (std::uint32_t i = current->arity(); i-- > 0;)
        if (!cache_.contains(current->child(i))) stack_.emplace_back(current->child(i), false);
      continue;
    }
    stack_.pop_back();
    operands_.clear();
    bool changed = false;
    for (Term child : *current) {
      Term image = *cache_.find(child);
      changed |= image != child;
      operands_.push_back(image);
    }
    cache_.insert_or_assign(current, changed ? manager_.rebuild(current, operands_) : current);
  }
  return *cache_.find(term);
}

Term instantiate(TermManager& manager, Term quantifier, std::span<const Term> replacements) {
  if (!quantifier->is_quantifier())
    throw std::logic_error("instantiate of a " + std::string(to_string(quantifier->kind())));
  std::span<const Term> variables = TermManager::quantified_variables(quantifier);
  if (variables.size() != replacements.size())
    throw std::logic_error("instantiate: " + std::to_string(variables.size()) + " variables, " +
                           std::to_string(replacements.size()) + " replacements");
  Substitution substitution(manager);
  for (std::size_t i = 0; i < variables.size(); ++i) substitution.set(variables[i], replacements[i]);
  return substitution.apply(TermManager::quantifier_body(quantifier));
}

}  // namespace symref::terms
