// InputObject(t), "t is nil or an object of the input heap" (encoding.hpp: input objects <= 0, new
// objects > 0): the term manager's folding, the evaluator, the printer, the SMT-LIB text and both
// backends, also under a binder (the compositional engine's hints on field reads in δ/γ, §4.2 of
// Anand et al. over §4.1 fields as arrays).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "interp/solver/backends/cvc5_solver.hpp"
#include "interp/solver/backends/smtlib.hpp"
#include "interp/solver/backends/z3_solver.hpp"
#include "semantics/terms/evaluator.hpp"
#include "semantics/terms/printer.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

using terms::Sort;

class InputObjects : public terms::testing::TermFixture {
 protected:
  SatResult check(const std::string& backend, std::initializer_list<Term> formulas) {
    std::unique_ptr<Solver> solver = backend == "z3" ? make_z3_solver(m) : make_cvc5_solver(m);
    for (Term formula : formulas) solver->add(formula);
    return solver->check();
  }
};

TEST_F(InputObjects, NilIsAnInputObjectANewObjectIsNot) {
  EXPECT_TRUE(m.input_object(m.nil(0))->is_true());
  EXPECT_TRUE(m.input_object(m.new_object(2, 0))->is_false());
  Term read = m.input_object(m.select(next, p));
  EXPECT_EQ(read->kind(), terms::TermKind::InputObject);
  EXPECT_EQ(read->sort(), Sort::boolean());
  EXPECT_THROW(m.input_object(x), std::logic_error);  // an Int is no reference
  m.set_simplify(false);
  EXPECT_EQ(m.input_object(m.nil(0))->kind(), terms::TermKind::InputObject);
}

TEST_F(InputObjects, EvaluatorPrinterAndSmtLib) {
  terms::MapValuation v{m};
  v.set_symbol(p, Value::reference(0, -1));
  v.set_symbol(q, Value::reference(0, 0));
  EXPECT_TRUE(terms::evaluate(m.input_object(p), v).as_boolean());
  EXPECT_TRUE(terms::evaluate(m.input_object(q), v).as_boolean());  // nil
  v.set_symbol(q, Value::reference(0, 4));
  EXPECT_FALSE(terms::evaluate(m.input_object(q), v).as_boolean());
  m.set_simplify(false);
  EXPECT_FALSE(terms::evaluate(m.input_object(m.new_object(1, 0)), v).as_boolean());
  m.set_simplify(true);
  EXPECT_EQ(terms::print_term(m.input_object(m.select(next, p))), "input(p.next)");
  EXPECT_EQ(terms::print_term(m.logical_not(m.input_object(q))), "!input(q)");
  EXPECT_NE(smtlib_term(m, m.input_object(p)).find("(<= p 0)"), std::string::npos) << smtlib_term(m, m.input_object(p));
}

// Under a binder, or on a field array other than the initial one (a callee's input P_g.f), no
// side constraint reaches a field read; InputObject is what holds it to input objects there.
TEST_F(InputObjects, HoldsUnderBindersOnBothSolvers) {
  Term callee_next = m.fresh_symbol(Sort::field_array(0), "P.next");
  for (const std::string backend : {"z3", "cvc5"}) {
    SCOPED_TRACE(backend);
    Term o = m.bound_variable(Sort::reference(0), "o");
    Term every_read_input = m.forall(o, m.input_object(m.select(callee_next, o)));
    Term k = m.bound_variable(Sort::reference(0), "k");
    Term some_read_new = m.exists(k, m.equal(m.select(callee_next, k), m.new_object(1, 0)));
    EXPECT_EQ(check(backend, {some_read_new}), SatResult::Sat);
    EXPECT_EQ(check(backend, {every_read_input, some_read_new}), SatResult::Unsat);
    // Ground: an input reference is no new one; a stored new object is no input one.
    EXPECT_EQ(check(backend, {m.input_object(m.select(callee_next, p)), m.equal(m.select(callee_next, p), m.new_object(3, 0))}),
              SatResult::Unsat);
    EXPECT_EQ(check(backend, {m.input_object(m.select(m.store(next, p, m.new_object(2, 0)), p))}), SatResult::Unsat);
    EXPECT_EQ(check(backend, {m.input_object(m.select(m.store(next, p, m.new_object(2, 0)), q))}), SatResult::Sat);
  }
}

}  // namespace
}  // namespace symref::solver::testing
