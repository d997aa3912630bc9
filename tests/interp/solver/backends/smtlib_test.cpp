// Tests of SMT-LIB2 printing: exact text, sharing, names, Z3 re-solving printed scripts (§2.1, §4.1).
#include "interp/solver/backends/smtlib.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "interp/solver/backends/cvc5_solver.hpp"
#include "interp/solver/backends/z3_solver.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/terms/printer.hpp"
#include "tests/interp/solver/fake_solver.hpp"
#include "tests/semantics/terms/random_terms.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

using terms::Sort;
using terms::testing::TermFixture;

class SmtLib : public TermFixture {
 protected:
  std::string text(Term t) { return smtlib_term(m, t); }
};

TEST_F(SmtLib, Leaves) {
  EXPECT_EQ(text(x), "x");
  EXPECT_EQ(text(n(42)), "42");
  EXPECT_EQ(text(n(-5)), "(- 5)");
  EXPECT_EQ(text(m.integer(*Integer::from_decimal("-123456789012345678901234567890"))),
            "(- 123456789012345678901234567890)");
  EXPECT_EQ(text(m.true_term()), "true");
  EXPECT_EQ(text(m.false_term()), "false");
  EXPECT_EQ(text(m.nil(0)), "0");
  EXPECT_EQ(text(m.new_object(3, 0)), "3");
  Term u = m.fresh_symbol(Sort::integer(), "u");
  EXPECT_EQ(text(u), "|u#" + std::to_string(u->index()) + "|");
  EXPECT_EQ(text(m.length(a)), "|len(a)|");
}

TEST_F(SmtLib, Operators) {
  m.set_simplify(false);
  EXPECT_EQ(text(m.negate(x)), "(- x)");
  EXPECT_EQ(text(m.add(x, n(-1))), "(+ x (- 1))");
  EXPECT_EQ(text(m.subtract(x, y)), "(- x y)");
  EXPECT_EQ(text(m.multiply(x, y)), "(* x y)");
  EXPECT_EQ(text(m.less(x, y)), "(< x y)");
  EXPECT_EQ(text(m.less_equal(x, y)), "(<= x y)");
  EXPECT_EQ(text(m.greater(x, y)), "(< y x)");
  EXPECT_EQ(text(m.equal(p, m.nil(0))), "(= p 0)");
  EXPECT_EQ(text(m.if_then_else(b, x, y)), "(ite b x y)");
  EXPECT_EQ(text(m.logical_not(b)), "(not b)");
  EXPECT_EQ(text(m.logical_and(std::vector<Term>{b, c, m.less(x, y)})), "(and b c (< x y))");
  EXPECT_EQ(text(m.logical_or(b, c)), "(or b c)");
  EXPECT_EQ(text(m.implies(b, c)), "(=> b c)");
  EXPECT_EQ(text(m.select(a, x)), "(select a x)");
  EXPECT_EQ(text(m.select(val, p)), "(select val p)");
  EXPECT_EQ(text(m.select(flag, m.new_object(2, 0))), "(select flag 2)");
  EXPECT_EQ(text(m.store(a, x, n(3))), "(store a x 3)");
  EXPECT_EQ(text(m.length(m.store(a, x, n(3)))), "|len(a)|");
  EXPECT_EQ(text(m.logical_and(std::vector<Term>{b})), "b");
}

TEST_F(SmtLib, DivisionIsGuardedForAZeroDivisor) {
  EXPECT_EQ(text(m.divide(x, y)), "(ite (= y 0) 0 (div x y))");
  EXPECT_EQ(text(m.remainder(x, y)), "(ite (= y 0) x (mod x y))");
  EXPECT_EQ(text(m.divide(x, n(2))), "(div x 2)");
  EXPECT_EQ(text(m.remainder(x, n(-3))), "(mod x (- 3))");
  // The divisor used twice is bound once.
  EXPECT_EQ(text(m.divide(x, m.add(y, n(1)))), "(let (($e1 (+ y 1))) (ite (= $e1 0) 0 (div x $e1)))");
}

TEST_F(SmtLib, SharedSubtermsAreBoundOnce) {
  m.set_simplify(false);
  Term sum = m.add(x, y);
  Term square = m.multiply(sum, sum);
  EXPECT_EQ(text(square), "(let (($e1 (+ x y))) (* $e1 $e1))");
  EXPECT_EQ(text(m.subtract(square, square)), "(let (($e1 (+ x y))) (let (($e2 (* $e1 $e1))) (- $e2 $e2)))");
  EXPECT_EQ(text(m.add(m.multiply(x, x), m.multiply(y, y))), "(+ (* x x) (* y y))");
  // One let layer binds everything that depends on no other binding.
  Term product = m.multiply(x, y);
  EXPECT_EQ(text(m.add(m.add(sum, sum), m.add(product, product))),
            "(let (($e1 (+ x y)) ($e2 (* x y))) (+ (+ $e1 $e1) (+ $e2 $e2)))");
  Term doubled = x;
  for (int i = 0; i < 100; ++i) doubled = m.add(doubled, doubled);
  std::string printed = text(m.less(doubled, y));
  EXPECT_LT(printed.size(), 5000u);
  EXPECT_EQ(z3_check_script("(declare-const x Int)(declare-const y Int)(assert " + printed + ")"), SatResult::Sat);
}

TEST_F(SmtLib, NamesAreUniqueUnreservedAndQuotedWhenNeeded) {
  Term and_global = m.global_symbol(10, Sort::integer(), "and");
  Term let_global = m.global_symbol(11, Sort::boolean(), "let");
  Term spaced = m.global_symbol(12, Sort::integer(), "my var");
  Term barred = m.global_symbol(13, Sort::integer(), "a|b");
  Term other_x = m.global_symbol(14, Sort::integer(), "x");
  Term dollar = m.global_symbol(15, Sort::integer(), "$e1");
  EXPECT_EQ(text(m.add(and_global, x)), "(+ and!1 x)");
  EXPECT_EQ(text(let_global), "let!1");
  EXPECT_EQ(text(spaced), "|my var|");
  EXPECT_EQ(text(barred), "a_b");
  EXPECT_EQ(text(m.add(x, other_x)), "(+ x x!1)");
  EXPECT_EQ(text(m.add(dollar, x)), "(+ v$e1 x)");
  Term z = m.fresh_symbol(Sort::integer(), "");
  EXPECT_EQ(text(z), "|v#" + std::to_string(z->index()) + "|");
}

TEST_F(SmtLib, FieldsAreNamedByTheirClassWhenTheProgramIsKnown) {
  Program program;
  program.globals.push_back({"head", "Node", Type::reference(0), {}});
  program.classes.push_back({"Node", {0}, {}, {}});
  program.fields.push_back({"next", "Node", Type::reference(0), 0, 0, {}});
  terms::TermManager with_program(&program);
  Term head = with_program.global_symbol(0);
  Term next_field = with_program.field_symbol(0);
  Term formula = with_program.equal(with_program.select(next_field, head), head);
  EXPECT_EQ(smtlib_term(with_program, formula), "(= (select Node.next head) head)");
  const Term formulas[] = {formula};
  EXPECT_EQ(smtlib_script(with_program, formulas),
            "(set-logic ALL)\n"
            "(declare-const Node.next (Array Int Int))\n"
            "(declare-const head Int)\n"
            "(define-fun $e1 () Int (select Node.next head))\n"
            "; side constraints: input objects are <= 0, array lengths >= 0\n"
            "(assert (<= head 0))\n"
            "(assert (<= $e1 0))\n"
            "(assert (= $e1 head))\n"
            "(check-sat)\n");
}

TEST_F(SmtLib, WholeScript) {
  m.set_simplify(false);
  std::vector<Term> formulas = {m.less(n(0), m.length(a)),
                                m.equal(m.select(val, m.select(next, p)), m.divide(x, y)),
                                m.logical_not(m.equal(m.select(next, p), m.nil(0)))};
  EXPECT_EQ(smtlib_script(m, formulas, "a query\nabout a heap"),
            "; a query\n"
            "; about a heap\n"
            "(set-logic ALL)\n"
            "(declare-const |len(a)| Int)\n"
            "(declare-const val (Array Int Int))\n"
            "(declare-const next (Array Int Int))\n"
            "(declare-const p Int)\n"
            "(declare-const x Int)\n"
            "(declare-const y Int)\n"
            "(define-fun $e1 () Int (select next p))\n"
            "; side constraints: input objects are <= 0, array lengths >= 0\n"
            "(assert (<= 0 |len(a)|))\n"
            "(assert (<= p 0))\n"
            "(assert (<= $e1 0))\n"
            "(assert (< 0 |len(a)|))\n"
            "(assert (= (select val $e1) (ite (= y 0) 0 (div x y))))\n"
            "(assert (not (= $e1 0)))\n"
            "(check-sat)\n");
  EXPECT_EQ(z3_check_script(smtlib_script(m, formulas)), SatResult::Sat);
  EXPECT_EQ(smtlib_script(m, {}), "(set-logic ALL)\n(check-sat)\n");
}

TEST_F(SmtLib, DeepTermsPrintWithoutRecursion) {
  Term t = x;
  for (int i = 0; i < 100000; ++i) t = m.add(t, y);
  std::string printed = text(m.less(t, n(0)));
  EXPECT_EQ(printed.size(), std::string("(< ").size() + 100000 * std::string("(+  y)").size() + 1 + 3);
}

// ---------------------------------------------------------------------------------------------
// Quantifiers and uninterpreted functions

// cvc5's own SMT-LIB parser, through the cvc5 executable (Debian package cvc5): its first answer line.
std::string cvc5_answer(const std::string& script) {
  std::filesystem::path file = std::filesystem::temp_directory_path() /
                               ("symref-smtlib-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()) + ".smt2");
  std::ofstream(file) << script;
  std::string command = "cvc5 --fmf-bound --tlimit=20000 --lang smt2 '" + file.string() + "' 2>&1";
  std::string output;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
    ::pclose(pipe);
  }
  std::filesystem::remove(file);
  return output.substr(0, output.find('\n'));
}

TEST_F(SmtLib, QuantifiersAndFunctionApplications) {
  Term k = m.bound_variable(Sort::integer(), "k");
  terms::FunctionId f = m.declare_function("f", {Sort::integer()}, Sort::integer());
  terms::FunctionId zero = m.declare_function("zero", {}, Sort::integer());
  terms::FunctionId row = m.declare_function("row", {Sort::integer(), Sort::boolean()}, Sort::int_array());
  const Term at_k[] = {k};
  EXPECT_EQ(text(m.forall(k, m.less(k, m.apply(f, at_k)))), "(forall ((k Int)) (< k (f k)))");
  Term j = m.bound_variable(Sort::integer(), "j");
  Term flag_variable = m.bound_variable(Sort::boolean(), "c");
  const Term both[] = {j, flag_variable};
  EXPECT_EQ(text(m.exists(both, m.logical_and(flag_variable, m.less(x, j)))), "(exists ((j Int) (c Bool)) (and c (< x j)))");
  EXPECT_EQ(text(m.apply(zero, {})), "zero");
  const Term at_x_b[] = {x, b};
  EXPECT_EQ(text(m.select(m.apply(row, at_x_b), n(1))), "(select (row x b) 1)");
  // The length of an array-valued application: its companion clamped at 0.
  EXPECT_EQ(text(m.length(m.store(m.apply(row, at_x_b), n(0), y))),
            "(let (($e1 (|len(row)| x b))) (ite (< $e1 0) 0 $e1))");
  // A name taken by a symbol is not reused for a bound variable (nor the other way round).
  Term k_symbol = m.global_symbol(9, Sort::integer(), "k");
  EXPECT_EQ(text(m.logical_and(m.less(n(0), k_symbol), m.forall(k, m.less(k_symbol, m.apply(f, at_k))))),
            "(and (< 0 k) (forall ((k!1 Int)) (< k (f k!1))))");
}

TEST_F(SmtLib, QuantifiedScriptsAreAcceptedByZ3AndCvc5Parsers) {
  Term k = m.bound_variable(Sort::integer(), "k");
  terms::FunctionId f = m.declare_function("f", {Sort::integer()}, Sort::integer());
  terms::FunctionId row = m.declare_function("row", {Sort::integer()}, Sort::int_array());
  const Term at_k[] = {k};
  Term guard = m.logical_and(m.less_equal(n(0), k), m.less(k, x));
  // ∀k. 0 <= k < x ==> f(k) > k, f(0) < 0, x > 0: unsat.  Written without simplification so that
  // a subterm with k is shared: it must stay inside the binder, not become a define-fun.
  m.set_simplify(false);
  Term f_k = m.apply(f, at_k);
  Term shared_open = m.add(f_k, n(1));
  Term body = m.implies(guard, m.logical_and(m.less(k, f_k), m.less(n(0), m.multiply(shared_open, shared_open))));
  const Term at_zero[] = {n(0)};
  Term shared_closed = m.add(x, y);
  std::vector<Term> unsat = {m.forall(k, body), m.less(m.apply(f, at_zero), n(0)), m.less(n(0), x),
                             m.less(shared_closed, m.multiply(shared_closed, shared_closed))};
  std::string script = smtlib_script(m, unsat);
  EXPECT_NE(script.find("(declare-fun f (Int) Int)"), std::string::npos) << script;
  EXPECT_NE(script.find("(forall ((k Int))"), std::string::npos) << script;
  EXPECT_NE(script.find("(define-fun $e1 () Int (+ x y))"), std::string::npos) << script;
  EXPECT_EQ(script.find("(define-fun $e2"), std::string::npos) << script;  // nothing with k is named
  EXPECT_EQ(z3_check_script(script), SatResult::Unsat) << script;
  EXPECT_EQ(cvc5_answer(script), "unsat") << script;
  // Sat: an array-valued function under the binder, its length through the clamped companion.
  Term row_k = m.apply(row, at_k);
  std::vector<Term> sat = {m.forall(k, m.implies(guard, m.less(k, m.length(row_k)))), m.less(n(2), x),
                           m.equal(m.select(m.apply(row, at_zero), n(0)), y)};
  script = smtlib_script(m, sat);
  EXPECT_NE(script.find("(declare-fun |len(row)| (Int) Int)"), std::string::npos) << script;
  EXPECT_NE(script.find("(ite (< (|len(row)| k) 0) 0 (|len(row)| k))"), std::string::npos) << script;
  EXPECT_EQ(z3_check_script(script), SatResult::Sat) << script;
  EXPECT_EQ(cvc5_answer(script), "sat") << script;
  // And the clamp matters: negative lengths under the binder are unsat for both parsers.
  std::vector<Term> negative = {m.forall(k, m.implies(guard, m.less(m.length(row_k), n(0)))), m.less(n(2), x)};
  script = smtlib_script(m, negative);
  EXPECT_EQ(z3_check_script(script), SatResult::Unsat) << script;
  EXPECT_EQ(cvc5_answer(script), "unsat") << script;
}

// Random formulas: Z3 and cvc5 through their APIs and Z3 reading the printed script agree, and
// every model satisfies the formula under the term evaluator.
TEST(SmtLibRandom, PrintedScriptsAnswerLikeBothBackends) {
  terms::TermManager m;
  terms::testing::Vocabulary vocabulary(m);
  auto z3 = make_z3_solver(m);
  auto cvc5 = make_cvc5_solver(m);
  z3->set_timeout_milliseconds(2000);
  cvc5->set_timeout_milliseconds(2000);
  int definite = 0, sat = 0;
  for (int i = 0; i < 150; ++i) {
    m.set_simplify(i % 2 == 0);
    Term formula = terms::testing::RandomTerms(m, vocabulary, 4242 + i).boolean(4);
    SatResult answers[2];
    Solver* solvers[2] = {z3.get(), cvc5.get()};
    for (int k = 0; k < 2; ++k) {
      solvers[k]->push();
      solvers[k]->add(formula);
      answers[k] = solvers[k]->check();
      if (answers[k] == SatResult::Sat) {
        EXPECT_TRUE(solvers[k]->model()->evaluate(formula).as_boolean())
            << solvers[k]->name() << " model falsifies " << terms::print_term(formula);
      }
      solvers[k]->pop();
    }
    const Term formulas[] = {formula};
    SatResult parsed = z3_check_script(smtlib_script(m, formulas), nullptr, 2000);
    if (answers[0] != SatResult::Unknown && answers[1] != SatResult::Unknown) {
      EXPECT_EQ(answers[0], answers[1]) << terms::print_term(formula);
    }
    if (answers[0] != SatResult::Unknown && parsed != SatResult::Unknown) {
      EXPECT_EQ(answers[0], parsed) << smtlib_script(m, formulas);
    }
    definite += answers[0] != SatResult::Unknown && parsed != SatResult::Unknown;
    sat += answers[0] == SatResult::Sat;
  }
  EXPECT_GT(definite, 140);
  EXPECT_GT(sat, 30);
  EXPECT_LT(sat, 145);
}

}  // namespace
}  // namespace symref::solver::testing
