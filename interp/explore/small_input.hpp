// Small inputs from a satisfiable query (test generation, §2 Theorem 2.3's models made readable):
// the solver is asked again under bounds that widen — first on the number of input objects, then
// on the arrays' lengths, then on the absolute value of every integer an input holds — and the
// model at the narrowest bound that still satisfies the query becomes the input, so that an input
// shown to a person (a separating input, a counterexample) reads `x = 1`, not `x = 39`.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "interp/explore/test_generation.hpp"
#include "interp/solver/solver.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref {

struct SmallInputLimits {
  // No query starts after the deadline; the smallest input found by then is the answer.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  unsigned max_queries = 96;
  unsigned timeout_milliseconds = 5000;  // per query, and never past the deadline; 0: none
  TestGenerationLimits generation;
};

struct SmallInputStatistics {
  unsigned queries = 0;
  std::optional<std::int64_t> objects, length, magnitude;  // the bounds the input keeps, when one was found
};

// The input of the narrowest model of the formulas in `solver`'s scope, whose last check()
// answered sat.  `formula` is (or contains) what was asked: its field reads name the objects whose
// fields are bounded.  Every bound is added in a scope of its own and removed again, and a query
// that answers unknown counts as not satisfied, so the input always comes from a model of the
// formulas in scope: if no narrower one is found, the model of the last check().  The solver's
// last check() is then one of this function's, and its time-out is `limits.timeout_milliseconds`.
std::optional<GlobalState> small_input(const Program& program, terms::TermManager& terms, solver::Solver& solver,
                                       terms::Term formula, const SmallInputLimits& limits, std::string& reason,
                                       SmallInputStatistics* statistics = nullptr);

}  // namespace symref
