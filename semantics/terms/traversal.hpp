// Iterative walks visiting each subterm once, operands first (§2 inductive definitions read bottom-up).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "semantics/terms/term.hpp"
#include "semantics/terms/term_map.hpp"

namespace symref::terms {

// Calls visit(t) once for every subterm t of `root` not yet in `visited`, every operand before the
// terms containing it and operands left to right; adds each visited term to `visited`.  Passing the
// same set to later walks skips what earlier walks saw (incremental passes over growing formulas).
template <class Visitor>
void for_each_subterm(Term root, TermSet& visited, Visitor&& visit) {
  std::vector<std::pair<Term, bool>> stack;  // (term, operands already pushed)
  stack.emplace_back(root, false);
  while (!stack.empty()) {
    auto [term, operands_pushed] = stack.back();
    if (visited.contains(term)) {
      stack.pop_back();
      continue;
    }
    if (!operands_pushed && term->arity() > 0) {
      stack.back().second = true;
      for (std::uint32_t i = term->arity(); i-- > 0;)
        if (!visited.contains(term->child(i))) stack.emplace_back(term->child(i), false);
      continue;
    }
    stack.pop_back();
    visited.insert(term);
    visit(term);
  }
}

template <class Visitor>
void for_each_subterm(Term root, Visitor&& visit) {
  TermSet visited;
  for_each_subterm(root, visited, std::forward<Visitor>(visit));
}

// The image of `root` under a bottom-up rewrite: rewrite(node, images) gives the image of `node`
// from the images of its operands (in order), and each distinct subterm is rewritten once.
template <class Rewrite>
Term rewrite_bottom_up(Term root, Rewrite&& rewrite) {
  TermMap<Term> images;
  std::vector<Term> children;
  for_each_subterm(root, [&](Term term) {
    children.clear();
    for (Term child : *term) children.push_back(*images.find(child));
    Term image = rewrite(term, children);
    images.insert_or_assign(term, image);
  });
  return *images.find(root);
}

// The symbols occurring in `term`, in creation order (ascending id), each once.  Bound variables
// are no symbols and never listed.
std::vector<Term> collect_symbols(Term term);
// The bound variables occurring free in `term` (not bound by a quantifier inside it), in creation
// order, each once.  Walks only the subterms that have bound variables.
std::vector<Term> free_bound_variables(Term term);
// The number of distinct nodes of `term`'s DAG.
std::size_t dag_size(Term term);
// The number of nodes of `term` written out as a tree, saturating at UINT64_MAX.
std::uint64_t tree_size(Term term);

}  // namespace symref::terms
