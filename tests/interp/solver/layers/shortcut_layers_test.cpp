// Tests of the shortcut layers: counterexample cache, model reuse, implied conditions, constraint
// independence and syntactic contradictions, each with its planted fault (§2: is φ ∧ b satisfiable?).
#include <gtest/gtest.h>

#include "interp/solver/layers/contradiction_solver.hpp"
#include "interp/solver/layers/counterexample_cache_solver.hpp"
#include "interp/solver/layers/implied_condition_solver.hpp"
#include "interp/solver/layers/independence_solver.hpp"
#include "interp/solver/layers/model_checking_solver.hpp"
#include "interp/solver/layers/model_reuse_solver.hpp"
#include "interp/solver/backends/z3_solver.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/faults.hpp"
#include "tests/interp/solver/fake_solver.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

using terms::testing::TermFixture;
using CounterexampleCache = TermFixture;
using ModelReuse = TermFixture;
using ImpliedConditions = TermFixture;
using Independence = TermFixture;
using Contradictions = TermFixture;
using ShortcutStack = TermFixture;

// A formula holds under the model the solver hands out.
void expect_model_satisfies(Solver& solver, std::initializer_list<Term> formulas) {
  auto model = solver.model();
  for (Term formula : formulas) EXPECT_TRUE(model->evaluate(formula).as_boolean());
}

// Asks about `first` (which must be sat), then about `first` ∧ `second` in a scope of its own:
// the second answer, which the planted faults get wrong.
SatResult check_after(Solver& solver, Term first, Term second) {
  solver.push();
  solver.add(first);
  EXPECT_EQ(solver.check(), SatResult::Sat);
  solver.push();
  solver.add(second);
  return solver.check();
}

// ---------------------------------------------------------------------------------------------
// CounterexampleCacheSolver

TEST_F(CounterexampleCache, ASubsetOfAKnownSatSetIsSatWithThatModel) {
  CounterexampleCacheSolver solver(make_z3_solver(m), m);
  solver.push();
  solver.add(m.less(x, n(3)));
  solver.push();
  solver.add(m.less(n(0), y));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  solver.pop();
  EXPECT_EQ(solver.check(), SatResult::Sat);  // {x < 3} ⊆ {x < 3, 0 < y}
  EXPECT_EQ(solver.shortcuts(), 1u);
  EXPECT_EQ(solver.statistics().queries, 1u);
  expect_model_satisfies(solver, {m.less(x, n(3))});
}

TEST_F(CounterexampleCache, ASupersetOfAKnownUnsatSetIsUnsat) {
  CounterexampleCacheSolver solver(make_z3_solver(m), m);
  solver.push();
  solver.add(m.less(x, n(3)));
  solver.push();
  solver.add(m.less(n(5), x));
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  solver.push();
  solver.add(m.less(n(0), y));
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.shortcuts(), 1u);
  // A new set neither inside a sat one nor around an unsat one goes to the backend.
  solver.pop(2);
  solver.push();
  solver.add(m.less(n(1), x));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_EQ(solver.statistics().queries, 2u);
}

TEST_F(CounterexampleCache, PlantedFaultAnswersSatFromASubset) {
  ScopedFault fault(Fault::CounterexampleCacheBackwards);
  CounterexampleCacheSolver solver(make_z3_solver(m), m);
  EXPECT_EQ(check_after(solver, m.less(x, n(3)), m.less(n(5), x)), SatResult::Sat);  // wrong: x < 3 ∧ 5 < x is unsat
}

// ---------------------------------------------------------------------------------------------
// ModelReuseSolver

TEST_F(ModelReuse, TheLastModelAnswersWhenItSatisfiesEveryFormula) {
  ModelReuseSolver solver(make_z3_solver(m), m);
  solver.push();
  solver.add(m.less(n(0), x));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  solver.push();
  solver.add(m.less(n(-5), x));  // every model of 0 < x satisfies it
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_EQ(solver.shortcuts(), 1u);
  expect_model_satisfies(solver, {m.less(n(0), x), m.less(n(-5), x)});
  solver.pop();
  solver.push();
  solver.add(m.less(x, n(0)));  // no model of 0 < x satisfies it: the backend decides
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.shortcuts(), 1u);
  EXPECT_EQ(solver.statistics().queries, 2u);
}

// The layer remembers which formulas in scope the last model satisfies, so that a deeper query
// evaluates only the formulas above them; a formula it found false stays untrusted under any later
// query that keeps it in scope.
TEST_F(ModelReuse, AFormulaFoundFalseIsNotTrustedByADeeperQuery) {
  ModelReuseSolver solver(make_z3_solver(m), m);
  solver.push();
  solver.add(m.less(n(0), x));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  solver.push();
  solver.add(m.less(x, n(0)));  // false under the model of 0 < x: the backend decides
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  solver.push();
  solver.add(m.less(n(-5), x));  // true under that model, but x < 0 below it is not
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.shortcuts(), 0u);
  solver.pop(2);
  solver.push();
  solver.add(m.less(n(-5), x));  // 0 < x, known true, and the new formula: no backend query
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_EQ(solver.shortcuts(), 1u);
  EXPECT_EQ(solver.statistics().queries, 3u);
}

TEST_F(ModelReuse, PlantedFaultSkipsTheNewestFormula) {
  ScopedFault fault(Fault::ModelReuseSkipsNewest);
  ModelReuseSolver solver(make_z3_solver(m), m);
  EXPECT_EQ(check_after(solver, m.less(n(0), x), m.less(x, n(0))), SatResult::Sat);  // wrong
  // The validating layer above catches the model it hands out.
  ModelCheckingSolver checked(std::make_unique<ModelReuseSolver>(make_z3_solver(m), m), m);
  EXPECT_THROW(check_after(checked, m.less(n(0), x), m.less(x, n(0))), InvalidModel);
}

// ---------------------------------------------------------------------------------------------
// ImpliedConditionSolver

TEST_F(ImpliedConditions, ARepeatedConditionIsSatAndItsNegationUnsat) {
  ImpliedConditionSolver solver(make_z3_solver(m), m);
  Term positive = m.less(n(0), x);
  solver.push();
  solver.add(m.logical_and(positive, b));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  solver.push();
  solver.add(positive);  // a conjunct of the formula below
  EXPECT_EQ(solver.check(), SatResult::Sat);
  expect_model_satisfies(solver, {positive, b});
  solver.pop();
  solver.push();
  solver.add(m.logical_not(positive));
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.shortcuts(), 2u);
  EXPECT_EQ(solver.statistics().queries, 1u);
  solver.pop();
  solver.push();
  solver.add(m.less(x, n(7)));  // not decided syntactically
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_EQ(solver.statistics().queries, 2u);
}

TEST_F(ImpliedConditions, PlantedFaultTakesANegationForImplied) {
  ScopedFault fault(Fault::ImpliedIgnoresPolarity);
  ImpliedConditionSolver solver(make_z3_solver(m), m);
  EXPECT_EQ(check_after(solver, m.less(n(0), x), m.logical_not(m.less(n(0), x))), SatResult::Sat);  // wrong
}

TEST_F(ImpliedConditions, PlantedFaultPrunesARepeatedCondition) {
  ScopedFault fault(Fault::ImpliedWrongUnsat);
  ImpliedConditionSolver solver(make_z3_solver(m), m);
  EXPECT_EQ(check_after(solver, m.less(n(0), x), m.less(n(0), x)), SatResult::Unsat);  // wrong: x = 1 satisfies both
}

// ---------------------------------------------------------------------------------------------
// ContradictionSolver

TEST_F(Contradictions, AConjunctAndItsNegationInScopeAreUnsatWithoutTheSolverBelow) {
  // A backend that says sat to everything: an unsat answer can only be the layer's.
  auto fake = std::make_unique<FakeSolver>("fake", SatResult::Sat, m);
  FakeSolver& backend = *fake;
  ContradictionSolver solver(std::move(fake), m);
  solver.push();
  solver.add(m.logical_and(m.less(x, n(3)), b));
  solver.push();
  solver.add(m.logical_and(m.less(n(0), y), m.logical_not(b)));  // ¬b inside another conjunction
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.shortcuts(), 1u);
  EXPECT_EQ(backend.statistics().queries, 0u);
  EXPECT_EQ(solver.statistics().shortcuts, 1u);
  solver.pop();  // the negation goes with its scope
  solver.push();
  solver.add(m.less(y, n(7)));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_EQ(backend.statistics().queries, 1u);
  EXPECT_EQ(backend.scopes(), 2u);  // push, pop and add reach the solver below as said
}

TEST_F(Contradictions, AComparisonMeetsItsNegationAsTheFactoryWritesIt) {
  ContradictionSolver solver(make_z3_solver(m), m);
  Term smaller = m.less(x, y);
  ASSERT_NE(m.logical_not(smaller)->kind(), terms::TermKind::Not);  // ¬(x < y) is written y <= x
  solver.push();
  solver.add(smaller);
  EXPECT_EQ(solver.check(), SatResult::Sat);
  solver.push();
  solver.add(m.logical_not(smaller));
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.shortcuts(), 1u);
  EXPECT_EQ(solver.statistics().queries, 1u);
  solver.pop(2);
  solver.add(m.false_term());
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.shortcuts(), 2u);
}

TEST_F(Contradictions, ADisjunctionIsOneLiteralAndGoesToTheSolver) {
  ContradictionSolver solver(make_z3_solver(m), m);
  solver.add(m.logical_or(b, c));
  solver.add(m.logical_not(b));
  EXPECT_EQ(solver.check(), SatResult::Sat);  // c true
  EXPECT_EQ(solver.shortcuts(), 0u);
  expect_model_satisfies(solver, {m.logical_or(b, c), m.logical_not(b)});
}

TEST_F(Contradictions, PlantedFaultOpensADisjunction) {
  ScopedFault fault(Fault::ContradictionInsideDisjunction);
  ContradictionSolver solver(make_z3_solver(m), m);
  solver.add(m.logical_or(b, c));
  solver.add(m.logical_not(b));
  EXPECT_EQ(solver.check(), SatResult::Unsat);  // wrong: c true satisfies both
}

TEST_F(Contradictions, MakeSolverStacksTheLayerOnlyWhenAsked) {
  SolverOptions options;
  EXPECT_FALSE(options.syntactic_contradictions);  // off unless the options switch it on
  for (bool on : {false, true}) {
    options.syntactic_contradictions = on;
    auto solver = make_solver("z3", m, options);
    solver->add(b);
    solver->add(m.logical_not(b));
    EXPECT_EQ(solver->check(), SatResult::Unsat);
    EXPECT_EQ(solver->statistics().shortcuts, on ? 1u : 0u);
    EXPECT_EQ(solver->statistics().queries, on ? 0u : 1u);
  }
}

// ---------------------------------------------------------------------------------------------
// IndependenceSolver

TEST_F(Independence, OnlyFormulasSharingAtomsWithTheNewestScopeAreAsked) {
  IndependenceSolver solver(make_z3_solver(m), m);
  solver.push();
  solver.add(m.less(n(0), x));
  solver.push();
  solver.add(m.equal(y, m.select(a, n(0))));
  EXPECT_EQ(solver.check(), SatResult::Sat);  // nothing known yet: everything is asked
  EXPECT_EQ(solver.reduced_checks(), 0u);
  solver.push();
  solver.add(m.less(n(10), m.select(a, n(0))));  // shares a with the second formula, not x
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_EQ(solver.reduced_checks(), 1u);
  expect_model_satisfies(solver, {m.less(n(0), x), m.equal(y, m.select(a, n(0))), m.less(n(10), m.select(a, n(0)))});
  solver.push();
  solver.add(m.less(y, n(5)));  // through y = a[0] it meets 10 < a[0]: unsat
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  EXPECT_EQ(solver.reduced_checks(), 2u);
}

TEST_F(Independence, FormulasLeftOutMustHaveBeenPartOfTheLastSatQuery) {
  IndependenceSolver solver(make_z3_solver(m), m);
  solver.push();
  solver.add(m.less(n(0), y));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  solver.pop();
  solver.push();
  solver.add(m.less(y, y));  // unsat, never asked about
  solver.push();
  solver.add(m.less(n(0), x));
  EXPECT_EQ(solver.check(), SatResult::Unsat);  // y < y is not known sat: asked along
  EXPECT_EQ(solver.reduced_checks(), 0u);
}

// Branches on disjoint inputs, as in bench/programs/path_explosion_12.sym: under a different
// prefix the cut-down query repeats, and its answer — sat with a model, or unsat — is remembered.
TEST_F(Independence, ARepeatedCutDownQueryIsAnsweredFromMemory) {
  IndependenceSolver solver(make_z3_solver(m), m);
  const std::uint64_t asked_before = solver.statistics().queries;
  for (Term prefix : {m.less(n(0), x), m.less(x, n(1))}) {
    solver.push();
    solver.add(prefix);
    EXPECT_EQ(solver.check(), SatResult::Sat);
    solver.push();
    solver.add(m.less(n(3), y));  // shares nothing with the prefix
    EXPECT_EQ(solver.check(), SatResult::Sat);
    expect_model_satisfies(solver, {prefix, m.less(n(3), y)});
    solver.pop();
    solver.push();
    solver.add(m.logical_and(m.less(n(3), y), m.less(y, n(2))));
    EXPECT_EQ(solver.check(), SatResult::Unsat);
    solver.pop(2);
  }
  // The second prefix's own query is new; its two cut-down ones are remembered.
  EXPECT_EQ(solver.remembered_answers(), 2u);
  EXPECT_EQ(solver.statistics().queries - asked_before, 4u);
  EXPECT_EQ(solver.statistics().shortcuts, 2u);
}

TEST_F(Independence, PlantedFaultDropsFormulasOnTheSameAtoms) {
  ScopedFault fault(Fault::IndependenceNewestOnly);
  IndependenceSolver solver(make_z3_solver(m), m);
  EXPECT_EQ(check_after(solver, m.less(n(0), x), m.less(x, n(0))), SatResult::Sat);  // wrong
}

// ---------------------------------------------------------------------------------------------
// All four stacked, as make_solver does for the explorer

TEST_F(ShortcutStack, TheStackAnswersAsTheBackendDoesWithFewerQueries) {
  SolverOptions with;
  with.independence = with.counterexample_cache = with.model_reuse = with.implied_conditions = true;
  auto layered = make_solver("z3", m, with);
  auto plain = make_solver("z3", m, SolverOptions{});
  // Three independent forks, every path through them: 2 + 4 + 8 checks, answered alike.
  Term conditions[3] = {m.less(n(0), x), m.less(n(1), y), m.less(n(2), m.length(a))};
  std::vector<int> path;
  auto walk = [&](auto& self, int depth) -> void {
    if (depth == 3) return;
    for (bool taken : {false, true}) {  // the else side first: the default model (0) satisfies it
      Term condition = taken ? conditions[depth] : m.logical_not(conditions[depth]);
      for (Solver* solver : {layered.get(), plain.get()}) {
        solver->push();
        solver->add(condition);
      }
      ASSERT_EQ(layered->check(), plain->check());
      self(self, depth + 1);
      layered->pop();
      plain->pop();
    }
  };
  walk(walk, 0);
  EXPECT_EQ(plain->statistics().queries, 14u);
  EXPECT_LT(layered->statistics().queries, 14u);
  EXPECT_EQ(layered->statistics().queries + layered->statistics().shortcuts, 14u);
}

}  // namespace
}  // namespace symref::solver::testing
