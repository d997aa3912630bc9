// Substitutions σ from symbols to terms and their application eσ (§2, §2.1 arrays, §4 and §4.1 objects).
#pragma once

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
class Substitution {
 public:
  explicit Substitution(TermManager& manager) : manager_(manager) {}

  // σ[symbol := replacement].  Throws std::logic_error when `symbol` is not a symbol or the sorts
  // differ (references of one class, or class-free nil).
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

}  // namespace symref::terms
