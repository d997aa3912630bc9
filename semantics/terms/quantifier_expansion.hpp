// Bounded quantifiers over small constant ranges spelled out as finite ∧ / ∨ (term.hpp's binders; no § of its own).
//
// The engines' summaries quantify over iteration counters (Trtík's ∀τ of a template exit,
// Strejček & Trtík's φ_κ over inner counters).  Once a property instantiates the loop counts with
// numbers, such a quantifier ranges over a few integers named by constants in its own guard:
//   ∀x. (lo ≤ x ∧ x < hi ∧ …) → B(x)    is true for every x outside [lo, hi-1], and
//   ∃x. lo ≤ x ∧ x ≤ hi ∧ … ∧ B(x)       is false for every x outside [lo, hi],
// so the ∀ equals ⋀_{v=lo..hi-1} body(v) and the ∃ equals ⋁ body(v): the same formula, with the
// same models, that a solver decides without quantifier instantiation.  Guard atoms are read off
// the body as written: for ∀, the conjuncts of an implication's premise, of a negated conjunction,
// and the negated disjuncts of a disjunction; for ∃, the conjuncts of the body.  An atom bounds x
// when it compares x itself with an integer constant (<, ≤, = either way round, or their
// negations).  Boolean variables range over {false, true}.  A quantifier is spelled out whole or
// not at all: when one of its variables is unbounded, or its instances would exceed the limit, it
// stays as it is (its body expanded).  Instances are expanded again: an inner quantifier whose
// bound was an outer variable gets constant bounds there.
#pragma once

#include <cstddef>
#include <cstdint>

#include "semantics/terms/term.hpp"
#include "semantics/terms/term_manager.hpp"
#include "semantics/terms/term_map.hpp"

namespace symref::terms {

class BoundedQuantifierExpansion {
 public:
  // `max_instances`: the most instances one quantifier is spelled out into (its ranges' product).
  explicit BoundedQuantifierExpansion(TermManager& manager, std::uint64_t max_instances = default_max_instances)
      : manager_(manager), max_instances_(max_instances) {}

  static constexpr std::uint64_t default_max_instances = 64;

  // The formula with every such quantifier spelled out (`formula` itself when it has none);
  // cached per subterm for the life of this object.
  Term apply(Term formula);

  // Quantifiers spelled out, in whole or in part, so far.
  std::uint64_t expanded() const { return expanded_; }

 private:
  Term expand_quantifier(Term quantifier);

  TermManager& manager_;
  std::uint64_t max_instances_;
  TermMap<Term> cache_;
  std::uint64_t expanded_ = 0;
};

}  // namespace symref::terms
