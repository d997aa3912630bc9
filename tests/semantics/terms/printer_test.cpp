// Tests of the readable term printer: the language's syntax, minimal parentheses, names, budget.
#include "semantics/terms/printer.hpp"

#include <gtest/gtest.h>

#include "semantics/syntax/program.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::terms::testing {
namespace {

class Printing : public TermFixture {
 protected:
  std::string print(Term t) { return print_term(t); }
  Term d = m.less(x, y);
};

TEST_F(Printing, Leaves) {
  EXPECT_EQ(print(n(42)), "42");
  EXPECT_EQ(print(n(-42)), "-42");
  EXPECT_EQ(print(m.integer(*Integer::from_decimal("-123456789012345678901234567890"))),
            "-123456789012345678901234567890");
  EXPECT_EQ(print(m.true_term()), "true");
  EXPECT_EQ(print(m.nil(0)), "nil");
  EXPECT_EQ(print(m.new_object(3, 0)), "new#3");
  EXPECT_EQ(print(x), "x");
  Term u = m.fresh_symbol(Sort::integer(), "u");
  EXPECT_EQ(print(u), "u#" + std::to_string(u->index()));
  EXPECT_EQ(print(m.global_symbol(7, Sort::integer(), "")), "g7");
  EXPECT_EQ(print(m.select(m.field_symbol(5, Sort::integer(), ""), p)), "p.f5");
  EXPECT_EQ(print(m.fresh_symbol(Sort::boolean(), "")).substr(0, 2), "v#");
}

TEST_F(Printing, ArithmeticParenthesesFollowPrecedenceAndAssociativity) {
  EXPECT_EQ(print(m.add(x, m.multiply(y, n(2)))), "x + y * 2");
  EXPECT_EQ(print(m.multiply(m.add(x, y), n(2))), "(x + y) * 2");
  EXPECT_EQ(print(m.subtract(m.subtract(x, y), n(1))), "x - y - 1");
  EXPECT_EQ(print(m.subtract(x, m.subtract(y, n(1)))), "x - (y - 1)");
  EXPECT_EQ(print(m.add(x, m.add(y, n(1)))), "x + (y + 1)");
  EXPECT_EQ(print(m.divide(m.multiply(x, y), m.remainder(x, n(3)))), "x * y / (x % 3)");
  EXPECT_EQ(print(m.subtract(x, n(-3))), "x - -3");
  EXPECT_EQ(print(m.negate(m.add(x, y))), "-(x + y)");
  EXPECT_EQ(print(m.multiply(m.negate(x), y)), "-x * y");
  m.set_simplify(false);
  EXPECT_EQ(print(m.negate(m.negate(x))), "- -x");
  EXPECT_EQ(print(m.negate(n(-3))), "- -3");
}

TEST_F(Printing, ComparisonsAndEquality) {
  EXPECT_EQ(print(d), "x < y");
  EXPECT_EQ(print(m.greater(x, y)), "y < x");
  EXPECT_EQ(print(m.greater_equal(x, n(0))), "0 <= x");
  EXPECT_EQ(print(m.not_equal(x, y)), "x != y");
  EXPECT_EQ(print(m.equal(p, m.nil(0))), "p == nil");
  const Term negated[] = {d};
  EXPECT_EQ(print(m.make(TermKind::Not, Sort::boolean(), negated)), "!(x < y)");  // built without simplifying
  EXPECT_EQ(print(m.logical_not(d)), "y <= x");
  EXPECT_EQ(print(m.equal(m.less(x, y), c)), "x < y == c");  // eq = rel == rel
  EXPECT_EQ(print(m.equal(m.if_then_else(b, p, q), m.nil(0))), "(b ? p : q) == nil");
  EXPECT_EQ(print(m.less(m.add(x, n(1)), m.multiply(y, y))), "x + 1 < y * y");
}

TEST_F(Printing, Connectives) {
  EXPECT_EQ(print(m.logical_not(b)), "!b");
  EXPECT_EQ(print(m.logical_or(m.logical_and(b, c), m.logical_not(b))), "b && c || !b");
  EXPECT_EQ(print(m.logical_and(b, m.logical_or(c, d))), "b && (c || x < y)");
  EXPECT_EQ(print(m.logical_and(std::vector<Term>{b, c, d})), "b && c && x < y");
  EXPECT_EQ(print(m.logical_not(m.logical_and(b, c))), "!(b && c)");
  EXPECT_EQ(print(m.implies(b, m.implies(c, d))), "b ==> c ==> x < y");
  EXPECT_EQ(print(m.implies(m.implies(b, c), d)), "(b ==> c) ==> x < y");
  EXPECT_EQ(print(m.implies(m.logical_or(b, c), d)), "b || c ==> x < y");
}

TEST_F(Printing, Conditionals) {
  EXPECT_EQ(print(m.if_then_else(b, x, m.add(y, n(1)))), "b ? x : y + 1");
  EXPECT_EQ(print(m.add(m.if_then_else(b, x, y), n(1))), "(b ? x : y) + 1");
  EXPECT_EQ(print(m.if_then_else(m.if_then_else(b, c, d), x, y)), "(b ? c : x < y) ? x : y");
  EXPECT_EQ(print(m.if_then_else(b, x, m.if_then_else(c, y, n(0)))), "b ? x : c ? y : 0");
  EXPECT_EQ(print(m.if_then_else(b, m.if_then_else(c, y, n(0)), x)), "b ? c ? y : 0 : x");
  EXPECT_EQ(print(m.if_then_else(m.implies(b, c), x, y)), "b ==> c ? x : y");
}

TEST_F(Printing, ArraysFieldsAndObjects) {
  EXPECT_EQ(print(m.select(a, m.add(x, n(1)))), "a[x + 1]");
  EXPECT_EQ(print(m.length(a)), "len(a)");
  EXPECT_EQ(print(m.store(a, x, n(3))), "a[x := 3]");
  EXPECT_EQ(print(m.select(m.store(a, x, n(3)), y)), "a[x := 3][y]");
  EXPECT_EQ(print(m.select(m.store(m.store(a, x, n(3)), y, x), n(0))), "a[x := 3][y := x][0]");
  EXPECT_EQ(print(m.select(val, m.select(next, p))), "p.next.val");
  EXPECT_EQ(print(m.select(val, m.if_then_else(b, p, q))), "(b ? p : q).val");
  EXPECT_EQ(print(m.select(m.store(val, q, n(1)), p)), "val[q := 1][p]");
  EXPECT_EQ(print(m.select(val, m.new_object(2, 0))), "new#2.val");
  EXPECT_EQ(print(m.negate(m.select(a, x))), "-a[x]");
}

TEST_F(Printing, NamesComeFromTheProgramWhenSymbolsHaveNone) {
  Program program;
  program.globals.push_back({"count", "int", Type::integer(), {}});
  program.classes.push_back({"Node", {0}, {}, {}});
  program.fields.push_back({"next", "Node", Type::reference(0), 0, 0, {}});
  TermManager with_program(&program);
  Term count = with_program.global_symbol(0);
  Term field = with_program.field_symbol(0);
  EXPECT_EQ(count->sort(), Sort::integer());
  EXPECT_EQ(field->name(), "next");
  TermManager bare;
  Term nameless = bare.global_symbol(0, Sort::integer(), "");
  EXPECT_EQ(print_term(nameless, &program), "count");
  EXPECT_EQ(print_term(nameless), "g0");
  Term head = with_program.fresh_symbol(Sort::reference(0), "head");
  EXPECT_EQ(print_term(with_program.select(field, with_program.select(field, head)), &program),
            "head#" + std::to_string(head->index()) + ".next.next");
}

TEST_F(Printing, CharacterBudgetCutsLongOutput) {
  Term sum = x;
  for (int i = 0; i < 100; ++i) sum = m.add(sum, y);
  PrintOptions options;
  options.character_budget = 10;
  EXPECT_EQ(print_term(sum, nullptr, options), "x + y + y …");
  EXPECT_EQ(print_term(x, nullptr, options), "x");
  // A DAG whose tree is astronomically large prints within the budget.
  Term doubled = x;
  for (int i = 0; i < 100; ++i) doubled = m.add(doubled, doubled);
  options.character_budget = 1000;
  std::string text = print_term(doubled, nullptr, options);
  EXPECT_EQ(text.size(), 1000 + std::string("…").size());
}

TEST_F(Printing, DeepTermsDoNotExhaustTheStack) {
  Term t = x;
  for (int i = 0; i < 100000; ++i) t = m.negate(m.add(t, n(1)));
  std::string text = print(t);
  EXPECT_EQ(text.size(), 100000 * std::string("-( + 1)").size() + 1);
  EXPECT_EQ(text.substr(0, 6), "-(-(-(");
}


TEST_F(Printing, QuantifiersAndFunctionApplications) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term guard = m.logical_and(m.less_equal(n(0), k), m.less(k, x));
  EXPECT_EQ(print(m.forall(k, m.implies(guard, m.greater(m.select(a, k), n(0))))),
            "forall k: Int. (0 <= k && k < x ==> 0 < a[k])");
  FunctionId abs = m.declare_function("abs", {Sort::integer()}, Sort::integer());
  FunctionId max = m.declare_function("max", {Sort::integer(), Sort::integer()}, Sort::integer());
  FunctionId zero = m.declare_function("zero", {}, Sort::integer());
  const Term at_x[] = {x};
  const Term at_sum[] = {m.add(x, y), m.apply(abs, at_x)};
  EXPECT_EQ(print(m.apply(abs, at_x)), "abs(x)");
  EXPECT_EQ(print(m.multiply(m.apply(max, at_sum), n(2))), "max(x + y, abs(x)) * 2");
  EXPECT_EQ(print(m.apply(zero, {})), "zero()");
  Term j = m.bound_variable(Sort::integer(), "j");
  Term c2 = m.bound_variable(Sort::boolean(), "c");
  const Term both[] = {j, c2};
  Term exists = m.exists(both, m.logical_and(c2, m.less(x, j)));
  EXPECT_EQ(print(exists), "exists j: Int, c: Bool. (c && x < j)");
  EXPECT_EQ(print(m.logical_and(b, exists)), "b && exists j: Int, c: Bool. (c && x < j)");
  EXPECT_EQ(print(m.logical_not(exists)), "!exists j: Int, c: Bool. (c && x < j)");
  // Two bound variables named k in one term are told apart by their serial numbers.
  Term k2 = m.bound_variable(Sort::integer(), "k");
  Term clash = m.forall(k, m.exists(k2, m.less(k, k2)));
  std::string ks = "k#" + std::to_string(k->index()), k2s = "k#" + std::to_string(k2->index());
  EXPECT_EQ(print(clash), "forall " + ks + ": Int. (exists " + k2s + ": Int. (" + ks + " < " + k2s + "))");
  Term o = m.bound_variable(Sort::reference(0), "o");
  EXPECT_EQ(print(m.forall(o, m.equal(m.select(next, o), o))), "forall o: Reference(0). (o.next == o)");
}
}  // namespace
}  // namespace symref::terms::testing
