// Tests of substitution application eσ (§2 Lemma 2.1) and the DAG walks and sizes.
#include "semantics/terms/substitution.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "semantics/terms/evaluator.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::terms::testing {
namespace {

using Substituting = TermFixture;
using Traversal = TermFixture;

TEST_F(Substituting, ReplacesSymbolsAndRebuildsThroughTheFactories) {
  Substitution sigma(m);
  EXPECT_EQ(sigma.apply(m.add(x, y)), m.add(x, y));  // the identity substitution
  sigma.set(x, m.add(y, n(1)));
  EXPECT_EQ(sigma.size(), 1u);
  EXPECT_EQ(sigma.find(x), m.add(y, n(1)));
  EXPECT_EQ(sigma.find(y), nullptr);
  EXPECT_EQ(sigma.apply(m.multiply(x, n(2))), m.multiply(m.add(y, n(1)), n(2)));
  EXPECT_EQ(sigma.apply(y), y);
  sigma.set(y, n(4));
  // Simultaneous: σ(x) = y + 1 is not substituted again, and constants fold.
  EXPECT_EQ(sigma.apply(m.add(x, y)), m.add(m.add(y, n(1)), n(4)));
  EXPECT_EQ(sigma.apply(m.less(y, n(5))), m.true_term());
  EXPECT_EQ(sigma.apply(m.subtract(y, y)), n(0));
}

TEST_F(Substituting, ArraysFieldsAndSimplificationOfTheResult) {
  Substitution sigma(m);
  // σ(a) = a[0 := 7] (§2.1): reading a[x] under σ with x := 0 folds to 7.
  sigma.set(a, m.store(a, n(0), n(7)));
  sigma.set(x, n(0));
  EXPECT_EQ(sigma.apply(m.select(a, x)), n(7));
  EXPECT_EQ(sigma.apply(m.length(a)), m.length(a));
  Term o = m.fresh_symbol(Sort::reference(0), "o");
  Substitution new_object(m);
  new_object.set(o, m.new_object(1, 0));
  // (o == p)[o := new#1] = false: a new object is no input object.
  EXPECT_EQ(new_object.apply(m.equal(o, p)), m.false_term());
  EXPECT_EQ(new_object.apply(m.select(m.store(val, o, n(0)), p)), m.select(val, p));
}

TEST_F(Substituting, SortsMustMatch) {
  Substitution sigma(m);
  EXPECT_THROW(sigma.set(x, b), std::logic_error);
  EXPECT_THROW(sigma.set(a, next), std::logic_error);
  EXPECT_THROW(sigma.set(m.add(x, y), x), std::logic_error);
  EXPECT_NO_THROW(sigma.set(p, m.nil(-1)));
}

TEST_F(Substituting, SubstitutionLemmaOnAnExample) {
  // V∘σ(e) = V(eσ): evaluate e under the composed valuation and eσ under V.
  Substitution sigma(m);
  sigma.set(x, m.multiply(y, n(3)));
  sigma.set(b, m.less(y, n(0)));
  Term e = m.if_then_else(b, m.add(x, y), m.remainder(x, n(4)));
  MapValuation valuation(m);
  valuation.set_symbol(y, Value::integer(-5));
  MapValuation composed(m);
  composed.set_symbol(x, evaluate(m.multiply(y, n(3)), valuation));
  composed.set_symbol(b, evaluate(m.less(y, n(0)), valuation));
  composed.set_symbol(y, Value::integer(-5));
  EXPECT_EQ(evaluate(e, composed), evaluate(sigma.apply(e), valuation));
  EXPECT_EQ(evaluate(sigma.apply(e), valuation).as_integer(), Integer(-20));
}

TEST_F(Substituting, DeepAndSharedTermsAreHandledWithoutRecursionOrBlowUp) {
  Term chain = x;
  for (int i = 0; i < 100000; ++i) chain = m.add(chain, y);
  Term doubled = x;
  for (int i = 0; i < 100; ++i) doubled = m.add(doubled, doubled);
  Substitution sigma(m);
  sigma.set(y, n(0));
  EXPECT_EQ(sigma.apply(chain), x);
  sigma.set(x, y);
  std::size_t before = m.size();
  Term renamed = sigma.apply(doubled);
  EXPECT_EQ(dag_size(renamed), 101u);
  EXPECT_LE(m.size(), before + 101);
}

TEST_F(Traversal, SymbolsAndSizes) {
  Term t = m.add(m.select(a, x), m.multiply(x, y));
  std::vector<Term> expected = {x, y, a};  // creation order
  EXPECT_EQ(collect_symbols(t), expected);
  EXPECT_EQ(dag_size(t), 6u);   // x y a a[x] x*y +
  EXPECT_EQ(tree_size(t), 7u);  // x counted twice
  Term doubled = x;
  for (int i = 0; i < 100; ++i) doubled = m.add(doubled, doubled);
  EXPECT_EQ(dag_size(doubled), 101u);
  EXPECT_EQ(tree_size(doubled), UINT64_MAX);  // 2^101 - 1 saturates
  Term small = x;
  for (int i = 0; i < 10; ++i) small = m.add(small, small);
  EXPECT_EQ(tree_size(small), 2047u);
}

TEST_F(Traversal, VisitsOperandsFirstOnceEachAndResumesWithAVisitedSet) {
  Term shared = m.add(x, y);
  Term t = m.multiply(shared, m.subtract(shared, x));
  std::vector<Term> order;
  TermSet visited;
  for_each_subterm(t, visited, [&](Term u) { order.push_back(u); });
  std::vector<Term> expected = {x, y, shared, m.subtract(shared, x), t};
  EXPECT_EQ(order, expected);
  order.clear();
  for_each_subterm(m.add(t, n(1)), visited, [&](Term u) { order.push_back(u); });
  expected = {n(1), m.add(t, n(1))};
  EXPECT_EQ(order, expected);
}


// ---------------------------------------------------------------------------------------------
// Under binders

TEST_F(Substituting, SymbolsUnderBindersAreReplacedAndTheVariableKept) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term all = m.forall(k, m.implies(m.less_equal(n(0), k), m.less(x, m.select(a, k))));
  Substitution sigma(m);
  sigma.set(x, m.add(y, n(1)));
  Term image = sigma.apply(all);
  EXPECT_EQ(image, m.forall(k, m.implies(m.less_equal(n(0), k), m.less(m.add(y, n(1)), m.select(a, k)))));
  // A replacement that makes the body constant simplifies the quantifier away.
  Substitution to_false(m);
  to_false.set(b, m.false_term());
  EXPECT_EQ(to_false.apply(m.forall(k, m.logical_and(b, m.less(k, x)))), m.false_term());
}

TEST_F(Substituting, BuildingAQuantifierFromATemplate) {
  // P(x) with x := k, then ∀k: the intended way to quantify a formula over a symbol.
  Term template_formula = m.less(n(0), m.select(a, x));
  Term k = m.bound_variable(Sort::integer(), "k");
  Substitution to_variable(m);
  to_variable.set(x, k);
  Term all = m.forall(k, to_variable.apply(template_formula));
  EXPECT_EQ(all, m.forall(k, m.less(n(0), m.select(a, k))));
  EXPECT_TRUE(free_bound_variables(all).empty());
  EXPECT_TRUE(free_bound_variables(TermManager::quantifier_body(all)) == std::vector<Term>{k});
}

TEST_F(Substituting, InstantiationReplacesTheQuantifiedVariables) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term j = m.bound_variable(Sort::integer(), "j");
  const Term both[] = {k, j};
  Term all = m.forall(both, m.implies(m.less(k, j), m.less(m.select(a, k), m.select(a, j))));
  const Term values[] = {n(1), x};
  EXPECT_EQ(instantiate(m, all, values), m.implies(m.less(n(1), x), m.less(m.select(a, n(1)), m.select(a, x))));
  const Term same[] = {x, x};
  EXPECT_EQ(instantiate(m, all, same), m.true_term());  // x < x is false
  const Term one[] = {x};
  EXPECT_THROW(instantiate(m, all, one), std::logic_error);
  const Term wrong_sort[] = {b, x};
  EXPECT_THROW(instantiate(m, all, wrong_sort), std::logic_error);
  EXPECT_THROW(instantiate(m, m.less(x, y), one), std::logic_error);
  // Nested: instantiating the outer variable reaches into the inner quantifier.
  Term inner = m.exists(j, m.less(k, j));
  Term nested = m.forall(k, inner);
  const Term three[] = {n(3)};
  EXPECT_EQ(instantiate(m, nested, three), m.exists(j, m.less(n(3), j)));
  // Substituting the variable of the quantifier the substitution is applied to is refused.
  Substitution sigma(m);
  sigma.set(k, n(3));
  EXPECT_THROW(sigma.apply(nested), std::logic_error);
  EXPECT_EQ(sigma.apply(inner), m.exists(j, m.less(n(3), j)));
}

TEST_F(Traversal, FreeBoundVariables) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term j = m.bound_variable(Sort::integer(), "j");
  Term inner = m.exists(j, m.less(k, j));
  EXPECT_TRUE(free_bound_variables(inner) == std::vector<Term>{k});
  Term i = m.bound_variable(Sort::integer(), "i");
  EXPECT_TRUE(free_bound_variables(m.logical_and(inner, m.less(i, x))) == (std::vector<Term>{k, i}));
  EXPECT_TRUE(free_bound_variables(m.forall(k, inner)).empty());
  EXPECT_TRUE(free_bound_variables(m.less(x, y)).empty());
  EXPECT_TRUE(collect_symbols(m.forall(k, m.less(k, x))) == std::vector<Term>{x});
}
}  // namespace
}  // namespace symref::terms::testing
