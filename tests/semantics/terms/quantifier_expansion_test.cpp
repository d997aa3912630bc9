// Tests of the bounded-quantifier expansion: which quantifiers are spelled out and into what (quantifier_expansion.hpp).
#include "semantics/terms/quantifier_expansion.hpp"

#include <gtest/gtest.h>

#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::terms::testing {
namespace {

using QuantifierExpansion = TermFixture;

TEST_F(QuantifierExpansion, AForallOverAConstantRangeBecomesTheConjunctionOfItsInstances) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term guard = m.logical_and(m.less_equal(n(0), k), m.less(k, n(3)));
  Term formula = m.forall(k, m.implies(guard, m.less_equal(x, m.select(a, k))));
  BoundedQuantifierExpansion expansion(m);
  Term expected = m.logical_and(std::vector<Term>{m.less_equal(x, m.select(a, n(0))), m.less_equal(x, m.select(a, n(1))),
                                                  m.less_equal(x, m.select(a, n(2)))});
  EXPECT_EQ(expansion.apply(formula), expected);
  EXPECT_EQ(expansion.expanded(), 1u);
}

TEST_F(QuantifierExpansion, AnExistsOverAConstantRangeBecomesTheDisjunctionOfItsInstances) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term formula = m.exists(k, m.logical_and(std::vector<Term>{m.less(n(0), k), m.less_equal(k, n(2)), m.equal(m.select(a, k), y)}));
  BoundedQuantifierExpansion expansion(m);
  EXPECT_EQ(expansion.apply(formula), m.logical_or(m.equal(m.select(a, n(1)), y), m.equal(m.select(a, n(2)), y)));
}

TEST_F(QuantifierExpansion, AnEmptyRangeGivesTheNeutralElement) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term j = m.bound_variable(Sort::integer(), "j");
  BoundedQuantifierExpansion expansion(m);
  // ∀k. ¬(0 <= k ∧ k < 0 ∧ a[k] = x): no k at all, so true; ∃ over an empty range: false.
  EXPECT_TRUE(expansion.apply(m.forall(k, m.logical_not(m.logical_and(std::vector<Term>{
                                               m.less_equal(n(0), k), m.less(k, n(0)), m.equal(m.select(a, k), x)}))))
                  ->is_true());
  EXPECT_TRUE(expansion.apply(m.exists(j, m.logical_and(std::vector<Term>{m.less_equal(n(5), j), m.less_equal(j, n(4)),
                                                                          m.equal(m.select(a, j), x)})))
                  ->is_false());
}

TEST_F(QuantifierExpansion, GuardsMayBeWrittenAsDisjunctsAndNegations) {
  Term k = m.bound_variable(Sort::integer(), "k");
  // ∀k. k < 1 ∨ ¬(k <= 2) ∨ a[k] > 0: only k = 1 and k = 2 can make the body false.
  Term body = m.logical_or(std::vector<Term>{m.less(k, n(1)), m.logical_not(m.less_equal(k, n(2))), m.less(n(0), m.select(a, k))});
  BoundedQuantifierExpansion expansion(m);
  EXPECT_EQ(expansion.apply(m.forall(k, body)), m.logical_and(m.less(n(0), m.select(a, n(1))), m.less(n(0), m.select(a, n(2)))));
}

TEST_F(QuantifierExpansion, AnUnboundedVariableStaysQuantified) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term lower_only = m.forall(k, m.implies(m.less_equal(n(0), k), m.less_equal(x, m.select(a, k))));
  Term symbolic_bound = m.forall(k, m.implies(m.logical_and(m.less_equal(n(0), k), m.less(k, y)), m.less_equal(x, m.select(a, k))));
  // A guard in the consequent bounds nothing: ∀k. a[k] > 0 → k < 3 holds for k = 7 only if a[7] <= 0.
  Term wrong_side = m.forall(k, m.implies(m.less(n(0), m.select(a, k)), m.logical_and(m.less_equal(n(0), k), m.less(k, n(3)))));
  BoundedQuantifierExpansion expansion(m);
  EXPECT_EQ(expansion.apply(lower_only), lower_only);
  EXPECT_EQ(expansion.apply(symbolic_bound), symbolic_bound);
  EXPECT_EQ(expansion.apply(wrong_side), wrong_side);
  EXPECT_EQ(expansion.expanded(), 0u);
}

TEST_F(QuantifierExpansion, ARangeOverTheLimitStaysQuantified) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term formula = m.forall(k, m.implies(m.logical_and(m.less_equal(n(0), k), m.less(k, n(10))), m.less_equal(x, m.select(a, k))));
  BoundedQuantifierExpansion small(m, 9), large(m, 10);
  EXPECT_EQ(small.apply(formula), formula);
  EXPECT_FALSE(large.apply(formula)->has_bound_variables());
}

TEST_F(QuantifierExpansion, AnInnerBoundByAnOuterVariableIsSpelledOutInEachInstance) {
  Term outer = m.bound_variable(Sort::integer(), "t2");
  Term inner = m.bound_variable(Sort::integer(), "t1");
  // ∀t2. 0 <= t2 < 2 → ∃t1. 0 <= t1 <= t2 ∧ a[t1] = t2
  Term exists = m.exists(inner, m.logical_and(std::vector<Term>{m.less_equal(n(0), inner), m.less_equal(inner, outer),
                                                                m.equal(m.select(a, inner), outer)}));
  Term formula = m.forall(outer, m.implies(m.logical_and(m.less_equal(n(0), outer), m.less(outer, n(2))), exists));
  BoundedQuantifierExpansion expansion(m);
  Term expected = m.logical_and(m.equal(m.select(a, n(0)), n(0)),
                                m.logical_or(m.equal(m.select(a, n(0)), n(1)), m.equal(m.select(a, n(1)), n(1))));
  EXPECT_EQ(expansion.apply(formula), expected);
  EXPECT_EQ(expansion.expanded(), 3u);  // the ∀ and the ∃ of each of its two instances
}

TEST_F(QuantifierExpansion, AllVariablesOrNone) {
  Term i = m.bound_variable(Sort::integer(), "i");
  Term j = m.bound_variable(Sort::integer(), "j");
  Term flag_variable = m.bound_variable(Sort::boolean(), "f");
  Term body_over = [&](Term guard) { return m.implies(guard, m.logical_or(flag_variable, m.less(m.select(a, i), m.select(a, j)))); }(
      m.logical_and(std::vector<Term>{m.less_equal(n(0), i), m.less_equal(i, n(1)), m.less_equal(n(0), j), m.less_equal(j, n(1))}));
  Term open_j = m.implies(m.logical_and(std::vector<Term>{m.less_equal(n(0), i), m.less_equal(i, n(1)), m.less_equal(n(0), j)}),
                          m.logical_or(flag_variable, m.less(m.select(a, i), m.select(a, j))));
  std::vector<Term> variables{i, j, flag_variable};
  BoundedQuantifierExpansion expansion(m);
  // j unbounded: the quantifier stays whole, not partly spelled out (see quantifier_expansion.cpp).
  Term kept = m.forall(variables, open_j);
  EXPECT_EQ(expansion.apply(kept), kept);
  // All bounded: i, j in {0, 1} and f in {false, true}; the instances with f true are true, and
  // a[i] < a[j] fails for i = j, so the expansion is false.
  EXPECT_TRUE(expansion.apply(m.forall(variables, body_over))->is_false());
  EXPECT_EQ(expansion.expanded(), 1u);
}

TEST_F(QuantifierExpansion, FormulasWithoutQuantifiersAreLeftAsTheyAre) {
  Term formula = m.logical_and(m.less(x, y), m.equal(m.select(a, x), n(3)));
  BoundedQuantifierExpansion expansion(m);
  EXPECT_EQ(expansion.apply(formula), formula);
}

TEST_F(QuantifierExpansion, ThePlantedFaultLeavesOutTheLastInstance) {
  ScopedFault fault(Fault::QuantifierExpansionDropsLastInstance);
  Term k = m.bound_variable(Sort::integer(), "k");
  Term formula = m.forall(k, m.implies(m.logical_and(m.less_equal(n(0), k), m.less(k, n(2))), m.less_equal(x, m.select(a, k))));
  BoundedQuantifierExpansion expansion(m);
  EXPECT_EQ(expansion.apply(formula), m.less_equal(x, m.select(a, n(0))));  // wrong: a[1] is left unconstrained
}

}  // namespace
}  // namespace symref::terms::testing
