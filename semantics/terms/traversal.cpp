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
