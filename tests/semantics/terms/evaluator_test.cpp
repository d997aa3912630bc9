// Tests of term evaluation V(t) (§2, §2.1 arrays, §4.1 fields) on every kind of term.
#include "semantics/terms/evaluator.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::terms::testing {
namespace {

Integer big(const char* decimal) { return *Integer::from_decimal(decimal); }

class Evaluation : public TermFixture {
 protected:
  MapValuation v{m};

  Integer integer_of(Term t) { return evaluate(t, v).as_integer(); }
  bool boolean_of(Term t) { return evaluate(t, v).as_boolean(); }
  void set(Term symbol, std::int64_t value) { v.set_symbol(symbol, Value::integer(value)); }
};

TEST_F(Evaluation, Constants) {
  EXPECT_EQ(integer_of(n(-12)), Integer(-12));
  EXPECT_EQ(integer_of(m.integer(big("-123456789012345678901234567890"))), big("-123456789012345678901234567890"));
  EXPECT_TRUE(boolean_of(m.true_term()));
  EXPECT_FALSE(boolean_of(m.false_term()));
  Value nil = evaluate(m.nil(0), v);
  EXPECT_EQ(nil.kind(), ValueKind::Reference);
  EXPECT_TRUE(nil.is_nil());
  Value object = evaluate(m.new_object(3, 0), v);
  EXPECT_EQ(object.as_object(), 3);
  EXPECT_EQ(object.class_index(), 0);
}

TEST_F(Evaluation, SymbolsAndDefaults) {
  set(x, 5);
  v.set_symbol(b, Value::boolean(true));
  v.set_symbol(p, Value::reference(0, -2));
  EXPECT_EQ(integer_of(x), Integer(5));
  EXPECT_TRUE(boolean_of(b));
  EXPECT_EQ(evaluate(p, v).as_object(), -2);
  EXPECT_EQ(integer_of(y), Integer(0));
  EXPECT_FALSE(boolean_of(c));
  EXPECT_TRUE(evaluate(q, v).is_nil());
}

TEST_F(Evaluation, ArithmeticBeyondSixtyFourBits) {
  v.set_symbol(x, Value::integer(big("1180591620717411303424")));  // 2^70
  set(y, 3);
  EXPECT_EQ(integer_of(m.multiply(x, x)), big("1393796574908163946345982392040522594123776"));
  EXPECT_EQ(integer_of(m.add(x, y)), big("1180591620717411303427"));
  EXPECT_EQ(integer_of(m.subtract(y, x)), big("-1180591620717411303421"));
  EXPECT_EQ(integer_of(m.negate(x)), big("-1180591620717411303424"));
  EXPECT_EQ(integer_of(m.divide(m.negate(x), y)), big("-393530540239137101142"));  // floor for y > 0
  EXPECT_EQ(integer_of(m.remainder(m.negate(x), y)), Integer(2));
  EXPECT_TRUE(boolean_of(m.less(y, x)));
  EXPECT_FALSE(boolean_of(m.less_equal(x, y)));
}

TEST_F(Evaluation, EuclideanDivisionSigns) {
  struct Case {
    std::int64_t dividend, divisor, quotient, remainder;
  };
  for (Case k : {Case{-7, 2, -4, 1}, Case{7, -2, -3, 1}, Case{-7, -2, 4, 1}, Case{7, 2, 3, 1}, Case{-8, 2, -4, 0},
                 Case{7, 0, 0, 7}, Case{-7, 0, 0, -7}, Case{0, 0, 0, 0}}) {
    set(x, k.dividend);
    set(y, k.divisor);
    EXPECT_EQ(integer_of(m.divide(x, y)), Integer(k.quotient)) << k.dividend << " / " << k.divisor;
    EXPECT_EQ(integer_of(m.remainder(x, y)), Integer(k.remainder)) << k.dividend << " % " << k.divisor;
  }
}

TEST_F(Evaluation, ARebindEvaluatesUnderTheNewValuationOnly) {
  set(x, 5);
  v.set_element(a, Value::integer(2), Value::integer(9));
  MapValuation other{m};
  other.set_symbol(x, Value::integer(-3));
  other.set_element(a, Value::integer(2), Value::integer(4));
  const Term sum = m.add(x, m.select(m.store(a, n(0), x), n(2)));
  TermEvaluator evaluator(v);
  EXPECT_EQ(evaluator.evaluate(sum).as_integer(), Integer(14));
  evaluator.rebind(other);  // nothing of the first valuation's values stays cached
  EXPECT_EQ(evaluator.evaluate(sum).as_integer(), Integer(1));
  EXPECT_EQ(evaluator.element(m.store(a, n(0), x), Value::integer(0)).as_integer(), Integer(-3));
  evaluator.rebind(v);
  EXPECT_EQ(evaluator.evaluate(sum).as_integer(), Integer(14));
  EXPECT_EQ(evaluator.element(m.store(a, n(0), x), Value::integer(0)).as_integer(), Integer(5));
}

TEST_F(Evaluation, ComparisonsEqualityAndConnectives) {
  set(x, 2);
  set(y, 3);
  v.set_symbol(b, Value::boolean(true));
  v.set_symbol(c, Value::boolean(false));
  v.set_symbol(p, Value::reference(0, -1));
  v.set_symbol(q, Value::reference(0, -1));
  EXPECT_TRUE(boolean_of(m.less(x, y)));
  EXPECT_FALSE(boolean_of(m.less(y, x)));
  EXPECT_TRUE(boolean_of(m.less_equal(x, x)));
  EXPECT_FALSE(boolean_of(m.equal(x, y)));
  EXPECT_TRUE(boolean_of(m.equal(p, q)));
  EXPECT_FALSE(boolean_of(m.equal(p, m.nil(0))));
  EXPECT_FALSE(boolean_of(m.equal(p, m.new_object(1, 0))));
  EXPECT_FALSE(boolean_of(m.equal(b, c)));
  EXPECT_TRUE(boolean_of(m.logical_not(c)));
  EXPECT_FALSE(boolean_of(m.logical_and(std::vector<Term>{b, m.less(x, y), c})));
  EXPECT_TRUE(boolean_of(m.logical_or(std::vector<Term>{c, m.less(y, x), b})));
  EXPECT_FALSE(boolean_of(m.implies(b, c)));
  EXPECT_TRUE(boolean_of(m.implies(c, b)));
  EXPECT_EQ(integer_of(m.if_then_else(b, x, y)), Integer(2));
  EXPECT_EQ(integer_of(m.if_then_else(c, x, y)), Integer(3));
  EXPECT_EQ(evaluate(m.if_then_else(c, p, m.nil(0)), v).is_nil(), true);
}

TEST_F(Evaluation, ArraysAreFunctionsWithUpdatesByValue) {
  set(x, 1);
  set(y, 1);
  v.set_element(a, Value::integer(1), Value::integer(10));
  v.set_element(a, Value::integer(2), Value::integer(20));
  v.set_length(a, 3);
  EXPECT_EQ(integer_of(m.select(a, x)), Integer(10));
  EXPECT_EQ(integer_of(m.select(a, n(2))), Integer(20));
  EXPECT_EQ(integer_of(m.select(a, n(-5))), Integer(0));  // a total function
  // The update at x is seen by a read at y because x and y have one value.
  Term updated = m.store(a, x, n(99));
  EXPECT_EQ(integer_of(m.select(updated, y)), Integer(99));
  EXPECT_EQ(integer_of(m.select(updated, n(2))), Integer(20));
  // The latest of two updates at equal indices wins.
  Term twice = m.store(m.store(a, x, n(5)), y, n(6));
  EXPECT_EQ(integer_of(m.select(twice, x)), Integer(6));
  EXPECT_EQ(integer_of(m.length(a)), Integer(3));
  EXPECT_EQ(integer_of(m.length(twice)), Integer(3));
  v.set_default_element(a, Value::integer(-1));
  EXPECT_EQ(integer_of(m.select(a, n(7))), Integer(-1));
  EXPECT_THROW(evaluate(a, v), std::logic_error);
  EXPECT_THROW(evaluate(updated, v), std::logic_error);
}

// element(): a read of a whole array at a value, as evaluating a Select at a constant, without
// making the Select.
TEST_F(Evaluation, ElementReadsAnArrayAtAValueAsASelectWould) {
  m.set_simplify(false);
  set(x, 2);
  v.set_element(a, Value::integer(1), Value::integer(10));
  v.set_element(a, Value::integer(2), Value::integer(20));
  Term updated = m.store(m.store(a, x, n(5)), n(3), m.add(x, n(1)));
  TermEvaluator evaluator(v);
  for (std::int64_t i = -1; i <= 4; ++i)
    EXPECT_EQ(evaluator.element(updated, Value::integer(Integer(i))), evaluate(m.select(updated, n(i)), v)) << "index " << i;
  EXPECT_EQ(evaluator.element(updated, Value::integer(Integer(2))).as_integer(), Integer(5));
  EXPECT_EQ(evaluator.element(updated, Value::integer(Integer(3))).as_integer(), Integer(3));
  EXPECT_EQ(evaluator.element(a, Value::integer(Integer(1))).as_integer(), Integer(10));
  EXPECT_THROW(evaluator.element(x, Value::integer(Integer(0))), std::logic_error);
}

TEST_F(Evaluation, UnsimplifiedUpdatesEvaluateTheSame) {
  m.set_simplify(false);
  set(x, 4);
  v.set_length(a, 7);
  Term updated = m.store(m.store(a, n(4), n(1)), n(5), n(2));
  EXPECT_EQ(integer_of(m.select(updated, x)), Integer(1));
  EXPECT_EQ(integer_of(m.length(updated)), Integer(7));
}

TEST_F(Evaluation, FieldsAreArraysOverObjects) {
  Value o1 = Value::reference(0, -1), o2 = Value::reference(0, -2);
  v.set_symbol(p, o1);
  v.set_symbol(q, o2);
  v.set_element(val, o1, Value::integer(5));
  v.set_element(next, o1, o2);
  v.set_element(flag, o2, Value::boolean(true));
  EXPECT_EQ(integer_of(m.select(val, p)), Integer(5));
  EXPECT_EQ(integer_of(m.select(val, q)), Integer(0));
  EXPECT_EQ(evaluate(m.select(next, p), v), o2);
  EXPECT_TRUE(evaluate(m.select(next, q), v).is_nil());
  EXPECT_TRUE(boolean_of(m.select(flag, m.select(next, p))));
  // p.next := new#1; new#1.val := 7; then p.next.val is 7 and q.val is still 0.
  Term new1 = m.new_object(1, 0);
  Term next1 = m.store(next, p, new1);
  Term val1 = m.store(val, new1, n(7));
  EXPECT_EQ(integer_of(m.select(val1, m.select(next1, p))), Integer(7));
  EXPECT_EQ(integer_of(m.select(val1, q)), Integer(0));
  EXPECT_EQ(integer_of(m.select(val1, p)), Integer(5));
}

TEST_F(Evaluation, LongUpdateChainsReadLikeTheirLatestUpdate) {
  // 5000 updates a[i % 50 := i] (kept unsimplified), then reads at every index through one
  // evaluator, so that later reads reuse what earlier walks remembered.
  m.set_simplify(false);
  v.set_default_element(a, Value::integer(-1));
  std::vector<Term> chain = {a};
  for (int i = 0; i < 5000; ++i) chain.push_back(m.store(chain.back(), n(i % 50), n(i)));
  TermEvaluator evaluator(v);
  for (int position : {4999, 5000, 2500, 4321, 37, 5000}) {
    for (int index = 0; index < 60; ++index) {
      // The latest update at `index` among the first `position` ones, or the default.
      int expected = -1;
      for (int i = position - 1; i >= 0; --i)
        if (i % 50 == index) {
          expected = i;
          break;
        }
      EXPECT_EQ(evaluator.evaluate(m.select(chain[position], n(index))).as_integer(), Integer(expected))
          << "position " << position << " index " << index;
      set(x, index);  // a symbolic index, through a fresh evaluator as the valuation changed
      EXPECT_EQ(evaluate(m.select(chain[position], x), v).as_integer(), Integer(expected));
    }
  }
}

TEST_F(Evaluation, DeepChainsAreEvaluatedIteratively) {
  set(x, 1);
  Term t = x;
  for (int i = 0; i < 100000; ++i) t = m.add(t, n(1));
  EXPECT_EQ(integer_of(t), Integer(100001));
  Term u = m.less(x, y);
  for (int i = 0; i < 100000; ++i) u = m.logical_not(m.if_then_else(u, m.false_term(), c));
  EXPECT_NO_THROW(evaluate(u, v));
}

TEST_F(Evaluation, SharedSubtermsAreEvaluatedOnce) {
  set(x, 1);
  Term t = x;
  for (int i = 0; i < 200; ++i) t = m.add(t, t);  // a tree of 2^201 - 1 nodes
  EXPECT_EQ(integer_of(t), big("1606938044258990275541962092341162602522202993782792835301376"));  // 2^200
}

TEST_F(Evaluation, EvaluatorKeepsItsCacheAcrossCalls) {
  set(x, 4);
  TermEvaluator evaluator(v);
  EXPECT_EQ(evaluator.evaluate(m.multiply(x, x)).as_integer(), Integer(16));
  set(x, 5);  // the cache belongs to one valuation: a changed valuation needs clear_cache()
  EXPECT_EQ(evaluator.evaluate(m.multiply(x, x)).as_integer(), Integer(16));
  evaluator.clear_cache();
  EXPECT_EQ(evaluator.evaluate(m.multiply(x, x)).as_integer(), Integer(25));
  EXPECT_TRUE(evaluator.evaluate_boolean(m.less(n(3), m.multiply(x, x))));
}


// ---------------------------------------------------------------------------------------------
// Quantifiers by enumeration, uninterpreted functions

class QuantifiedEvaluation : public Evaluation {
 protected:
  Term k = m.bound_variable(Sort::integer(), "k");
  Term j = m.bound_variable(Sort::integer(), "j");
  // 0 <= k && k < hi
  Term in_range(Term variable, Term hi) { return m.logical_and(m.less_equal(n(0), variable), m.less(variable, hi)); }
  void set_array(std::initializer_list<std::int64_t> elements) {
    std::int64_t i = 0;
    for (std::int64_t e : elements) v.set_element(a, Value::integer(i++), Value::integer(e));
    v.set_length(a, Integer(i));
  }
};

TEST_F(QuantifiedEvaluation, BoundedUniversalTrueAndFalse) {
  set_array({3, 1, 4, 1, 5});
  set(x, 5);
  Term positive = m.forall(k, m.implies(in_range(k, x), m.less(n(0), m.select(a, k))));
  EXPECT_TRUE(boolean_of(positive));
  Term above_one = m.forall(k, m.implies(in_range(k, x), m.less(n(1), m.select(a, k))));
  EXPECT_FALSE(boolean_of(above_one));  // a[1] = 1
  // The range follows x: below index 1 the claim holds.
  set(x, 1);
  EXPECT_TRUE(boolean_of(above_one));
  // An empty range: vacuously true.
  set(x, -3);
  EXPECT_TRUE(boolean_of(above_one));
  // Upper bound by <=, strict lower bound, and the guard as nested implications.
  set(x, 4);
  Term inclusive = m.forall(k, m.implies(m.less(n(-1), k), m.implies(m.less_equal(k, x), m.less(n(0), m.select(a, k)))));
  EXPECT_TRUE(boolean_of(inclusive));  // a[5] reads the default 0 only when k = 5 > x
  set(x, 5);
  EXPECT_FALSE(boolean_of(inclusive));  // k = 5: a[5] = 0
}

TEST_F(QuantifiedEvaluation, BoundedExistentialTrueAndFalse) {
  set_array({3, 1, 4, 1, 5});
  set(x, 5);
  Term has_four = m.exists(k, m.logical_and(in_range(k, x), m.equal(m.select(a, k), n(4))));
  EXPECT_TRUE(boolean_of(has_four));
  Term has_nine = m.exists(k, m.logical_and(in_range(k, x), m.equal(m.select(a, k), n(9))));
  EXPECT_FALSE(boolean_of(has_nine));
  // k == e pins the range to one value.
  EXPECT_TRUE(boolean_of(m.exists(k, m.logical_and(m.equal(k, n(2)), m.equal(m.select(a, k), n(4))))));
  EXPECT_FALSE(boolean_of(m.exists(k, m.logical_and(m.equal(k, n(3)), m.equal(m.select(a, k), n(4))))));
}

TEST_F(QuantifiedEvaluation, NestedQuantifiersAndRangesOverEarlierVariables) {
  set_array({1, 2, 2, 7});
  set(x, 4);
  // Sorted: ∀k j. 0 <= k && k < x && k <= j && j < x ==> a[k] <= a[j] (j's range uses k).
  const Term both[] = {k, j};
  Term sorted = m.forall(both, m.implies(m.logical_and(std::vector<Term>{in_range(k, x), m.less_equal(k, j), m.less(j, x)}),
                                         m.less_equal(m.select(a, k), m.select(a, j))));
  EXPECT_TRUE(boolean_of(sorted));
  // ∀∃: every element has an equal one elsewhere (false: 1 and 7 are alone).
  Term paired = m.forall(k, m.implies(in_range(k, x), m.exists(j, m.logical_and(std::vector<Term>{in_range(j, x), m.not_equal(j, k),
                                                                                m.equal(m.select(a, j), m.select(a, k))}))));
  EXPECT_FALSE(boolean_of(paired));
  // ∃∀: some element is at least every element (the maximum, 7).
  Term maximum = m.exists(k, m.logical_and(in_range(k, x), m.forall(j, m.implies(in_range(j, x), m.less_equal(m.select(a, j), m.select(a, k))))));
  EXPECT_TRUE(boolean_of(maximum));
  v.set_element(a, Value::integer(0), Value::integer(9));  // a fresh evaluator sees the new values
  EXPECT_TRUE(boolean_of(maximum));
  EXPECT_FALSE(boolean_of(sorted));
}

TEST_F(QuantifiedEvaluation, UpdatesUnderTheBinder) {
  set_array({1, 2, 3});
  set(x, 3);
  // ∀k in range. (a[k := 0])[k] == 0 and a store at a bound index read elsewhere.
  EXPECT_TRUE(boolean_of(m.forall(k, m.implies(in_range(k, x), m.equal(m.select(m.store(a, k, n(0)), k), n(0))))));
  Term shifted = m.forall(k, m.implies(in_range(k, x), m.equal(m.select(m.store(a, k, n(0)), n(1)), n(2))));
  EXPECT_FALSE(boolean_of(shifted));  // k = 1 overwrites a[1]
}

TEST_F(QuantifiedEvaluation, BooleanVariablesTakeBothValues) {
  Term c1 = m.bound_variable(Sort::boolean(), "c");
  EXPECT_TRUE(boolean_of(m.exists(c1, c1)));
  EXPECT_FALSE(boolean_of(m.forall(c1, c1)));
  EXPECT_TRUE(boolean_of(m.forall(c1, m.logical_or(c1, m.logical_not(c1)))));
  v.set_symbol(b, Value::boolean(true));
  EXPECT_TRUE(boolean_of(m.forall(c1, m.implies(c1, b))));
}

TEST_F(QuantifiedEvaluation, UnboundedOrHugeRangesAreNotEvaluable) {
  Term unbounded = m.forall(k, m.less(m.select(a, k), n(5)));
  EXPECT_THROW(evaluate(unbounded, v), NotEvaluable);
  Term half_bounded = m.forall(k, m.implies(m.less_equal(n(0), k), m.less(m.select(a, k), n(5))));
  EXPECT_THROW(evaluate(half_bounded, v), NotEvaluable);
  set(x, 2'000'000);
  Term huge = m.forall(k, m.implies(in_range(k, x), m.less(m.select(a, k), n(5))));
  EXPECT_THROW(evaluate(huge, v), NotEvaluable);
  Term o = m.bound_variable(Sort::reference(0), "o");
  EXPECT_THROW(evaluate(m.exists(o, m.equal(o, p)), v), NotEvaluable);
  // The evaluator stays usable after NotEvaluable, and a smaller limit is honoured.
  TermEvaluator evaluator(v);
  EXPECT_THROW(evaluator.evaluate(huge), NotEvaluable);
  EXPECT_TRUE(evaluator.evaluate_boolean(m.less(x, m.add(x, n(1)))));
  set(x, 100);
  TermEvaluator limited(v);
  limited.set_enumeration_limit(50);
  EXPECT_THROW(limited.evaluate(huge), NotEvaluable);
  limited.set_enumeration_limit(100);
  EXPECT_TRUE(limited.evaluate_boolean(huge));  // a[k] = 0 < 5
  // A bound variable outside its binder is a programming error.
  EXPECT_THROW(evaluate(m.less(k, n(1)), v), std::logic_error);
}

TEST_F(QuantifiedEvaluation, FunctionApplicationsReadTheValuation) {
  FunctionId f = m.declare_function("f", {Sort::integer(), Sort::boolean()}, Sort::integer());
  FunctionId rows = m.declare_function("row", {Sort::integer()}, Sort::int_array());
  const Term at_x_b[] = {x, b};
  set(x, 2);
  v.set_function_value(f, {Value::integer(2), Value::boolean(false)}, Value::integer(40));
  EXPECT_EQ(integer_of(m.add(m.apply(f, at_x_b), n(2))), Integer(42));
  v.set_function_default(f, Value::integer(-1));
  const Term at_y_b[] = {y, b};
  EXPECT_EQ(integer_of(m.apply(f, at_y_b)), Integer(-1));
  const Term at_x[] = {x};
  Term row = m.apply(rows, at_x);
  v.set_function_element(rows, {Value::integer(2)}, Value::integer(1), Value::integer(7));
  v.set_function_length(rows, {Value::integer(2)}, Integer(3));
  EXPECT_EQ(integer_of(m.select(row, n(1))), Integer(7));
  EXPECT_EQ(integer_of(m.select(row, n(0))), Integer(0));
  EXPECT_EQ(integer_of(m.select(m.store(row, y, n(5)), n(1))), Integer(7));
  EXPECT_EQ(integer_of(m.select(m.store(row, y, n(5)), n(0))), Integer(5));
  EXPECT_EQ(integer_of(m.length(m.store(row, y, n(5)))), Integer(3));
  // ∀k < len(row(x)). row(x)[k] <= 7, through an array-valued application.
  EXPECT_TRUE(boolean_of(m.forall(k, m.implies(in_range(k, m.length(row)), m.less_equal(m.select(row, k), n(7))))));
  // Functions of bound variables: ∃k in 0..9. f(k, b) = 40.
  const Term at_k_b[] = {k, b};
  EXPECT_TRUE(boolean_of(m.exists(k, m.logical_and(in_range(k, n(10)), m.equal(m.apply(f, at_k_b), n(40))))));
  EXPECT_FALSE(boolean_of(m.exists(k, m.logical_and(in_range(k, n(2)), m.equal(m.apply(f, at_k_b), n(40))))));
}

class NoFunctions final : public Valuation {
 public:
  Value symbol_value(Term symbol) const override { return default_value(symbol->sort()); }
  Value array_element(Term, const Value&) const override { return Value::integer(0); }
  Integer array_length(Term) const override { return Integer(0); }
};

TEST_F(QuantifiedEvaluation, ValuationsWithoutFunctionsSayNotEvaluable) {
  FunctionId f = m.declare_function("f", {Sort::integer()}, Sort::integer());
  const Term at_x[] = {x};
  NoFunctions none;
  EXPECT_THROW(evaluate(m.apply(f, at_x), none), NotEvaluable);
  EXPECT_TRUE(evaluate(m.less(x, n(1)), none).as_boolean());
}
}  // namespace
}  // namespace symref::terms::testing
