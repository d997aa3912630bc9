// A check shared by engine tests that free their solvers early: a later solver of a session with a context pool reuses a Z3 context.
#pragma once

#include <gtest/gtest.h>

#include "interp/solver/session/solver_session.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::testing {

// Makes a Z3 solver with `session` (whose contexts a pool shares) and asks it one query: success
// when that took a context an earlier solver left behind, that is when nothing alive still holds
// every context the pool made.
inline ::testing::AssertionResult a_new_solver_reuses_a_context(solver::SolverSession& session, terms::TermManager& terms) {
  const solver::ContextPool& pool = *session.contexts();
  const std::uint64_t made = pool.contexts_made();
  if (made == 0) return ::testing::AssertionFailure() << "no solver of the session made a context before";
  auto later = solver::make_solver("z3", terms, solver::SolverOptions{}, &session);
  later->add(terms.true_term());
  if (later->check() != solver::SatResult::Sat) return ::testing::AssertionFailure() << "the later solver's check failed";
  if (pool.contexts_made() != made)
    return ::testing::AssertionFailure() << "the later solver made a context of its own (" << pool.contexts_made() << " made)";
  return ::testing::AssertionSuccess();
}

}  // namespace symref::testing
