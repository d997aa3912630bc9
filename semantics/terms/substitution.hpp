// Substitutions σ from symbols to terms and their application eσ (§2, §2.1 arrays, §4 and §4.1 objects).
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "semantics/terms/term.hpp"
#include "semantics/terms/term_manager.hpp"
#include "semantics/terms/term_map.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::terms {

// A simultaneous substitution: σ(x) is not itself substituted.  apply() rebuilds through the
// manager's factories, so results are simplified when the manager simplifies; it caches per
// subterm (valid until the mapping changes) and walks with an explicit stack.
//
// Under binders: apply() goes into quantifier bodies.  It cannot capture, because a replacement's
// free bound variables (if any: e.g. x := k to build the body of a ∀k) are never bound by a
// quantifier inside the term it is applied to, under the discipline of term.hpp.  Mapping a bound
// variable instantiates it; apply that to the body, not to the quantifier binding it (rebuilding a
// quantifier over a replaced variable throws std::logic_error).
class Substitution {
 public:
  explicit Substitution(TermManager& manager) : manager_(manager) {}

  // σ[symbol := replacement].  Throws std::logic_error when `symbol` is neither a symbol nor a
  // bound variable or the sorts differ (references of one class, or class-free nil).
  void set(Term symbol, Term replacement);
  // σ(symbol) when set, else nullptr (the identity on that symbol).
  Term find(Term symbol) const;
  std::size_t size() const { return mapping_.size(); }
  bool empty() const { return mapping_.empty(); }
  void clear();

  // eσ.
  Term apply(Term term);

 private:
  TermManager& manager_;
  TermMap<Term> mapping_;
  TermMap<Term> cache_;  // subterm -> its image; cleared by set()
  std::vector<std::pair<Term, bool>> stack_;
  std::vector<Term> operands_;
};

// The instance of a quantifier's body with its variables, in order, replaced by `replacements`
// (as many as it has variables, of their sorts; std::logic_error otherwise): ∀x̄. P and t̄ give
// P[x̄ := t̄].  The quantifier kind is not looked at: instantiating ∀ gives a consequence of it,
// instantiating ∃ a witness condition.
Term instantiate(TermManager& manager, Term quantifier, std::span<const Term> replacements);

}  // namespace symref::terms
