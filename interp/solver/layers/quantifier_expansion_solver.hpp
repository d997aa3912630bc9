// A solver layer that spells out bounded quantifiers over small constant ranges before the backend sees them (no § of a paper: speed).
//
// Right over each backend (under the case's query cache, so a repeated query is neither expanded
// nor asked again): every formula added, and every formula the backend is asked to evaluate, goes
// through terms::BoundedQuantifierExpansion.  The expansion keeps the formula's meaning and its
// symbols, so answers and models are those of the formula as given; a quantified query whose
// counters are numbers (a loop summary at given counts) reaches Z3 or cvc5 quantifier-free.
// SolverOptions::expand_bounded_quantifiers switches it off (`--no-quantifier-expansion`).
#pragma once

#include <cstdint>
#include <memory>

#include "interp/solver/layers/forwarding_solver.hpp"
#include "semantics/terms/quantifier_expansion.hpp"

namespace symref::solver {

class QuantifierExpansionSolver final : public ForwardingSolver {
 public:
  QuantifierExpansionSolver(std::unique_ptr<Solver> backend, terms::TermManager& manager)
      : ForwardingSolver(std::move(backend)), expansion_(manager) {}

  void add(Term formula) override;
  std::optional<bool> backend_value(Term formula) override;

  // Quantifiers spelled out so far, in whole or in part.
  std::uint64_t expanded() const { return expansion_.expanded(); }

 private:
  terms::BoundedQuantifierExpansion expansion_;
};

}  // namespace symref::solver
