// Tests of the Z3 and cvc5 backends: sat, unsat, arrays, fields, models, push/pop, time-outs (§2, §4.1).
#include <gtest/gtest.h>

#include <cctype>
#include <stdexcept>

#include "interp/solver/cvc5_solver.hpp"
#include "interp/solver/z3_solver.hpp"
#include "semantics/terms/term_manager.hpp"
#include "tests/interp/solver/fake_solver.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

using terms::Sort;
using terms::testing::TermFixture;

Integer big(const char* decimal) { return *Integer::from_decimal(decimal); }

class Backend : public TermFixture, public ::testing::WithParamInterface<std::string> {
 protected:
  std::unique_ptr<Solver> solver = GetParam() == "z3" ? make_z3_solver(m) : make_cvc5_solver(m);

  // Adds the formulas in a new scope, checks, and when sat checks the model satisfies each one.
  SatResult check(std::initializer_list<Term> formulas) {
    solver->push();
    for (Term f : formulas) solver->add(f);
    SatResult result = solver->check();
    if (result == SatResult::Sat) {
      auto model = solver->model();
      for (Term f : formulas) EXPECT_TRUE(model->evaluate(f).as_boolean()) << "model falsifies a formula";
    }
    return result;
  }
  void done() { solver->pop(); }
};

TEST_P(Backend, SatAndUnsatWithModelValues) {
  EXPECT_EQ(solver->name(), GetParam());
  ASSERT_EQ(check({m.less(n(3), x), m.less(x, n(5))}), SatResult::Sat);
  EXPECT_EQ(solver->model()->evaluate(x).as_integer(), Integer(4));
  EXPECT_EQ(solver->model()->symbol_value(x).as_integer(), Integer(4));
  EXPECT_EQ(solver->reason_unknown(), "");
  done();
  EXPECT_EQ(check({m.less(x, n(3)), m.less(n(5), x)}), SatResult::Unsat);
  done();
  EXPECT_EQ(check({m.logical_and(b, m.logical_not(c)), m.equal(b, c)}), SatResult::Unsat);
  done();
  ASSERT_EQ(check({m.implies(b, m.less(x, y)), b, m.equal(y, n(-2))}), SatResult::Sat);
  EXPECT_TRUE(solver->model()->symbol_value(b).as_boolean());
  EXPECT_EQ(solver->model()->evaluate(m.add(x, n(0))).as_integer() < Integer(-2), true);
  done();
  EXPECT_EQ(solver->statistics().queries, 4u);
  EXPECT_EQ(solver->statistics().sat, 2u);
  EXPECT_EQ(solver->statistics().unsat, 2u);
}

TEST_P(Backend, BigIntegersAndEuclideanDivision) {
  Term huge = m.integer(big("1267650600228229401496703205377"));  // 2^100 + 1
  ASSERT_EQ(check({m.equal(x, huge)}), SatResult::Sat);
  EXPECT_EQ(solver->model()->evaluate(m.multiply(x, n(2))).as_integer(), big("2535301200456458802993406410754"));
  done();
  m.set_simplify(false);  // keep the operators for the solver
  EXPECT_EQ(check({m.equal(x, n(-7)), m.equal(y, n(2)), m.logical_not(m.equal(m.divide(x, y), n(-4)))}),
            SatResult::Unsat);
  done();
  EXPECT_EQ(check({m.equal(x, n(-7)), m.equal(y, n(2)), m.logical_not(m.equal(m.remainder(x, y), n(1)))}),
            SatResult::Unsat);
  done();
  EXPECT_EQ(check({m.equal(x, n(7)), m.equal(y, n(-2)), m.logical_not(m.equal(m.divide(x, y), n(-3)))}),
            SatResult::Unsat);
  done();
  // Total division: a / 0 = 0 and a % 0 = a for every a, so their negations are unsat.
  EXPECT_EQ(check({m.logical_not(m.equal(m.divide(x, n(0)), n(0)))}), SatResult::Unsat);
  done();
  EXPECT_EQ(check({m.logical_not(m.equal(m.remainder(x, y), x)), m.equal(y, n(0))}), SatResult::Unsat);
  done();
  ASSERT_EQ(check({m.equal(m.divide(x, y), n(3)), m.equal(m.remainder(x, y), n(2)), m.less(y, n(0)),
                   m.less(n(-4), y)}),
            SatResult::Sat);
  done();
}

TEST_P(Backend, ArraysAsFunctionsWithLengths) {
  m.set_simplify(false);
  EXPECT_EQ(check({m.equal(m.select(a, x), n(5)), m.equal(m.select(a, y), n(6)), m.equal(x, y)}), SatResult::Unsat);
  done();
  EXPECT_EQ(check({m.equal(x, y), m.logical_not(m.equal(m.select(m.store(a, x, n(3)), y), n(3)))}),
            SatResult::Unsat);
  done();
  EXPECT_EQ(check({m.less(m.length(a), n(0))}), SatResult::Unsat);  // the side constraint len(a) >= 0
  done();
  EXPECT_EQ(check({m.logical_not(m.equal(m.length(m.store(a, x, y)), m.length(a)))}), SatResult::Unsat);
  done();
  Term stored = m.store(m.store(a, n(0), n(10)), n(1), n(20));
  ASSERT_EQ(check({m.equal(m.length(a), n(3)), m.equal(m.select(a, n(2)), n(30)),
                   m.equal(m.add(m.select(stored, x), m.select(stored, y)), n(50)), m.less(x, y)}),
            SatResult::Sat);
  auto model = solver->model();
  EXPECT_EQ(model->array_length(a), Integer(3));
  EXPECT_EQ(model->array_element(a, Value::integer(2)).as_integer(), Integer(30));
  EXPECT_EQ(model->evaluate(m.select(a, n(2))).as_integer(), Integer(30));
  done();
}

TEST_P(Backend, FieldsAndObjects) {
  m.set_simplify(false);  // the solver, not the simplifier, must know the object encoding
  EXPECT_EQ(check({m.equal(m.select(val, p), n(5)), m.equal(m.select(val, q), n(6)), m.equal(p, q)}),
            SatResult::Unsat);
  EXPECT_EQ(check({m.select(flag, p), m.logical_not(m.select(flag, q)), m.equal(p, q)}), SatResult::Unsat);
  done();
  done();
  Term new1 = m.new_object(1, 0);
  EXPECT_EQ(check({m.equal(p, new1)}), SatResult::Unsat);  // a global is an input object
  done();
  EXPECT_EQ(check({m.equal(m.select(next, q), new1)}), SatResult::Unsat);  // so is an input field value
  done();
  EXPECT_EQ(check({m.equal(m.select(m.store(next, p, new1), q), new1)}), SatResult::Sat);  // q = p
  EXPECT_EQ(solver->model()->evaluate(m.equal(p, q)).as_boolean(), true);
  done();
  Term o = m.fresh_symbol(Sort::reference(0), "o");
  ASSERT_EQ(check({m.equal(o, new1)}), SatResult::Sat);  // a fresh symbol may be a new object
  EXPECT_EQ(solver->model()->symbol_value(o).as_object(), 1);
  done();
  ASSERT_EQ(check({m.logical_not(m.equal(p, m.nil(0))), m.equal(m.select(next, p), p), m.less(n(7), m.select(val, p))}),
            SatResult::Sat);
  auto model = solver->model();
  Value object = model->symbol_value(p);
  EXPECT_LT(object.as_object(), 0);
  EXPECT_EQ(model->array_element(next, object), object);
  EXPECT_LT(Integer(7), model->array_element(val, object).as_integer());
  done();
}

TEST_P(Backend, PushAndPopAlongAPath) {
  solver->add(m.less(n(0), x));
  solver->push();
  solver->add(m.less(x, n(0)));
  EXPECT_EQ(solver->check(), SatResult::Unsat);
  solver->pop();
  EXPECT_EQ(solver->check(), SatResult::Sat);
  solver->push();
  solver->push();
  solver->add(m.equal(x, n(9)));
  EXPECT_EQ(solver->check(), SatResult::Sat);
  EXPECT_EQ(solver->model()->evaluate(x).as_integer(), Integer(9));
  solver->pop(2);
  EXPECT_THROW(solver->pop(), std::logic_error);
  // Side constraints are collected again after the scope that first collected them is popped.
  m.set_simplify(false);
  solver->push();
  solver->add(m.equal(m.select(next, p), q));
  EXPECT_EQ(solver->check(), SatResult::Sat);
  solver->pop();
  solver->add(m.equal(m.select(next, p), m.new_object(2, 0)));
  EXPECT_EQ(solver->check(), SatResult::Unsat);
}

TEST_P(Backend, TimeOutGivesUnknownWithAReason) {
  // x^3 + y^3 = z^3 has no positive solution (Fermat, n = 3): hard for both solvers.
  m.set_simplify(false);
  Term z = m.fresh_symbol(Sort::integer(), "z");
  auto cube = [&](Term t) { return m.multiply(t, m.multiply(t, t)); };
  solver->set_timeout_milliseconds(1);
  solver->add(m.less(n(0), x));
  solver->add(m.less(n(0), y));
  solver->add(m.less(n(0), z));
  solver->add(m.equal(m.add(cube(x), cube(y)), cube(z)));
  EXPECT_EQ(solver->check(), SatResult::Unknown);
  std::string reason = solver->reason_unknown();
  for (char& c : reason) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_NE(reason.find("timeout"), std::string::npos) << reason;  // z3: "timeout", cvc5: "TIMEOUT"
  EXPECT_THROW(solver->model(), std::logic_error);
  EXPECT_EQ(solver->statistics().unknown, 1u);
}

TEST_P(Backend, ProgrammingErrorsThrow) {
  EXPECT_THROW(solver->add(x), std::logic_error);
  EXPECT_THROW(solver->model(), std::logic_error);  // no check yet
  solver->add(m.less(x, n(0)));
  solver->add(m.less(n(0), x));
  EXPECT_EQ(solver->check(), SatResult::Unsat);
  EXPECT_THROW(solver->model(), std::logic_error);
}

TEST_P(Backend, SymbolsOutsideTheQueryTakeDefaults) {
  ASSERT_EQ(check({m.less(n(0), x)}), SatResult::Sat);
  auto model = solver->model();
  EXPECT_EQ(model->symbol_value(y).as_integer(), Integer(0));
  EXPECT_TRUE(model->symbol_value(q).is_nil());
  EXPECT_EQ(model->array_length(a), Integer(0));
  EXPECT_EQ(model->array_element(val, Value::reference(0, -1)).as_integer(), Integer(0));
  done();
}

TEST_P(Backend, DeepFormulasDoNotExhaustTheStack) {
  // A loop run 10^5 times leaves a path condition of depth 10^5; cvc5 recurses on depth.
  Term sum = x;
  for (int i = 0; i < 100000; ++i) sum = m.add(sum, y);
  solver->add(m.less(sum, n(0)));
  solver->add(m.equal(y, n(1)));
  ASSERT_EQ(solver->check(), SatResult::Sat);
  EXPECT_LT(solver->model()->evaluate(x).as_integer(), Integer(-100000 + 1));
}

INSTANTIATE_TEST_SUITE_P(Z3AndCvc5, Backend, ::testing::Values("z3", "cvc5"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace symref::solver::testing
