// Tests of the stall board: which solver checks a worker publishes, and that a finished check takes its deadline down (stall_watch.hpp).
#include "interp/solver/session/stall_watch.hpp"

#include <gtest/gtest.h>

#include "interp/solver/backends/cvc5_solver.hpp"
#include "interp/solver/backends/z3_solver.hpp"
#include "interp/solver/session/solver_session.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

class StallWatch : public terms::testing::TermFixture {
 protected:
  void SetUp() override { session.publish_checks_on(&board); }

  // One sat check of `backend` with the time limit `milliseconds` (0: none).
  void check_once(std::unique_ptr<Solver> solver, unsigned milliseconds) {
    if (milliseconds != 0) solver->set_timeout_milliseconds(milliseconds);
    solver->add(m.less(n(5), x));
    EXPECT_EQ(solver->check(), SatResult::Sat);
  }

  StallBoard board;
  SolverSession session;
};

TEST_F(StallWatch, ChecksWithALimitArePublishedAndTakenDown) {
  check_once(make_z3_solver(m, session), 500);
  check_once(make_cvc5_solver(m, session), 500);
  EXPECT_EQ(board.checks.load(), 2u);
  EXPECT_EQ(board.deadline.load(), 0) << "a finished check left its deadline up";
}

TEST_F(StallWatch, ACheckWithoutALimitTakesTheBoardsDefault) {
  check_once(make_z3_solver(m, session), 0);
  EXPECT_EQ(board.checks.load(), 0u) << "no limit and no default: nothing to watch";
  board.default_limit_milliseconds.store(1000);
  check_once(make_z3_solver(m, session), 0);
  check_once(make_cvc5_solver(m, session), 0);
  EXPECT_EQ(board.checks.load(), 2u);
}

TEST_F(StallWatch, WithoutABoardNothingIsPublished) {
  session.publish_checks_on(nullptr);
  check_once(make_z3_solver(m, session), 500);
  EXPECT_EQ(board.checks.load(), 0u);
}

}  // namespace
}  // namespace symref::solver::testing
