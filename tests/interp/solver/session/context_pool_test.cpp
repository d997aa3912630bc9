// Tests of a session's ContextPool and WorkBudget: Z3 solvers made one after another share
// contexts, cvc5 solvers share warm solvers, and nothing of an earlier solver's assertions or
// limits reaches a later one; the budget's allowances (no § of a paper: speed of fuzz campaigns).
#include <gtest/gtest.h>

#include <vector>

#include "interp/solver/backends/cvc5_solver.hpp"
#include "interp/solver/backends/large_stack_thread.hpp"
#include "interp/solver/backends/z3_solver.hpp"
#include "interp/solver/session/solver_session.hpp"
#include "semantics/terms/term_manager.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

using terms::Sort;
using ContextReuse = terms::testing::TermFixture;

// A session whose solvers share a pool of contexts.
struct PooledSession {
  SolverSession session;
  ContextPool& pool;
  PooledSession() : pool((session.pool_contexts(), *session.contexts())) {}
};

TEST_F(ContextReuse, ALaterSolverTakesTheContextButNoneOfTheAssertions) {
  PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
  EXPECT_EQ(session.contexts().get(), &pool);
  {
    auto first = make_z3_solver(m, session);
    first->add(m.less(n(5), x));
    ASSERT_EQ(first->check(), SatResult::Sat);
  }
  auto second = make_z3_solver(m, session);
  second->add(m.less(x, n(3)));  // unsat together with the first solver's 5 < x
  ASSERT_EQ(second->check(), SatResult::Sat);
  EXPECT_LT(second->model()->symbol_value(x).as_integer(), Integer(3));
  EXPECT_EQ(pool.contexts_made(), 1u);
  EXPECT_EQ(pool.contexts_reused(), 1u);
  EXPECT_EQ(pool.cores_reused(), 1u);
}

TEST_F(ContextReuse, SolversAliveTogetherHaveTheirOwnContexts) {
  PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
  {
    auto first = make_z3_solver(m, session);
    auto second = make_z3_solver(m, session);
    first->add(m.equal(x, n(1)));
    second->add(m.equal(x, n(2)));
    ASSERT_EQ(first->check(), SatResult::Sat);
    ASSERT_EQ(second->check(), SatResult::Sat);
    EXPECT_EQ(first->model()->symbol_value(x).as_integer(), Integer(1));
    EXPECT_EQ(second->model()->symbol_value(x).as_integer(), Integer(2));
  }
  EXPECT_EQ(pool.contexts_made(), 2u);
  auto third = make_z3_solver(m, session);
  EXPECT_EQ(pool.contexts_reused(), 1u);
}

TEST_F(ContextReuse, NoPoolNoReuseAndPoolsAreTheirSessions) {
  SolverSession plain;
  EXPECT_EQ(plain.contexts(), nullptr);
  PooledSession outer;
  {
    PooledSession inner;
    make_z3_solver(m, inner.session);
    make_z3_solver(m, inner.session);
    EXPECT_EQ(inner.pool.contexts_made(), 1u);
    EXPECT_EQ(inner.pool.contexts_reused(), 1u);
  }
  EXPECT_EQ(outer.pool.contexts_made(), 0u);
}

TEST_F(ContextReuse, AnInterruptedContextIsNotHandedOn) {
  // x^3 + y^3 = z^3 for positive x, y, z (Fermat, n = 3): Z3 does not decide it within 1 ms.
  PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
  {
    m.set_simplify(false);
    Term z = m.fresh_symbol(Sort::integer(), "z");
    auto cube = [&](Term t) { return m.multiply(t, m.multiply(t, t)); };
    auto solver = make_z3_solver(m, session);
    solver->set_timeout_milliseconds(1);
    for (Term positive : {x, y, z}) solver->add(m.less(n(0), positive));
    solver->add(m.equal(m.add(cube(x), cube(y)), cube(z)));
    if (solver->check() != SatResult::Unknown) GTEST_SKIP() << "Z3 answered within 1 ms: nothing was interrupted";
  }
  auto next = make_z3_solver(m, session);
  EXPECT_EQ(pool.contexts_made(), 2u);
  EXPECT_EQ(pool.contexts_reused(), 0u);
}

// The work budget (work_budget.hpp) is Z3's own counter, not the clock: no time limit here.
// Six pigeons in five holes, all in different holes: unsat, but only after a search.
void add_pigeons(terms::TermManager& m, Solver& solver, int holes = 5) {
  std::vector<Term> hole;
  for (int i = 0; i <= holes; ++i) {
    hole.push_back(m.fresh_symbol(Sort::integer(), "p"));
    solver.add(m.less_equal(m.integer(0), hole.back()));
    solver.add(m.less(hole.back(), m.integer(holes)));
  }
  for (std::size_t i = 0; i < hole.size(); ++i)
    for (std::size_t j = i + 1; j < hole.size(); ++j) solver.add(m.logical_not(m.equal(hole[i], hole[j])));
}

// The core goes on emptied of the base level and of scopes left open, and without the work limit
// its last solver had.
TEST_F(ContextReuse, AHandedOnCoreKeepsNoAssertionsScopesOrLimit) {
  PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
  {
    auto first = make_z3_solver(m, session);
    first->set_resource_limit(500);
    first->add(m.less(n(5), x));
    first->push();
    first->add(m.less(y, n(0)));
    first->push();
    EXPECT_EQ(first->check(), SatResult::Sat);  // decided: an unknown would spoil the context
  }
  auto second = make_z3_solver(m, session);
  EXPECT_EQ(pool.cores_reused(), 1u);
  second->add(m.less(x, n(3)));
  second->add(m.less(n(7), y));
  EXPECT_EQ(second->check(), SatResult::Sat) << "the first solver's 5 < x or y < 0 reached the second";
  add_pigeons(m, *second);
  EXPECT_EQ(second->check(), SatResult::Unsat) << "no limit on the second solver: the pigeons are decided (500 units do not)";
  second->push();
  second->pop();
  EXPECT_EQ(second->check(), SatResult::Unsat);
}

// The work budget in force on a handed-on core stays in force for the next solver under the same
// budget, which does not set it again (Z3_solver_set_params costs about 130,000 instructions), and
// is replaced for one under another.
TEST_F(ContextReuse, AHandedOnCoreKeepsTheWorkBudgetInForceForTheNextSolver) {
  PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
  session.budget() = WorkBudget(2000);
  {
    auto first = make_z3_solver(m, session);
    first->add(m.less(n(5), x));
    ASSERT_EQ(first->check(), SatResult::Sat);  // sets the 2,000 units
  }
  {
    auto second = make_z3_solver(m, session);
    EXPECT_EQ(pool.cores_reused(), 1u);
    add_pigeons(m, *second);
    EXPECT_EQ(second->check(), SatResult::Unknown) << "the 2,000 units no longer in force";
    EXPECT_NE(second->reason_unknown().find("work budget of 2000"), std::string::npos) << second->reason_unknown();
  }
  {
    auto easy = make_z3_solver(m, session);
    easy->add(m.less(n(5), x));
    ASSERT_EQ(easy->check(), SatResult::Sat);
  }
  session.budget() = WorkBudget(0);
  auto unlimited = make_z3_solver(m, session);
  EXPECT_EQ(pool.cores_reused(), 2u) << "the easy solver's core, with its 2,000 units";
  add_pigeons(m, *unlimited);
  EXPECT_EQ(unlimited->check(), SatResult::Unsat) << "the 2,000 units still in force: " << unlimited->reason_unknown();
}

// A case on a session (a fuzz case in its run) takes the Z3 contexts that the cases before it left
// in the run's pool, but not their cores, and nothing of their assertions; its cvc5 solvers are its own.
TEST_F(ContextReuse, ACaseScopeTakesTheContextsTheCasesBeforeItInItsRunLeft) {
  LargeStackThread campaign_thread;
  campaign_thread.run([&] {
    PooledSession run;
    {
      SolverSession::Case first_case(run.session, false, WorkBudget{});
      auto z3 = make_z3_solver(m, run.session);
      z3->add(m.less(n(5), x));
      ASSERT_EQ(z3->check(), SatResult::Sat);
      auto cvc5 = make_cvc5_solver(m, run.session);
      cvc5->add(m.less(n(5), x));
      ASSERT_EQ(cvc5->check(), SatResult::Sat);
      EXPECT_EQ(run.session.contexts()->contexts_made(), 1u);
    }
    EXPECT_EQ(run.pool.contexts_made(), 0u);
    {
      SolverSession::Case second_case(run.session, false, WorkBudget{});
      const ContextPool& pool = *run.session.contexts();
      auto z3 = make_z3_solver(m, run.session);
      EXPECT_EQ(pool.contexts_made(), 0u);
      EXPECT_EQ(pool.contexts_reused(), 1u);
      EXPECT_EQ(pool.cores_reused(), 0u) << "a core reused from case to case holds on to their state";
      z3->add(m.less(x, n(3)));  // unsat together with the first case's 5 < x
      ASSERT_EQ(z3->check(), SatResult::Sat);
      EXPECT_LT(z3->model()->symbol_value(x).as_integer(), Integer(3));
      auto cvc5 = make_cvc5_solver(m, run.session);
      EXPECT_EQ(pool.backends_reused(), 0u) << "a cvc5 solver slows down with every constant declared on it";
    }
    {
      PooledSession own;  // a pool of its own
      make_z3_solver(m, own.session);
      EXPECT_EQ(own.pool.contexts_made(), 1u);
    }
  });
}

// The same run of cases in a new run pool gets the same models: what a case's solvers take over
// comes from the cases before it in its run only.
TEST_F(ContextReuse, TheSameRunOfCasesGetsTheSameModels) {
  auto run_of_cases = [&] {
    std::vector<Integer> values;
    PooledSession run;
    for (int c = 0; c < 3; ++c) {
      SolverSession::Case one_case(run.session, false, WorkBudget{});
      auto solver = make_z3_solver(m, run.session);
      solver->add(m.less(n(c), x));
      solver->add(m.less(m.add(x, y), n(40 + c)));
      solver->add(m.not_equal(m.select(a, x), m.select(a, y)));
      if (solver->check() != SatResult::Sat) return std::vector<Integer>{};
      auto model = solver->model();
      values.push_back(model->symbol_value(x).as_integer());
      values.push_back(model->symbol_value(y).as_integer());
    }
    return values;
  };
  const std::vector<Integer> first = run_of_cases();
  ASSERT_EQ(first.size(), 6u);
  EXPECT_EQ(run_of_cases(), first);
}

// A core that held a quantifier is not handed on (Z3 4.8.12 keeps state of quantifiers it popped).
TEST_F(ContextReuse, ACoreThatHeldAQuantifierIsNotHandedOn) {
  PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
  {
    auto first = make_z3_solver(m, session);
    Term k = m.bound_variable(Sort::integer(), "k");
    first->add(m.forall(k, m.less_equal(m.multiply(k, k), m.add(m.multiply(k, k), x))));
    EXPECT_EQ(first->check(), SatResult::Sat);
  }
  auto second = make_z3_solver(m, session);
  EXPECT_EQ(pool.contexts_reused(), 1u);
  EXPECT_EQ(pool.cores_reused(), 0u);
  second->add(m.less(x, n(0)));
  EXPECT_EQ(second->check(), SatResult::Sat);
}

// A quantifier popped with its scope took its core along (renew_core): the new core, which never
// held one, is handed on.
TEST_F(ContextReuse, ACoreRenewedAfterAQuantifiedScopeIsHandedOn) {
  PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
  {
    auto first = make_z3_solver(m, session);
    Term k = m.bound_variable(Sort::integer(), "k");
    first->push();
    first->add(m.forall(k, m.less_equal(m.multiply(k, k), m.add(m.multiply(k, k), x))));
    EXPECT_EQ(first->check(), SatResult::Sat);
    first->pop();
    EXPECT_EQ(first->statistics().core_renewals, 1u);
    first->push();
    first->add(m.less(x, n(0)));
    EXPECT_EQ(first->check(), SatResult::Sat);
    first->pop();
  }
  auto second = make_z3_solver(m, session);
  EXPECT_EQ(pool.cores_reused(), 1u);
  second->add(m.less(n(0), x));
  EXPECT_EQ(second->check(), SatResult::Sat) << "the handed-on core kept nothing of the first solver";
}

TEST_F(ContextReuse, AWorkBudgetMakesAHardQueryUnknownWithItsReason) {
  SolverSession session;
  auto pigeons = [&](Solver& solver) { add_pigeons(m, solver); };
  EXPECT_EQ(session.budget().z3_work_per_check(), 0u);
  {
    auto unlimited = make_z3_solver(m, session);
    pigeons(*unlimited);
    EXPECT_EQ(unlimited->check(), SatResult::Unsat);
  }
  session.budget() = WorkBudget(2000);
  EXPECT_EQ(session.budget().z3_work_per_check(), 2000u);
  auto easy = make_z3_solver(m, session);
  easy->add(m.less(n(5), x));
  EXPECT_EQ(easy->check(), SatResult::Sat);
  auto hard = make_z3_solver(m, session);
  pigeons(*hard);
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_NE(hard->reason_unknown().find("work budget of 2000"), std::string::npos) << hard->reason_unknown();
}

// The budget's cvc5 part: cvc5's own resource counter, set on each cvc5 solver made under it.
TEST_F(ContextReuse, ACvc5WorkBudgetMakesAHardQueryUnknownWithItsReason) {
  SolverSession session;
  {
    auto unlimited = make_cvc5_solver(m, session);
    add_pigeons(m, *unlimited);
    EXPECT_EQ(unlimited->check(), SatResult::Unsat);
  }
  session.budget() = WorkBudget(0, 50);
  EXPECT_EQ(session.budget().z3_work_per_check(), 0u);
  EXPECT_EQ(session.budget().cvc5_work_per_check(), 50u);
  auto easy = make_cvc5_solver(m, session);
  easy->add(m.less(n(5), x));
  EXPECT_EQ(easy->check(), SatResult::Sat);
  auto hard = make_cvc5_solver(m, session);
  add_pigeons(m, *hard);
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_NE(hard->reason_unknown().find("work budget of 50 cvc5"), std::string::npos) << hard->reason_unknown();
  auto z3 = make_z3_solver(m, session);  // Z3 is not limited by the cvc5 budget
  add_pigeons(m, *z3);
  EXPECT_EQ(z3->check(), SatResult::Unsat);
}

// The budget's cvc5 allowance: after one cvc5 check stopped by its budget, every later cvc5 check of
// the budget (a fuzz case, across properties) gets the reduced budget and time limit, and says so.
TEST_F(ContextReuse, TheCvc5AllowanceReducesItsBudgetAndTimeLimitForTheRestOfTheScope) {
  SolverSession session;
  session.budget() = WorkBudget(0, 5000, TimeOutAllowance{1, 50}, UndecidedAllowance{0, 0, 1, 50});
  auto medium = [&] {
    auto solver = make_cvc5_solver(m, session);
    add_pigeons(m, *solver, 3);
    return solver->check();
  };
  EXPECT_EQ(medium(), SatResult::Unsat) << "four pigeons in three holes need less than the full budget";
  EXPECT_EQ(session.budget().cvc5_time_limit(1000), 1000u);
  EXPECT_EQ(session.budget().cvc5_reduction_note(), "");
  auto hard = make_cvc5_solver(m, session);
  add_pigeons(m, *hard, 9);
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_EQ(hard->reason_unknown(), "work budget of 5000 cvc5 resource units spent (RESOURCEOUT)");
  EXPECT_EQ(session.budget().cvc5_work_per_check(), 50u);
  EXPECT_EQ(session.budget().cvc5_time_limit(1000), 50u);
  EXPECT_EQ(session.budget().cvc5_time_limit(0), 50u);
  EXPECT_EQ(session.budget().cvc5_time_limit(20), 20u);
  EXPECT_EQ(session.budget().z3_work_per_check(), 0u) << "Z3's budget is not cvc5's";
  EXPECT_EQ(session.budget().z3_time_limit(1000), 1000u) << "nor its time limit";
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_NE(hard->reason_unknown().find("work budget of 50 cvc5 resource units spent"), std::string::npos) << hard->reason_unknown();
  EXPECT_NE(hard->reason_unknown().find("(reduced: the case's allowance of undecided cvc5 checks is spent)"), std::string::npos)
      << hard->reason_unknown();
  EXPECT_EQ(medium(), SatResult::Unknown) << "a new solver gets the reduced budget, which does not decide it";
  session.budget().renew_undecided_allowance();
  EXPECT_EQ(session.budget().cvc5_work_per_check(), 50u) << "the cvc5 allowance is the whole case's, not a property's";
  auto z3 = make_z3_solver(m, session);
  add_pigeons(m, *z3, 3);
  EXPECT_EQ(z3->check(), SatResult::Unsat);
}

// cvc5 solvers are handed on only on the thread that made them: a campaign's, which is a large-stack
// thread, so that the calls run there directly (large_stack_thread.hpp).
TEST_F(ContextReuse, ALaterCvc5SolverTakesTheWarmSolverButNoneOfTheAssertionsOrTheTimeLimit) {
  LargeStackThread campaign_thread;
  campaign_thread.run([&] {
    PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
    // The 10 ms limit would make the pigeons below unknown (they take about 45 ms).  A loaded machine
    // can stop even the trivial first check within it; a solver so stopped is not handed on, and the
    // first solver is made again.
    bool first_decided = false;
    for (int attempt = 0; attempt < 10 && !first_decided; ++attempt) {
      auto first = make_cvc5_solver(m, session);
      first->set_timeout_milliseconds(10);
      first->add(m.less(n(5), x));
      first->push();
      first->add(m.less(n(6), x));
      first_decided = first->check() == SatResult::Sat;
    }
    ASSERT_TRUE(first_decided);
    EXPECT_EQ(pool.backends_reused(), 0u);
    auto second = make_cvc5_solver(m, session);
    EXPECT_EQ(pool.backends_reused(), 1u);
    second->add(m.less(x, n(3)));  // unsat together with the first solver's 5 < x
    ASSERT_EQ(second->check(), SatResult::Sat);
    EXPECT_LT(second->model()->symbol_value(x).as_integer(), Integer(3));
    second->push();
    add_pigeons(m, *second);
    EXPECT_EQ(second->check(), SatResult::Unsat) << second->reason_unknown();  // no 10 ms limit left over
    second->pop();
    EXPECT_EQ(second->check(), SatResult::Sat);
  });
}

// From a thread with a small stack each cvc5 solver runs on a worker thread of its own, which ends
// with it, and cvc5 1.0's term store for that thread with it: such a solver is never handed on,
// and a later solver of the same session works (handing it on crashed inside cvc5).
TEST_F(ContextReuse, Cvc5SolversOnTheirOwnWorkerThreadsAreNotHandedOn) {
  PooledSession pooled;
  for (int round = 0; round < 3; ++round) {
    auto solver = make_cvc5_solver(m, pooled.session);
    solver->add(m.less(n(5), x));
    solver->add(m.less(x, n(7)));
    ASSERT_EQ(solver->check(), SatResult::Sat);
    EXPECT_EQ(solver->model()->symbol_value(x).as_integer(), Integer(6));
  }
  EXPECT_EQ(pooled.pool.backends_reused(), 0u);
}

TEST_F(ContextReuse, ACvc5SolverStoppedByItsLimitOrUnderAnotherBudgetIsNotHandedOn) {
  LargeStackThread campaign_thread;
  campaign_thread.run([&] {
    PooledSession pooled;
  SolverSession& session = pooled.session;
  ContextPool& pool = pooled.pool;
    {
      session.budget() = WorkBudget(0, 50);
      auto stopped = make_cvc5_solver(m, session);
      add_pigeons(m, *stopped);
      ASSERT_EQ(stopped->check(), SatResult::Unknown);  // renewed after the stop; the renewal is handed on
      auto other = make_cvc5_solver(m, session);  // the renewed one is still alive: a solver of its own
      other->add(m.less(n(5), x));
      ASSERT_EQ(other->check(), SatResult::Sat);
    }
    EXPECT_EQ(pool.backends_reused(), 0u);
    {
      session.budget() = WorkBudget(0, 1000000);  // not the 50 units the two idle solvers are under
      auto unlimited = make_cvc5_solver(m, session);
      EXPECT_EQ(pool.backends_reused(), 0u);
      add_pigeons(m, *unlimited);
      EXPECT_EQ(unlimited->check(), SatResult::Unsat) << unlimited->reason_unknown();
    }
    {
      session.budget() = WorkBudget(0, 50);
      auto warm = make_cvc5_solver(m, session);
      EXPECT_EQ(pool.backends_reused(), 1u);
      // An explicit limit other than the warm solver's: cvc5 refuses to change it after a check,
      // so the solver goes on in a new one.
      warm->set_resource_limit(1000000);
      add_pigeons(m, *warm);
      EXPECT_EQ(warm->check(), SatResult::Unsat) << warm->reason_unknown();
    }
  });
}

// The budget's time-out allowance: after `full_time_outs` Z3 time-outs, later Z3 checks get the
// reduced limit, and their unknown says so.  Twelve pigeons in eleven holes outlast 100 ms by far.
TEST_F(ContextReuse, TheTimeOutAllowanceReducesTheLimitOnceSpent) {
  SolverSession session;
  EXPECT_EQ(session.budget().z3_time_limit(100), 100u) << "no budget yet: the requested limit";
  session.budget() = WorkBudget(0, 0, TimeOutAllowance{2, 10});
  auto easy = make_z3_solver(m, session);
  easy->set_timeout_milliseconds(100);
  easy->add(m.less(n(5), x));
  auto hard = make_z3_solver(m, session);
  hard->set_timeout_milliseconds(100);
  add_pigeons(m, *hard, 11);
  for (int full = 0; full < 2; ++full) {
    EXPECT_EQ(session.budget().z3_time_limit(100), 100u);
    EXPECT_EQ(hard->check(), SatResult::Unknown);
    EXPECT_EQ(hard->reason_unknown(), "timeout after 100 ms");
    EXPECT_EQ(easy->check(), SatResult::Sat) << "a decided check spends nothing";
  }
  EXPECT_EQ(session.budget().z3_time_limit(100), 10u);
  EXPECT_EQ(session.budget().z3_time_limit(5), 5u) << "a shorter request stays";
  EXPECT_EQ(session.budget().z3_time_limit(0), 10u) << "no limit asked: the reduced one";
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_NE(hard->reason_unknown().find("timeout after 10 ms (reduced"), std::string::npos) << hard->reason_unknown();
  EXPECT_EQ(easy->check(), SatResult::Sat);
  {
    const WorkBudget inner(0);  // no allowance: its checks get what they ask for
    EXPECT_EQ(inner.z3_time_limit(100), 100u);
  }
  EXPECT_EQ(session.budget().z3_time_limit(100), 10u);
}

// The budget's allowance of undecided checks: after `full_undecided` Z3 unknowns within the time
// limit, later Z3 checks get the reduced work budget, until the allowance is renewed.
TEST_F(ContextReuse, TheUndecidedAllowanceReducesTheWorkBudgetOnceSpent) {
  SolverSession session;
  session.budget() = WorkBudget(100000, 0, TimeOutAllowance{}, UndecidedAllowance{2, 1000});
  auto medium = [&] {
    auto solver = make_z3_solver(m, session);
    add_pigeons(m, *solver, 3);
    return solver->check();
  };
  EXPECT_EQ(medium(), SatResult::Unsat) << "four pigeons in three holes need less than the full budget";
  auto hard = make_z3_solver(m, session);
  add_pigeons(m, *hard, 11);
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_EQ(hard->reason_unknown(), "work budget of 100000 Z3 resource units spent (canceled)");
  EXPECT_EQ(medium(), SatResult::Unsat) << "one undecided check: the full budget still";
  EXPECT_EQ(medium(), SatResult::Unsat) << "a decided check spends nothing";
  EXPECT_EQ(session.budget().z3_work_per_check(), 100000u);
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_EQ(session.budget().z3_work_per_check(), 1000u);
  EXPECT_EQ(medium(), SatResult::Unknown) << "the reduced budget does not decide them";
  auto again = make_z3_solver(m, session);
  add_pigeons(m, *again, 3);
  EXPECT_EQ(again->check(), SatResult::Unknown);
  EXPECT_NE(again->reason_unknown().find("work budget of 1000 Z3 resource units spent"), std::string::npos) << again->reason_unknown();
  EXPECT_NE(again->reason_unknown().find("(reduced: the allowance of undecided checks is spent)"), std::string::npos)
      << again->reason_unknown();
  session.budget().renew_undecided_allowance();
  EXPECT_EQ(session.budget().z3_work_per_check(), 100000u);
  EXPECT_EQ(medium(), SatResult::Unsat);
  session.budget().renew_undecided_allowance(false);  // a property whose budget stays full
  for (int undecided = 0; undecided < 3; ++undecided) EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_EQ(session.budget().z3_work_per_check(), 100000u);
  EXPECT_EQ(medium(), SatResult::Unsat);
  session.budget().renew_undecided_allowance(true);
  EXPECT_EQ(session.budget().z3_work_per_check(), 100000u) << "renewed: none undecided yet";
}

// After the reduced time-outs, the minimal limit; each stage's unknown names it.
TEST_F(ContextReuse, AfterTheReducedTimeOutsTheMinimalLimit) {
  SolverSession session;
  session.budget() = WorkBudget(0, 0, TimeOutAllowance{1, 30, 2, 5});
  auto hard = make_z3_solver(m, session);
  hard->set_timeout_milliseconds(100);
  add_pigeons(m, *hard, 11);
  EXPECT_EQ(session.budget().time_limit_note(), "");
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_EQ(hard->reason_unknown(), "timeout after 100 ms");
  for (int reduced = 0; reduced < 2; ++reduced) {
    EXPECT_EQ(session.budget().z3_time_limit(100), 30u);
    EXPECT_EQ(hard->check(), SatResult::Unknown);
    EXPECT_NE(hard->reason_unknown().find("timeout after 30 ms (reduced"), std::string::npos) << hard->reason_unknown();
  }
  EXPECT_EQ(session.budget().z3_time_limit(100), 5u);
  EXPECT_EQ(session.budget().z3_time_limit(0), 5u);
  EXPECT_EQ(hard->check(), SatResult::Unknown);
  EXPECT_NE(hard->reason_unknown().find("timeout after 5 ms (minimal"), std::string::npos) << hard->reason_unknown();
  auto easy = make_z3_solver(m, session);
  easy->set_timeout_milliseconds(100);
  easy->add(m.less(n(5), x));
  EXPECT_EQ(easy->check(), SatResult::Sat) << "an easy query is still decided within the minimal limit";
}

// After the minimal time-outs too, Z3 checks answer unknown without asking, and say so.
TEST_F(ContextReuse, AfterTheWholeAllowanceChecksAreNotAsked) {
  SolverSession session;
  session.budget() = WorkBudget(0, 0, TimeOutAllowance{1, 30, 1, 5, 1});
  auto hard = make_z3_solver(m, session);
  hard->set_timeout_milliseconds(100);
  add_pigeons(m, *hard, 11);
  for (int time_out = 0; time_out < 3; ++time_out) {
    EXPECT_FALSE(session.budget().z3_checks_exhausted());
    EXPECT_EQ(hard->check(), SatResult::Unknown);
  }
  EXPECT_TRUE(session.budget().z3_checks_exhausted());
  auto easy = make_z3_solver(m, session);
  easy->add(m.less(n(5), x));
  EXPECT_EQ(easy->check(), SatResult::Unknown);
  EXPECT_EQ(easy->reason_unknown(), "not asked: the case's whole allowance of time-outs is spent");
  EXPECT_EQ(easy->statistics().unknown, 1u);
}

}  // namespace
}  // namespace symref::solver::testing
