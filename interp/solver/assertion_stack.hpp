// The formulas in scope with push and pop: a path condition φ ∧ b grown and cut back (§2).
#pragma once

#include <span>
#include <stdexcept>
#include <vector>

#include "semantics/terms/term.hpp"

namespace symref::solver {

class AssertionStack {
 public:
  void push() { scope_starts_.push_back(formulas_.size()); }
  void pop(unsigned n = 1) {
    if (n > scope_starts_.size()) throw std::logic_error("pop of more scopes than were pushed");
    if (n == 0) return;
    formulas_.resize(scope_starts_[scope_starts_.size() - n]);
    scope_starts_.resize(scope_starts_.size() - n);
  }
  void add(terms::Term formula) { formulas_.push_back(formula); }
  std::span<const terms::Term> formulas() const { return formulas_; }
  unsigned scopes() const { return static_cast<unsigned>(scope_starts_.size()); }
  // Index of the first formula of the scope opened by the `depth`-th push still open (from 0).
  std::size_t scope_start(unsigned depth) const { return scope_starts_.at(depth); }
  // Index of the first formula of the innermost scope (0 when no scope is open).
  std::size_t innermost_scope_start() const { return scope_starts_.empty() ? 0 : scope_starts_.back(); }
  // Makes the same scopes and formulas again, in their order, on `target` (anything with push()
  // and add(formula)): a solver that must start afresh gets what was said to the old one.
  template <class Target>
  void replay(Target& target) const {
    std::size_t next_scope = 0;
    for (std::size_t index = 0; index <= formulas_.size(); ++index) {
      for (; next_scope < scope_starts_.size() && scope_starts_[next_scope] == index; ++next_scope) target.push();
      if (index < formulas_.size()) target.add(formulas_[index]);
    }
  }

 private:
  std::vector<terms::Term> formulas_;
  std::vector<std::size_t> scope_starts_;
};

}  // namespace symref::solver
