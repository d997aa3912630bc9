// Symbol collection and DAG and tree sizes of terms (the inductive structure of §2 expressions).
#include "semantics/terms/traversal.hpp"

#include <algorithm>
#include <limits>

namespace symref::terms {

std::vector<Term> collect_symbols(Term term) {
  std::vector<Term> symbols;
  for_each_subterm(term, [&](Term t) {
    if (t->kind() == TermKind::Symbol) symbols.push_back(t);
  });
  std::sort(symbols.begin(), symbols.end(), [](Term a, Term b) { return a->id() < b->id(); });
  return symbols;
}

// Under the discipline of term.hpp a variable bound inside `term` occurs only under its binder,
// so the free ones are the occurring ones less those some inner quantifier binds.
std::vector<Term> free_bound_variables(Term term) {
  TermSet visited, bound_inside;
  std::vector<Term> occurring, pending;
  if (term->has_bound_variables()) pending.push_back(term);
  while (!pending.empty()) {
    Term t = pending.back();
    pending.pop_back();
    if (!visited.insert(t)) continue;
    if (t->kind() == TermKind::BoundVariable) occurring.push_back(t);
    if (t->is_quantifier())
      for (std::uint32_t i = 0; i + 1 < t->arity(); ++i) bound_inside.insert(t->child(i));
    for (Term child : *t)
      if (child->has_bound_variables()) pending.push_back(child);
  }
  std::erase_if(occurring, [&](Term variable) { return bound_inside.contains(variable); });
  std::sort(occurring.begin(), occurring.end(), [](Term a, Term b) { return a->id() < b->id(); });
  return occurring;
}

std::size_t dag_size(Term term) {
  std::size_t count = 0;
  for_each_subterm(term, [&](Term) { ++count; });
  return count;
}

std::uint64_t tree_size(Term term) {
  constexpr std::uint64_t saturated = std::numeric_limits<std::uint64_t>::max();
  TermMap<std::uint64_t> sizes;
  for_each_subterm(term, [&](Term t) {
    std::uint64_t size = 1;
    for (Term child : *t) {
      std::uint64_t child_size = *sizes.find(child);
      size = (child_size > saturated - size) ? saturated : size + child_size;
    }
    sizes.insert_or_assign(t, size);
  });
  return *sizes.find(term);
}

}  // namespace symref::terms
