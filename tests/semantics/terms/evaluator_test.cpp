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

}  // namespace
}  // namespace symref::terms::testing
