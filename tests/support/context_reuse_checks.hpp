// A check shared by engine tests that free their solvers early: a later solver of a ContextReuseScope reuses a Z3 context.
#pragma once

#include <gtest/gtest.h>

#include "interp/solver/session/context_reuse.hpp"
#include "interp/solver/solver.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::testing {

// Makes a Z3 solver in `scope` and asks it one query: success when that took a context an earlier
// solver left behind, that is when nothing alive still holds every context the scope made.
inline ::testing::AssertionResult a_new_solver_reuses_a_context(solver::ContextReuseScope& scope, terms::TermManager& terms) {
  const std::uint64_t made = scope.contexts_made();
  if (made == 0) return ::testing::AssertionFailure() << "no solver of the scope made a context before";
  auto later = solver::make_solver("z3", terms);
  later->add(terms.true_term());
  if (later->check() != solver::SatResult::Sat) return ::testing::AssertionFailure() << "the later solver's check failed";
  if (scope.contexts_made() != made)
    return ::testing::AssertionFailure() << "the later solver made a context of its own (" << scope.contexts_made() << " made)";
  return ::testing::AssertionSuccess();
}

}  // namespace symref::testing
