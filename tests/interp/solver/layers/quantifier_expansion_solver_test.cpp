// Tests of the quantifier-expansion solver layer: same answers, models of the formulas as given, and its planted fault caught by Z3.
#include "interp/solver/layers/quantifier_expansion_solver.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "interp/solver/backends/z3_solver.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/faults.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

using terms::testing::TermFixture;

class QuantifierExpansionLayer : public TermFixture {
 protected:
  // ∀k. lo <= k < hi → x <= a[k]
  Term all_at_least_x(std::int64_t low, std::int64_t high) {
    Term k = m.bound_variable(terms::Sort::integer(), "k");
    return m.forall(k, m.implies(m.logical_and(m.less_equal(n(low), k), m.less(k, n(high))), m.less_equal(x, m.select(a, k))));
  }

  // Formulas of the shapes the engines build, with constant bounds from -1 to 3 (some empty),
  // strict and non-strict, ∀ and ∃, nested with an inner bound given by the outer variable.
  std::vector<Term> sample_formulas() {
    std::vector<Term> formulas;
    for (std::int64_t low = -1; low <= 1; ++low)
      for (std::int64_t high = low - 1; high <= 3; ++high) {
        Term k = m.bound_variable(terms::Sort::integer(), "k");
        Term in_range = m.logical_and(m.less_equal(n(low), k), m.less_equal(k, n(high)));
        formulas.push_back(m.forall(k, m.implies(in_range, m.less(m.select(a, k), m.add(x, k)))));
        Term j = m.bound_variable(terms::Sort::integer(), "j");
        formulas.push_back(m.exists(j, m.logical_and(std::vector<Term>{m.less(n(low - 1), j), m.less(j, n(high + 1)),
                                                                       m.equal(m.select(a, j), m.multiply(y, j))})));
        Term outer = m.bound_variable(terms::Sort::integer(), "t2");
        Term inner = m.bound_variable(terms::Sort::integer(), "t1");
        Term exists = m.exists(inner, m.logical_and(std::vector<Term>{m.less_equal(n(low), inner), m.less_equal(inner, outer),
                                                                      m.less(x, m.add(m.select(a, inner), outer))}));
        formulas.push_back(m.logical_not(m.forall(
            outer, m.logical_or(m.logical_not(m.logical_and(m.less_equal(n(0), outer), m.less(outer, n(high)))), exists))));
      }
    return formulas;
  }

  // Whether Z3, given both as they are, finds a valuation where `formula` and its expansion differ.
  SatResult differs(Term formula) {
    terms::BoundedQuantifierExpansion expansion(m);
    auto z3 = make_z3_solver(m);
    z3->set_timeout_milliseconds(10000);
    z3->add(terms::separating_condition(m, formula, expansion.apply(formula)));
    return z3->check();
  }
};

TEST_F(QuantifierExpansionLayer, AnswersAndModelsAreThoseOfTheFormulasAsGiven) {
  QuantifierExpansionSolver solver(make_z3_solver(m), m);
  solver.push();
  solver.add(all_at_least_x(0, 3));
  solver.push();
  solver.add(m.less(m.select(a, n(1)), x));
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  solver.pop();
  solver.add(m.less(m.select(a, n(3)), x));  // k = 3 is outside the range
  ASSERT_EQ(solver.check(), SatResult::Sat);
  auto model = solver.model();
  for (std::int64_t k = 0; k < 3; ++k) EXPECT_TRUE(model->evaluate(m.less_equal(x, m.select(a, n(k)))).as_boolean());
  EXPECT_TRUE(model->evaluate(m.less(m.select(a, n(3)), x)).as_boolean());
  EXPECT_EQ(solver.expanded(), 1u);
}

TEST_F(QuantifierExpansionLayer, EveryExpansionMeansWhatItsFormulaMeans) {
  for (Term formula : sample_formulas()) EXPECT_EQ(differs(formula), SatResult::Unsat) << terms::to_string(formula->kind());
}

TEST_F(QuantifierExpansionLayer, ThePlantedFaultChangesTheMeaningOfANonEmptyRange) {
  ScopedFault fault(Fault::QuantifierExpansionDropsLastInstance);
  std::size_t caught = 0;
  for (Term formula : sample_formulas()) caught += differs(formula) == SatResult::Sat;
  EXPECT_GT(caught, 0u);
  EXPECT_EQ(differs(all_at_least_x(0, 2)), SatResult::Sat);  // a[1] < x satisfies the expansion only
}

TEST_F(QuantifierExpansionLayer, MakeSolverPutsItOverTheBackendUnlessSwitchedOff) {
  SolverOptions options;
  EXPECT_TRUE(options.expand_bounded_quantifiers);
  options.validate_models = false;
  ScopedFault fault(Fault::QuantifierExpansionDropsLastInstance);  // shows whether the layer is there
  for (bool expand : {true, false}) {
    options.expand_bounded_quantifiers = expand;
    auto solver = make_solver("z3", m, options);
    solver->add(all_at_least_x(0, 2));
    solver->add(m.less(m.select(a, n(1)), x));
    EXPECT_EQ(solver->check(), expand ? SatResult::Sat : SatResult::Unsat);  // sat: the fault's wrong answer
  }
}

}  // namespace
}  // namespace symref::solver::testing
