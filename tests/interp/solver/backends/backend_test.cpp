// Tests of the Z3 and cvc5 backends: sat, unsat, arrays, fields, models, push/pop, time-outs (§2, §4.1).
#include <gtest/gtest.h>

#include <cctype>
#include <iostream>
#include <stdexcept>

#include "interp/solver/backends/cvc5_solver.hpp"
#include "interp/solver/layers/model_checking_solver.hpp"
#include "interp/solver/solver_chain.hpp"
#include "interp/solver/backends/z3_solver.hpp"
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

  // x^3 + y^3 = z^3 over positive integers: no solution (Fermat, n = 3), hard for both solvers.
  void add_cubes_equation() {
    m.set_simplify(false);
    Term z = m.fresh_symbol(Sort::integer(), "z");
    auto cube = [&](Term t) { return m.multiply(t, m.multiply(t, t)); };
    for (Term positive : {x, y, z}) solver->add(m.less(n(0), positive));
    solver->add(m.equal(m.add(cube(x), cube(y)), cube(z)));
  }
  std::string lowercase_reason() const {
    std::string reason = solver->reason_unknown();
    for (char& c : reason) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return reason;
  }
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

// Model values on both sides of the 64-bit boundary (the Z3 backend reads those that fit without a
// decimal string, the others through it): each comes back exact.
TEST_P(Backend, ModelValuesAtTheSixtyFourBitBoundary) {
  for (const char* decimal : {"9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
                              "-1", "0"}) {
    ASSERT_EQ(check({m.equal(x, m.integer(big(decimal)))}), SatResult::Sat) << decimal;
    EXPECT_EQ(solver->model()->symbol_value(x).as_integer(), big(decimal)) << decimal;
    done();
  }
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
  solver->set_timeout_milliseconds(1);
  add_cubes_equation();
  EXPECT_EQ(solver->check(), SatResult::Unknown);
  std::string reason = lowercase_reason();
  EXPECT_NE(reason.find("timeout"), std::string::npos) << reason;  // z3: "timeout", cvc5: "TIMEOUT"
  EXPECT_THROW(solver->model(), std::logic_error);
  EXPECT_EQ(solver->statistics().unknown, 1u);
}

// y·x < len(a) ∧ len(a) mod 2 < len(a) ∧ a[y·x] < a[len(a) mod 2] is sat (Z3: y = -2, x = -1,
// len(a) = 4), but cvc5 1.0.3 answers it with y = x = 0, len(a) = 2 and a constant array: a model
// under which the last conjunct is false (paper-notes/programs/cvc5-invalid-model-nonlinear-index.smt2;
// found by axioms_agree on case 1200 of `fuzz --seed 1 --level 1`).  The validating layer of
// make_solver's chain never hands such a model to an engine: cvc5's own evaluation (getValue) also
// finds the conjunct false, so the check answers unknown and names cvc5's fault.
TEST_P(Backend, AModelFalsifyingTheQueryIsCaughtByTheValidatingLayer) {
  m.set_simplify(false);
  auto validated = make_solver(GetParam(), m, SolverOptions{});
  Term product = m.multiply(y, x), parity = m.remainder(m.length(a), n(2));
  const Term formulas[] = {m.less(product, m.length(a)), m.less(parity, m.length(a)),
                           m.less(m.select(a, product), m.select(a, parity))};
  for (Term formula : formulas) validated->add(formula);
  const SatResult result = validated->check();
  if (result == SatResult::Unknown) {
    EXPECT_EQ(GetParam(), "cvc5") << validated->reason_unknown();  // Z3 4.8.12 gives a valid model
    EXPECT_EQ(validated->reason_unknown(),
              "cvc5 answered sat with a model that falsifies a[y * x] < a[len(a) % 2] by cvc5's own evaluation too (a fault of the solver)");
    return;
  }
  ASSERT_EQ(result, SatResult::Sat);
  auto model = validated->model();
  for (Term formula : formulas) EXPECT_TRUE(model->evaluate(formula).as_boolean());
  if (GetParam() == "cvc5") std::cerr << "note: this cvc5 gives a valid model here (1.0.3 does not)\n";
}

// The resource limit stops the same hard query as the time-out, but by the backend's own work
// count: the answer is unknown with a reason however fast the machine is, and an easy query under
// the same limit is decided.  (cvc5 takes the limit only before its first check.)
TEST_P(Backend, ResourceLimitGivesUnknownWithAReason) {
  solver->set_resource_limit(1000);
  solver->set_timeout_milliseconds(600'000);  // a backstop only: the limit must stop it first
  solver->push();
  add_cubes_equation();
  EXPECT_EQ(solver->check(), SatResult::Unknown);
  std::string reason = lowercase_reason();
  EXPECT_NE(reason.find("resource"), std::string::npos) << reason;  // z3: "resource limit of …", cvc5: "RESOURCEOUT"
  EXPECT_EQ(reason.find("timeout"), std::string::npos) << reason;
  solver->pop();
  solver->add(m.less(x, n(3)));
  EXPECT_EQ(solver->check(), SatResult::Sat) << solver->reason_unknown();
}

// After a check stopped by the limit the solver goes on as before: the base scope's formula
// still holds, the limit still stops the hard query, and the counts go on.  (cvc5 drops such a
// session, whose later checks corrupt cvc5's heap, and replays the assertions into a new one.)
TEST_P(Backend, AssertionsAndLimitOutliveACheckStoppedByTheLimit) {
  solver->set_resource_limit(1000);
  solver->set_timeout_milliseconds(600'000);  // a backstop only
  solver->add(m.less(n(5), x));
  for (int round = 0; round < 2; ++round) {
    solver->push();
    add_cubes_equation();
    EXPECT_EQ(solver->check(), SatResult::Unknown) << round;
    EXPECT_NE(lowercase_reason().find("resource"), std::string::npos) << round << lowercase_reason();
    EXPECT_THROW(solver->model(), std::logic_error);
    solver->pop();
    EXPECT_EQ(check({m.less(x, n(3))}), SatResult::Unsat) << round;  // 5 < x is kept
    done();
    ASSERT_EQ(check({m.equal(y, n(7))}), SatResult::Sat) << round << solver->reason_unknown();
    EXPECT_LT(Integer(5), solver->model()->symbol_value(x).as_integer());
    done();
  }
  EXPECT_EQ(solver->statistics().queries, 6u);
  EXPECT_EQ(solver->statistics().unknown, 2u);
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

// ---------------------------------------------------------------------------------------------
// Quantifiers and uninterpreted functions

class QuantifiedBackend : public Backend {
 protected:
  Term k = m.bound_variable(Sort::integer(), "k");
  terms::FunctionId f = m.declare_function("f", {Sort::integer()}, Sort::integer());
  terms::FunctionId row = m.declare_function("row", {Sort::integer()}, Sort::int_array());

  Term in_range(Term variable, Term high) {
    return m.logical_and(m.less_equal(n(0), variable), m.less(variable, high));
  }
  Term apply(terms::FunctionId function, Term argument) { return m.apply(function, std::span<const Term>(&argument, 1)); }
  // Like check(), but a formula the evaluator cannot decide under the model is counted, not failed.
  SatResult check_counting(std::initializer_list<Term> formulas, int& unevaluated) {
    solver->push();
    for (Term formula : formulas) solver->add(formula);
    SatResult result = solver->check();
    if (result == SatResult::Sat) {
      auto model = solver->model();
      for (Term formula : formulas) {
        try {
          EXPECT_TRUE(model->evaluate(formula).as_boolean()) << "model falsifies a formula";
        } catch (const terms::NotEvaluable&) {
          ++unevaluated;
        }
      }
    }
    return result;
  }
};

TEST_P(QuantifiedBackend, BoundedUniversalOverAnArrayIsSatAndTheModelSatisfiesIt) {
  // ∀k. 0 <= k < x ==> 0 <= a[k], with x and a free (x kept small so that the model is checked).
  Term all_non_negative = m.forall(k, m.implies(in_range(k, x), m.less_equal(n(0), m.select(a, k))));
  ASSERT_EQ(check({all_non_negative, m.less(n(2), x), m.less(x, n(10))}), SatResult::Sat);
  auto model = solver->model();
  std::int64_t size = *model->symbol_value(x).as_integer().to_int64();
  for (std::int64_t i = 0; i < size; ++i)
    EXPECT_LE(Integer(0), model->array_element(a, Value::integer(i)).as_integer()) << "a[" << i << "]";
  done();
  // With a[1] negative the guard decides: x <= 1 follows.
  ASSERT_EQ(check({all_non_negative, m.less(m.select(a, n(1)), n(0))}), SatResult::Sat);
  EXPECT_LE(solver->model()->symbol_value(x).as_integer(), Integer(1));
  done();
}

TEST_P(QuantifiedBackend, BoundedUniversalContradictedIsUnsat) {
  // ∀k. 0 <= k < x ==> k < a[k], a[0] < 0, x > 0.
  Term above_index = m.forall(k, m.implies(in_range(k, x), m.less(k, m.select(a, k))));
  EXPECT_EQ(check({above_index, m.less(m.select(a, n(0)), n(0)), m.less(n(0), x)}), SatResult::Unsat);
  done();
}

TEST_P(QuantifiedBackend, ExistsForallAlternation) {
  // ∃m ∀k. 0 <= k < x ==> k < m: sat (m = x will do); without the upper guard unsat.
  Term bound = m.bound_variable(Sort::integer(), "m");
  Term bounded = m.exists(bound, m.forall(k, m.implies(in_range(k, x), m.less(k, bound))));
  int unevaluated = 0;
  EXPECT_EQ(check_counting({bounded}, unevaluated), SatResult::Sat);
  EXPECT_EQ(unevaluated, 1);  // ∃m has no range guard: the evaluator declines, it does not guess
  done();
  Term j = m.bound_variable(Sort::integer(), "j");
  Term m2 = m.bound_variable(Sort::integer(), "m");
  Term unbounded = m.exists(m2, m.forall(j, m.implies(m.less_equal(n(0), j), m.less(j, m2))));
  EXPECT_EQ(check({unbounded}), SatResult::Unsat);
  done();
}

TEST_P(QuantifiedBackend, FunctionCongruence) {
  EXPECT_EQ(check({m.equal(apply(f, x), n(1)), m.equal(apply(f, y), n(2)), m.equal(x, y)}), SatResult::Unsat);
  done();
}

TEST_P(QuantifiedBackend, ModelsGiveFunctionValues) {
  ASSERT_EQ(check({m.equal(apply(f, x), n(1)), m.equal(apply(f, y), n(2)), m.less(n(0), x)}), SatResult::Sat);
  auto model = solver->model();
  Value x_value = model->symbol_value(x), y_value = model->symbol_value(y);
  EXPECT_NE(x_value, y_value);
  const Value at_x[] = {x_value}, at_y[] = {y_value};
  EXPECT_EQ(model->function_value(f, at_x).as_integer(), Integer(1));
  EXPECT_EQ(model->function_value(f, at_y).as_integer(), Integer(2));
  EXPECT_EQ(model->evaluate(m.add(apply(f, x), apply(f, y))).as_integer(), Integer(3));
  const Value elsewhere[] = {Value::integer(123456)};
  EXPECT_NO_THROW(model->function_value(f, elsewhere));  // total: f has a value everywhere
  done();
  // Values under a binder: ∀k. 0 <= k < 3 ==> f(k) = k * k, then f(2) is 4.
  Term squares = m.forall(k, m.implies(in_range(k, n(3)), m.equal(apply(f, k), m.multiply(k, k))));
  ASSERT_EQ(check({squares, m.equal(apply(f, n(2)), y)}), SatResult::Sat);
  EXPECT_EQ(solver->model()->symbol_value(y).as_integer(), Integer(4));
  done();
}

TEST_P(QuantifiedBackend, ArrayValuedFunctionsAreReadWithSelectAndLength) {
  Term row_x = apply(row, x), row_y = apply(row, y);
  ASSERT_EQ(check({m.equal(m.select(row_x, n(1)), n(5)), m.equal(m.length(row_x), n(3)),
                   m.equal(m.select(row_y, n(1)), n(6)), m.equal(m.select(m.store(row_y, n(0), n(9)), n(0)), y)}),
            SatResult::Sat);
  auto model = solver->model();
  EXPECT_NE(model->symbol_value(x), model->symbol_value(y));
  EXPECT_EQ(model->evaluate(m.select(row_x, n(1))).as_integer(), Integer(5));
  EXPECT_EQ(model->evaluate(m.length(m.store(row_x, n(0), n(0)))).as_integer(), Integer(3));
  EXPECT_EQ(model->symbol_value(y).as_integer(), Integer(9));
  const Value at_x[] = {model->symbol_value(x)};
  EXPECT_EQ(model->function_element(row, at_x, Value::integer(1)).as_integer(), Integer(5));
  EXPECT_EQ(model->function_length(row, at_x), Integer(3));
  done();
  EXPECT_EQ(check({m.less(m.length(row_x), n(0))}), SatResult::Unsat);  // lengths are >= 0 (encoding.hpp's clamp)
  done();
  // Under a binder too; and model lengths are never negative, wherever read.
  ASSERT_EQ(check({m.less(m.select(row_x, n(0)), n(0))}), SatResult::Sat);
  for (std::int64_t i = -3; i <= 3; ++i) {
    const Value at_i[] = {Value::integer(i)};
    EXPECT_LE(Integer(0), solver->model()->function_length(row, at_i));
  }
  done();
  Term negative_lengths = m.forall(k, m.implies(in_range(k, n(3)), m.less(m.length(apply(row, k)), n(0))));
  EXPECT_EQ(check({negative_lengths}), SatResult::Unsat);
  done();
}

TEST_P(QuantifiedBackend, QuantifiedAxiomOverAFunction) {
  Term z = m.bound_variable(Sort::integer(), "z");
  Term increasing = m.forall(z, m.less(z, apply(f, z)));  // ∀z. f(z) > z
  EXPECT_EQ(check({increasing, m.less(apply(f, n(3)), n(2))}), SatResult::Unsat);
  done();
  // Over a guarded range the axiom has models, which the evaluator checks (ten values of f).
  Term increasing_below_ten = m.forall(z, m.implies(in_range(z, n(10)), m.less(z, apply(f, z))));
  ASSERT_EQ(check({increasing_below_ten, m.less(apply(f, n(3)), n(5))}), SatResult::Sat);
  EXPECT_EQ(solver->model()->evaluate(apply(f, n(3))).as_integer(), Integer(4));
  done();
}

// A limitation of both solvers, kept visible: Z3 4.8.12 and cvc5 1.0.3 find no model of
// ∀z. f(z) > z ∧ f(3) < 5 (f(z) = z + 1 is one).  They may say unknown; never unsat.
TEST_P(QuantifiedBackend, UnboundedSatisfiableAxiomIsNeverUnsat) {
  solver->set_timeout_milliseconds(500);
  Term z = m.bound_variable(Sort::integer(), "z");
  Term increasing = m.forall(z, m.less(z, apply(f, z)));
  int unevaluated = 0;
  SatResult result = check_counting({increasing, m.less(apply(f, n(3)), n(5))}, unevaluated);
  EXPECT_NE(result, SatResult::Unsat);
  if (result == SatResult::Unknown) {
    EXPECT_NE(solver->reason_unknown(), "");
  }
  done();
}

TEST_P(QuantifiedBackend, ObjectVariablesAndFieldReadsUnderABinder) {
  // ∀o. o.next == o, p.next != p: unsat by o := p.  The read o.next gets no input side constraint
  // (it would name o outside its binder); p.next gets its own.
  Term o = m.bound_variable(Sort::reference(0), "o");
  Term self_loops = m.forall(o, m.equal(m.select(next, o), o));
  EXPECT_EQ(check({self_loops, m.not_equal(m.select(next, p), p)}), SatResult::Unsat);
  EXPECT_EQ(solver->reason_unknown(), "");
  done();
  // ∃o. o == new#1 && o.val == 3: object variables range over new objects too.
  Term exists_new = m.exists(o, m.logical_and(m.equal(o, m.new_object(1, 0)), m.equal(m.select(val, o), n(3))));
  int unevaluated = 0;
  EXPECT_EQ(check_counting({exists_new, m.equal(m.select(val, m.new_object(1, 0)), x)}, unevaluated), SatResult::Sat);
  EXPECT_EQ(solver->model()->symbol_value(x).as_integer(), Integer(3));
  done();
}

// Z3's core renewal (z3_solver.cpp, renew_core): a pop to the base level after quantified
// assertions replaces the SMT core, which must keep the base level's assertions.
class Z3CoreRenewal : public TermFixture {
 protected:
  std::unique_ptr<Solver> solver = make_z3_solver(m);
  Term k = m.bound_variable(Sort::integer(), "k");
  // ∀k. k < 0 ⟹ k < x: true for every x ≥ 0, a quantified formula that leaves x free.
  Term quantified() { return m.forall(k, m.implies(m.less(k, n(0)), m.less(k, x))); }
  SatResult check_in_scope(Term formula) {
    solver->push();
    solver->add(formula);
    SatResult result = solver->check();
    solver->pop();
    return result;
  }
};

TEST_F(Z3CoreRenewal, APopToTheBaseLevelAfterAQuantifierRenewsTheCoreAndKeepsTheBaseAssertions) {
  solver->add(m.less(n(5), x));  // base level: x > 5
  EXPECT_EQ(check_in_scope(quantified()), SatResult::Sat);
  EXPECT_EQ(solver->statistics().core_renewals, 1u);
  EXPECT_EQ(check_in_scope(m.less(x, n(3))), SatResult::Unsat) << "the renewed core lost x > 5";
  solver->push();
  solver->add(m.equal(x, n(7)));
  ASSERT_EQ(solver->check(), SatResult::Sat);
  EXPECT_EQ(solver->model()->symbol_value(x).as_integer(), Integer(7));
  solver->pop();
  // Quantifier-free scopes since the renewal: their pops keep the core.
  EXPECT_EQ(solver->statistics().core_renewals, 1u);
  EXPECT_EQ(check_in_scope(quantified()), SatResult::Sat);
  EXPECT_EQ(solver->statistics().core_renewals, 2u) << "a quantifier asserted in a scope again";
}

TEST_F(Z3CoreRenewal, AQuantifierAtTheBaseLevelStaysAndRenewsNothing) {
  solver->add(quantified());  // base level: ∀k. k < 0 ⟹ k < x, i.e. x ≥ 0
  EXPECT_EQ(check_in_scope(m.less(x, n(0))), SatResult::Unsat);
  EXPECT_EQ(check_in_scope(m.less(x, n(3))), SatResult::Sat);
  EXPECT_EQ(solver->statistics().core_renewals, 0u) << "only a quantifier popped with its scope renews the core";
  EXPECT_EQ(check_in_scope(quantified()), SatResult::Sat);
  EXPECT_EQ(solver->statistics().core_renewals, 1u);
  EXPECT_EQ(check_in_scope(m.less(x, n(0))), SatResult::Unsat) << "the renewed core lost the base level's quantifier";
}

TEST_F(Z3CoreRenewal, QuantifierFreeScopesAndInnerPopsKeepTheCore) {
  EXPECT_EQ(check_in_scope(m.less(n(5), x)), SatResult::Sat);
  EXPECT_EQ(check_in_scope(m.less(x, n(3))), SatResult::Sat);
  EXPECT_EQ(solver->statistics().core_renewals, 0u) << "no quantifier was built";
  solver->push();
  solver->add(m.less(n(5), x));
  EXPECT_EQ(check_in_scope(quantified()), SatResult::Sat);  // pops to level 1 only
  EXPECT_EQ(solver->statistics().core_renewals, 0u);
  EXPECT_EQ(check_in_scope(m.less(x, n(3))), SatResult::Unsat);
  solver->pop();
  EXPECT_EQ(solver->statistics().core_renewals, 1u);
  EXPECT_EQ(check_in_scope(m.less(x, n(3))), SatResult::Sat) << "x > 5 was popped with its scope";
}

INSTANTIATE_TEST_SUITE_P(Z3AndCvc5, QuantifiedBackend, ::testing::Values("z3", "cvc5"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

INSTANTIATE_TEST_SUITE_P(Z3AndCvc5, Backend, ::testing::Values("z3", "cvc5"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace symref::solver::testing
