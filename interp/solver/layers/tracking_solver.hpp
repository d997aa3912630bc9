// A forwarding solver layer that also keeps the formulas in scope (§2 φ ∧ b): the base of the
// layers that look at the whole query when it is checked (caching, logging, shortcuts).
#pragma once

#include <memory>
#include <span>
#include <stdexcept>
#include <utility>

#include "interp/solver/assertion_stack.hpp"
#include "interp/solver/layers/forwarding_solver.hpp"

namespace symref::solver {

class TrackingSolver : public ForwardingSolver {
 public:
  explicit TrackingSolver(std::unique_ptr<Solver> inner) : ForwardingSolver(std::move(inner)) {}

  void push() final {
    inner().push();
    assertions_.push();
  }
  void pop(unsigned n = 1) final {
    // Checked before the solver below pops, so that both stay in step.
    if (n > assertions_.scopes()) throw std::logic_error("pop of more scopes than were pushed");
    inner().pop(n);
    assertions_.pop(n);
  }
  void add(Term formula) final {
    require_formula(formula);
    inner().add(formula);
    assertions_.add(formula);
  }

 protected:
  std::span<const Term> tracked_formulas() const { return assertions_.formulas(); }
  std::size_t tracked_scope_start() const { return assertions_.innermost_scope_start(); }

 private:
  AssertionStack assertions_;
};

}  // namespace symref::solver
