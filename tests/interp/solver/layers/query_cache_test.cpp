// Tests of the case query cache: repeated queries of one store answered once, new ones from recent
// models that satisfy them, the backend made and brought up to date only when needed (no § of a
// paper: speed; §2 φ as a set of conjuncts).
#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include "interp/solver/session/solver_session.hpp"
#include "interp/solver/solver_chain.hpp"
#include "interp/solver/layers/query_cache_solver.hpp"
#include "interp/solver/backends/z3_solver.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/term_manager.hpp"
#include "tests/interp/solver/fake_solver.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

// Tests with a case's store, with layers over Z3 that count the backends they make.
class QueryCache : public terms::testing::TermFixture {
 protected:
  std::unique_ptr<QueryCacheSolver> cached_z3(terms::TermManager& manager, std::shared_ptr<solver::QueryCache> in) {
    return std::make_unique<QueryCacheSolver>("z3", [this, &manager] { ++made; return make_z3_solver(manager); }, manager, in, log);
  }
  std::unique_ptr<QueryCacheSolver> cached_z3() { return cached_z3(m, store); }

  // Fake backends answering sat with x = 7 and what `more` sets, counted in `made_fakes`; the
  // newest one is `newest_fake`.
  QueryCacheSolver::BackendFactory fake_backends(std::function<void(terms::MapValuation&)> more = {}) {
    return [this, more] {
      auto backend = std::make_unique<FakeSolver>("fake", SatResult::Sat, m);
      backend->model_values().set_symbol(x, Value::integer(Integer(7)));
      if (more) more(backend->model_values());
      ++made_fakes;
      newest_fake = backend.get();
      return backend;
    };
  }

  std::shared_ptr<solver::QueryCache> store = std::make_shared<solver::QueryCache>();  // the case's
  CheckLog log;
  int made = 0;
  int made_fakes = 0;
  FakeSolver* newest_fake = nullptr;
};

using QueryCacheFactory = terms::testing::TermFixture;

TEST_F(QueryCache, ARepeatedQueryIsAnsweredWithoutABackend) {
  {
    auto first = cached_z3();
    first->add(m.less(n(5), x));
    first->push();
    first->add(m.less(x, y));
    ASSERT_EQ(first->check(), SatResult::Sat);
    auto model = first->model();  // read for x and y while the backend's model is alive
    EXPECT_TRUE(model->evaluate(m.less(x, y)).as_boolean());
    EXPECT_TRUE(model->evaluate(m.less(n(5), x)).as_boolean());
  }
  auto second = cached_z3();
  second->push();
  second->add(m.less(x, y));  // the same set, in another order and other scopes
  second->add(m.less(n(5), x));
  ASSERT_EQ(second->check(), SatResult::Sat);
  EXPECT_EQ(second->hits(), 1u);
  EXPECT_FALSE(second->backend_made());
  auto model = second->model();
  EXPECT_GT(model->symbol_value(x).as_integer(), Integer(5));
  EXPECT_LT(model->symbol_value(x).as_integer(), model->symbol_value(y).as_integer());
  EXPECT_EQ(made, 1);
  EXPECT_EQ(second->statistics().shortcuts, 1u);
  EXPECT_EQ(second->statistics().queries, 0u);
}

TEST_F(QueryCache, AConjunctionAskedAsOneFormulaIsTheQueryOfItsConjuncts) {
  {
    auto first = cached_z3();
    first->push();
    first->add(m.less(n(5), x));
    first->push();
    first->add(m.less(x, y));
    ASSERT_EQ(first->check(), SatResult::Sat);
    auto model = first->model();
    EXPECT_TRUE(model->evaluate(m.less(x, y)).as_boolean());
    EXPECT_TRUE(model->evaluate(m.less(n(5), x)).as_boolean());
    first->pop(2);
    first->add(m.less(x, n(0)));
    first->push();
    first->add(m.less(n(3), x));
    ASSERT_EQ(first->check(), SatResult::Unsat);
  }
  auto second = cached_z3();
  second->push();
  const terms::Term both[] = {m.less(x, y), m.less(n(5), x)};
  second->add(m.logical_and(both));  // φ as the properties ask it: one conjunction
  ASSERT_EQ(second->check(), SatResult::Sat);
  EXPECT_EQ(second->hits(), 1u);
  auto model = second->model();
  EXPECT_GT(model->symbol_value(x).as_integer(), Integer(5));
  second->pop();
  const terms::Term inner[] = {m.less(n(3), x), m.less(x, n(0))};
  second->add(m.logical_and(inner));
  ASSERT_EQ(second->check(), SatResult::Unsat);
  EXPECT_EQ(second->hits(), 2u);
  EXPECT_FALSE(second->backend_made());
  EXPECT_EQ(made, 1);
}

TEST_F(QueryCache, UnsatIsKeptAndOtherQueriesGoToTheBackend) {
  auto first = cached_z3();
  first->add(m.less(x, n(0)));
  first->add(m.less(n(0), x));
  ASSERT_EQ(first->check(), SatResult::Unsat);
  auto second = cached_z3();
  second->add(m.less(n(0), x));
  second->add(m.less(x, n(0)));
  EXPECT_EQ(second->check(), SatResult::Unsat);
  second->add(m.less(x, n(10)));  // a superset: not the same query
  EXPECT_EQ(second->check(), SatResult::Unsat);
  EXPECT_EQ(second->hits(), 1u);
  EXPECT_TRUE(second->backend_made());
  EXPECT_EQ(store->answers(), 2u);
}

TEST_F(QueryCache, NeitherAnotherManagerNorAnotherBackendNorAnotherScopeShares) {
  auto first = cached_z3();
  first->add(m.less(x, n(0)));
  first->add(m.less(n(0), x));
  ASSERT_EQ(first->check(), SatResult::Unsat);
  // The same construction in a second manager gives the same term ids, but other terms.
  terms::TermManager other;
  Term other_x = other.global_symbol(0, terms::Sort::integer(), "x");
  auto elsewhere = cached_z3(other, store);
  elsewhere->add(other.less(other_x, other.integer(0)));
  elsewhere->add(other.less(other.integer(0), other_x));
  EXPECT_EQ(elsewhere->check(), SatResult::Unsat);
  EXPECT_EQ(elsewhere->hits(), 0u);
  FakeSolver* fake = nullptr;
  QueryCacheSolver unsure("fake", [&] { auto made_fake = std::make_unique<FakeSolver>("fake", SatResult::Sat, m); fake = made_fake.get(); return made_fake; }, m, store, log);
  unsure.add(m.less(x, n(0)));
  unsure.add(m.less(n(0), x));
  EXPECT_EQ(unsure.check(), SatResult::Sat);  // another backend's key: the fake is asked
  ASSERT_NE(fake, nullptr);
  auto inner = std::make_shared<solver::QueryCache>();
  auto fresh = cached_z3(m, inner);
  fresh->add(m.less(x, n(0)));
  fresh->add(m.less(n(0), x));
  EXPECT_EQ(fresh->check(), SatResult::Unsat);
  EXPECT_EQ(fresh->hits(), 0u);
}

// A query that ran out of its limits stays unknown for the rest of the case: a repeat would run
// under the same work budget and no longer time limit.
TEST_F(QueryCache, AnUnknownIsKeptForTheCase) {
  FakeSolver* fake = nullptr;
  QueryCacheSolver solver("fake", [&] { auto backend = std::make_unique<FakeSolver>("fake", SatResult::Unknown, m); fake = backend.get(); return backend; }, m, store, log);
  solver.add(m.less(x, n(3)));
  EXPECT_EQ(solver.check(), SatResult::Unknown);
  EXPECT_EQ(solver.reason_unknown(), "fake reason");
  fake->set_answer(SatResult::Unsat);
  EXPECT_EQ(solver.check(), SatResult::Unknown);
  EXPECT_EQ(solver.reason_unknown(), "fake reason (asked before in this case)");
  EXPECT_EQ(solver.hits(), 1u);
  EXPECT_EQ(fake->statistics().queries, 1u);
}

// An error inside a solver library is no answer to keep: the repeat asks again.
TEST_F(QueryCache, AnUnknownFromASolverErrorIsAskedAgain) {
  FakeSolver* fake = nullptr;
  QueryCacheSolver solver("fake", [&] {
    auto backend = std::make_unique<FakeSolver>("fake", SatResult::Unknown, m);
    backend->set_unknown_reason("z3 error: out of memory");
    fake = backend.get();
    return backend;
  }, m, store, log);
  solver.add(m.less(x, n(3)));
  EXPECT_EQ(solver.check(), SatResult::Unknown);
  fake->set_answer(SatResult::Unsat);
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.hits(), 1u);
  EXPECT_EQ(fake->statistics().queries, 2u);
}

// A first answer whose model nobody read leaves no values to show a model: the repeat is asked of
// the backend at its check (where an unknown is an answer, not a model missing later).
TEST_F(QueryCache, AModelNobodyReadIsAskedForAgain) {
  std::vector<FakeSolver*> fakes;
  auto factory = [&] {
    auto backend = std::make_unique<FakeSolver>("fake", SatResult::Sat, m);
    backend->model_values().set_symbol(x, Value::integer(Integer(7)));
    fakes.push_back(backend.get());
    return backend;
  };
  QueryCacheSolver first("fake", factory, m, store, log);
  first.add(m.less(n(5), x));
  ASSERT_EQ(first.check(), SatResult::Sat);
  QueryCacheSolver second("fake", factory, m, store, log);
  second.add(m.less(n(5), x));
  ASSERT_EQ(second.check(), SatResult::Sat);
  ASSERT_EQ(fakes.size(), 2u);
  EXPECT_EQ(fakes[1]->statistics().queries, 1u);
  EXPECT_EQ(second.model()->symbol_value(x).as_integer(), Integer(7));
  // Now the values were read: a third repeat needs no backend.
  QueryCacheSolver third("fake", factory, m, store, log);
  third.add(m.less(n(5), x));
  ASSERT_EQ(third.check(), SatResult::Sat);
  EXPECT_EQ(third.model()->symbol_value(x).as_integer(), Integer(7));
  EXPECT_EQ(fakes.size(), 2u);
}

// The backend, made late and skipped by repeats, still holds exactly the formulas in scope at
// each query it is asked: a wrong pop or a lost formula would change these answers.
TEST_F(QueryCache, TheBackendCatchesUpAcrossPushesAndPops) {
  auto warm = cached_z3();
  warm->add(m.less(n(0), x));
  warm->push();
  warm->add(m.less(x, n(2)));
  ASSERT_EQ(warm->check(), SatResult::Sat);
  EXPECT_EQ(warm->model()->symbol_value(x).as_integer(), Integer(1));  // read: the repeat can show it
  auto solver = cached_z3();
  solver->add(m.less(n(0), x));
  solver->push();
  solver->add(m.less(x, n(2)));
  EXPECT_EQ(solver->check(), SatResult::Sat);  // a repeat: no backend yet
  EXPECT_FALSE(solver->backend_made());
  solver->push();
  solver->add(m.not_equal(x, n(1)));
  EXPECT_EQ(solver->check(), SatResult::Unsat);  // the backend, made now, gets all three
  solver->pop();
  solver->pop();
  solver->push();
  solver->add(m.less(n(7), x));
  EXPECT_EQ(solver->check(), SatResult::Sat);  // x < 2 and x ≠ 1 popped
  EXPECT_GT(solver->model()->symbol_value(x).as_integer(), Integer(7));
  solver->pop();
  solver->push();
  solver->push();
  solver->add(m.less(x, n(2)));
  solver->push();
  EXPECT_EQ(solver->check(), SatResult::Sat);  // a repeat again; 7 < x is gone
  solver->add(m.less(n(1), x));
  EXPECT_EQ(solver->check(), SatResult::Unsat);  // brought back from the 7 < x scope to this one
  solver->pop(3);
  solver->add(m.equal(x, n(9)));
  EXPECT_EQ(solver->check(), SatResult::Sat);
  EXPECT_EQ(solver->model()->symbol_value(x).as_integer(), Integer(9));
  EXPECT_THROW(solver->pop(), std::logic_error);
}

// The planted fault keys a query by its newest scope: another path's answer comes back (an unsat
// one: a repeated sat answer must show a model of the formulas asked, which another path's seldom is).
TEST_F(QueryCache, ThePlantedFaultAnswersAnotherPathsQuery) {
  ScopedFault fault(Fault::QueryCacheKeyNewestScope);
  auto solver = cached_z3();
  solver->push();
  solver->add(m.less(n(9), x));
  solver->push();
  solver->add(m.less(x, n(5)));
  ASSERT_EQ(solver->check(), SatResult::Unsat);
  solver->pop(2);
  solver->push();
  solver->add(m.less(x, n(0)));
  solver->push();
  solver->add(m.less(x, n(5)));
  EXPECT_EQ(solver->check(), SatResult::Unsat);  // really sat: x = -1
}

// A query not in the store is answered sat, without a backend, by the model of a recent sat
// answer that satisfies it; a model that does not goes on to the backend.
TEST_F(QueryCache, ARecentModelAnswersANewQueryItSatisfies) {
  auto factory = fake_backends();
  QueryCacheSolver first("fake", factory, m, store, log, true);
  first.add(m.less(n(5), x));
  ASSERT_EQ(first.check(), SatResult::Sat);
  EXPECT_EQ(first.model()->symbol_value(x).as_integer(), Integer(7));  // read: the tables hold x = 7
  QueryCacheSolver second("fake", factory, m, store, log, true);
  second.add(m.less(n(6), x));
  ASSERT_EQ(second.check(), SatResult::Sat);
  EXPECT_FALSE(second.backend_made());
  EXPECT_EQ(second.model_hits(), 1u);
  EXPECT_EQ(second.model()->symbol_value(x).as_integer(), Integer(7));
  EXPECT_EQ(second.backend_value(m.less(n(6), x)), std::nullopt);  // not the backend's answer
  QueryCacheSolver third("fake", factory, m, store, log, true);
  third.add(m.less(n(8), x));  // 7 does not satisfy it
  ASSERT_EQ(third.check(), SatResult::Sat);
  EXPECT_TRUE(third.backend_made());
  EXPECT_EQ(third.model_hits(), 0u);
  // Without the option, a new query goes to the backend even when a recent model satisfies it.
  QueryCacheSolver fourth("fake", factory, m, store, log);
  fourth.add(m.less(n(4), x));
  ASSERT_EQ(fourth.check(), SatResult::Sat);
  EXPECT_TRUE(fourth.backend_made());
  EXPECT_EQ(made_fakes, 3);
}

// An answer from a recent model gets a frozen copy of its tables: the first model, still alive,
// goes on recording what its readers read, so a repeat of the first query finds its tables whole
// and needs no backend (once the case's time-outs are spent a backend would answer unknown).
TEST_F(QueryCache, AnAnswerFromAModelCopiesItsTables) {
  auto factory = fake_backends([&](terms::MapValuation& values) { values.set_symbol(y, Value::integer(Integer(4))); });
  QueryCacheSolver first("fake", factory, m, store, log, true);
  first.add(m.less(n(5), x));
  first.add(m.less(n(2), y));
  ASSERT_EQ(first.check(), SatResult::Sat);
  auto first_model = first.model();
  EXPECT_EQ(first_model->symbol_value(x).as_integer(), Integer(7));  // y not read yet
  QueryCacheSolver second("fake", factory, m, store, log, true);
  second.add(m.less(n(6), x));
  ASSERT_EQ(second.check(), SatResult::Sat);
  EXPECT_EQ(second.model_hits(), 1u);
  EXPECT_EQ(first_model->symbol_value(y).as_integer(), Integer(4));  // recorded for the first query
  auto second_model = second.model();
  EXPECT_EQ(second_model->symbol_value(y).as_integer(), Integer(0));  // the copy was taken before
  QueryCacheSolver third("fake", factory, m, store, log, true);
  third.add(m.less(n(2), y));
  third.add(m.less(n(5), x));
  ASSERT_EQ(third.check(), SatResult::Sat);  // a repeat of the first query
  auto third_model = third.model();
  EXPECT_EQ(third_model->symbol_value(y).as_integer(), Integer(4));
  EXPECT_FALSE(third.backend_made());
  EXPECT_EQ(made_fakes, 1);
}

// After three unsat answers in a row a solver asks its backend without trying the recent models,
// until an answer is sat again.
TEST_F(QueryCache, ASolverAnsweringUnsatInARowLeavesTheModelsAlone) {
  auto factory = fake_backends();
  QueryCacheSolver first("fake", factory, m, store, log, true);
  first.add(m.less(n(5), x));
  ASSERT_EQ(first.check(), SatResult::Sat);
  EXPECT_EQ(first.model()->symbol_value(x).as_integer(), Integer(7));
  QueryCacheSolver solver("fake", factory, m, store, log, true);
  auto ask = [&](Term formula) {
    solver.push();
    solver.add(formula);
    const SatResult answer = solver.check();
    solver.pop();
    return answer;
  };
  EXPECT_EQ(ask(m.less(n(6), x)), SatResult::Sat);  // from x = 7
  EXPECT_EQ(solver.model_hits(), 1u);
  ASSERT_EQ(ask(m.less(x, n(0))), SatResult::Sat);  // makes the backend
  newest_fake->set_answer(SatResult::Unsat);
  for (int bound = 1; bound <= 3; ++bound) EXPECT_EQ(ask(m.less(x, n(bound))), SatResult::Unsat);
  EXPECT_EQ(ask(m.less(n(4), x)), SatResult::Unsat);  // x = 7 would do, but the backend is asked
  EXPECT_EQ(solver.model_hits(), 1u);
  newest_fake->set_answer(SatResult::Sat);
  EXPECT_EQ(ask(m.less(x, n(-5))), SatResult::Sat);  // sat again
  EXPECT_EQ(ask(m.less(n(3), x)), SatResult::Sat);
  EXPECT_EQ(solver.model_hits(), 2u);
}

// A recent model must also meet the side constraints of the new query (encoding.hpp): a length
// read off the first model for an array that query did not constrain may be negative.
TEST_F(QueryCache, ARecentModelThatBreaksASideConstraintIsNotTaken) {
  auto factory = fake_backends([&](terms::MapValuation& values) { values.set_length(a, Integer(-1)); });
  QueryCacheSolver first("fake", factory, m, store, log, true);
  first.add(m.less(n(5), x));
  ASSERT_EQ(first.check(), SatResult::Sat);
  auto model = first.model();
  EXPECT_EQ(model->symbol_value(x).as_integer(), Integer(7));
  EXPECT_EQ(model->array_length(a), Integer(-1));  // read, so the tables hold it
  QueryCacheSolver second("fake", factory, m, store, log, true);
  second.add(m.less(m.select(a, n(0)), x));  // 0 < 7 under the tables, but |a| = -1
  ASSERT_EQ(second.check(), SatResult::Sat);
  EXPECT_EQ(second.model_hits(), 0u);
  EXPECT_TRUE(second.backend_made());
  EXPECT_EQ(made_fakes, 2);
}

// The planted fault tries a recent model on the innermost scope's formulas alone.
TEST_F(QueryCache, ThePlantedFaultAnswersSatFromAModelOfTheNewestScope) {
  auto first = std::make_unique<QueryCacheSolver>("z3", [this] { return make_z3_solver(m); }, m, store, log, true);
  first->add(m.equal(x, n(7)));
  ASSERT_EQ(first->check(), SatResult::Sat);
  EXPECT_EQ(first->model()->symbol_value(x).as_integer(), Integer(7));
  auto ask = [&] {
    auto fresh_store = std::make_shared<solver::QueryCache>();  // a store of its own each time, holding the model above only
    fresh_store->offer_model("z3", m.serial(), store->recent_models("z3", m.serial()).front());
    QueryCacheSolver solver("z3", [this] { return make_z3_solver(m); }, m, fresh_store, log, true);
    solver.add(m.less(x, n(0)));
    solver.push();
    solver.add(m.less(n(6), x));
    return solver.check();
  };
  EXPECT_EQ(ask(), SatResult::Unsat);
  ScopedFault fault(Fault::QueryCacheModelNewestScope);
  EXPECT_EQ(ask(), SatResult::Sat);  // really unsat: x < 0 is not checked
}

// make_solver puts the layer under its others only when the session holds a store and the
// options want it.
TEST_F(QueryCacheFactory, MakeSolverUsesTheCacheOnlyInAnActiveScopeAndWhenAsked) {
  auto repeat_twice = [&](const SolverOptions& options, SolverSession* session = nullptr) {
    std::uint64_t shortcuts = 0;
    for (int round = 0; round < 2; ++round) {
      auto solver = make_solver("z3", m, options, session);
      solver->push();
      solver->add(m.less(n(3), x));
      EXPECT_EQ(solver->check(), SatResult::Sat);
      EXPECT_GT(solver->model()->symbol_value(x).as_integer(), Integer(3));
      shortcuts += solver->statistics().shortcuts;
    }
    return shortcuts;
  };
  EXPECT_EQ(repeat_twice(SolverOptions{}), 0u);  // no session
  SolverSession session;
  {
    const SolverSession::Case without_store(session, false, WorkBudget{});
    EXPECT_EQ(session.query_cache(), nullptr);
    EXPECT_EQ(repeat_twice(SolverOptions{}, &session), 0u);
  }
  const SolverSession::Case with_store(session, true, WorkBudget{});
  SolverOptions without;
  without.query_cache = false;
  EXPECT_EQ(repeat_twice(without, &session), 0u);
  EXPECT_EQ(repeat_twice(SolverOptions{}, &session), 1u);  // the model-checking layer above validated the repeat's model
  auto both = make_solver("both", m, SolverOptions{}, &session);
  both->add(m.less(n(3), x));
  EXPECT_EQ(both->check(), SatResult::Sat);  // z3's answer from the store, cvc5 asked
  EXPECT_EQ(session.query_cache()->hits(), 2u);
}

}  // namespace
}  // namespace symref::solver::testing
