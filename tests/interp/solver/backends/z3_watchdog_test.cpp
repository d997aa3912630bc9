// Tests of the Z3 backend's time limit, enforced by one watchdog thread per process (no § of a paper: speed).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "interp/solver/backends/z3_solver.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::solver::testing {
namespace {

using terms::Sort;
using terms::Term;

struct Outcome {
  SatResult hard = SatResult::Sat;
  std::string reason;
  SatResult easy_afterwards = SatResult::Unknown;
};

// x³ + y³ = z³ over positive integers (no solution; Z3 does not decide it) under a limit of
// `milliseconds`, then an easy query on the same solver under a generous limit.  A term manager and
// solver of its own, so that threads and processes can each call it.
Outcome check_cubes_then_easy(unsigned milliseconds) {
  terms::TermManager m;
  m.set_simplify(false);
  auto solver = make_z3_solver(m);
  Term x = m.fresh_symbol(Sort::integer(), "x"), y = m.fresh_symbol(Sort::integer(), "y"),
       z = m.fresh_symbol(Sort::integer(), "z");
  auto cube = [&](Term t) { return m.multiply(t, m.multiply(t, t)); };
  Outcome outcome;
  solver->set_timeout_milliseconds(milliseconds);
  solver->push();
  for (Term positive : {x, y, z}) solver->add(m.less(m.integer(0), positive));
  solver->add(m.equal(m.add(cube(x), cube(y)), cube(z)));
  outcome.hard = solver->check();
  outcome.reason = solver->reason_unknown();
  solver->pop();
  // No interrupt meant for the stopped check may reach this one.
  solver->set_timeout_milliseconds(600'000);
  solver->add(m.less(x, m.integer(3)));
  outcome.easy_afterwards = solver->check();
  return outcome;
}

void expect_stopped_then_decided(const Outcome& outcome) {
  EXPECT_EQ(outcome.hard, SatResult::Unknown);
  EXPECT_NE(outcome.reason.find("timeout"), std::string::npos) << outcome.reason;
  EXPECT_EQ(outcome.easy_afterwards, SatResult::Sat);
}

TEST(Z3Watchdog, StopsAHardCheckAndLeavesTheNextOneAlone) { expect_stopped_then_decided(check_cubes_then_easy(20)); }

// Checks on several threads at once, with different limits, are each stopped by the one thread.
TEST(Z3Watchdog, ServesChecksOnSeveralThreadsAtOnce) {
  Outcome outcomes[3];
  const unsigned limits[3] = {300, 30, 100};
  std::thread threads[3];
  for (int i = 0; i < 3; ++i) threads[i] = std::thread([&, i] { outcomes[i] = check_cubes_then_easy(limits[i]); });
  for (std::thread& thread : threads) thread.join();
  for (const Outcome& outcome : outcomes) expect_stopped_then_decided(outcome);
}

// A child of fork() has no copy of the parent's watchdog thread (fuzz --jobs forks its workers):
// its limited checks are stopped all the same.  An alarm ends the child if nothing stops the check.
TEST(Z3Watchdog, StopsChecksInAForkedChild) {
  expect_stopped_then_decided(check_cubes_then_easy(10));  // the parent's thread is running
  const pid_t child = ::fork();
  ASSERT_NE(child, -1);
  if (child == 0) {
    ::alarm(120);
    const Outcome outcome = check_cubes_then_easy(20);
    const bool stopped = outcome.hard == SatResult::Unknown && outcome.reason.find("timeout") != std::string::npos &&
                         outcome.easy_afterwards == SatResult::Sat;
    ::_exit(stopped ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "the child's check was not stopped (signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0)
                                 << ")";
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace symref::solver::testing
