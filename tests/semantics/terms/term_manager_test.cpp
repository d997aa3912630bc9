// Tests of the term manager: hash-consing, sort checks and every simplification (§2, §2.1, §4.1).
#include "semantics/terms/term_manager.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "semantics/terms/traversal.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::terms::testing {
namespace {

using HashConsing = TermFixture;
using SortChecks = TermFixture;
using Simplification = TermFixture;
using NoSimplification = TermFixture;

Integer big(const char* decimal) { return *Integer::from_decimal(decimal); }

// ---------------------------------------------------------------------------------------------
// Hash-consing

TEST_F(HashConsing, EqualTermsAreOnePointer) {
  EXPECT_EQ(n(5), n(5));
  EXPECT_EQ(m.integer(big("123456789012345678901234567890")), m.integer(big("123456789012345678901234567890")));
  EXPECT_NE(m.integer(big("123456789012345678901234567890")), m.integer(big("123456789012345678901234567891")));
  EXPECT_EQ(m.add(x, y), m.add(x, y));
  EXPECT_NE(m.add(x, y), m.add(y, x));
  EXPECT_EQ(m.select(a, m.add(x, n(1))), m.select(a, m.add(x, n(1))));
  EXPECT_EQ(m.boolean(true), m.true_term());
  EXPECT_EQ(m.boolean(false), m.false_term());
  EXPECT_EQ(m.global_symbol(0, Sort::integer(), "x"), x);
  EXPECT_EQ(m.new_object(1, 0), m.new_object(1, 0));
  EXPECT_NE(m.nil(0), m.nil(1));
}

TEST_F(HashConsing, BuildingAnExistingTermAddsNoNode) {
  Term sum = m.multiply(m.add(x, y), x);
  std::size_t before = m.size();
  EXPECT_EQ(m.multiply(m.add(x, y), x), sum);
  EXPECT_EQ(m.size(), before);
  m.multiply(m.add(x, y), y);
  EXPECT_EQ(m.size(), before + 1);
}

TEST_F(HashConsing, ChildrenAreOlderThanParentsAndIdsAreDense) {
  Term t = m.less(m.add(x, m.multiply(y, n(7))), m.select(a, x));
  std::vector<Term> pending = {t};
  while (!pending.empty()) {
    Term u = pending.back();
    pending.pop_back();
    EXPECT_LT(u->id(), m.size());
    for (Term child : *u) {
      EXPECT_LT(child->id(), u->id());
      pending.push_back(child);
    }
  }
}

TEST_F(HashConsing, SymbolsKeepTheirFirstNameAndFreshSymbolsAreNew) {
  EXPECT_EQ(x->name(), "x");
  EXPECT_EQ(x->symbol_kind(), SymbolKind::Global);
  EXPECT_EQ(x->index(), 0);
  EXPECT_EQ(next->sort(), Sort::field_array(0));
  EXPECT_EQ(m.field_value_sort(0), Sort::reference(0));
  Term f1 = m.fresh_symbol(Sort::integer(), "u");
  Term f2 = m.fresh_symbol(Sort::integer(), "u");
  EXPECT_NE(f1, f2);
  EXPECT_EQ(f1->symbol_kind(), SymbolKind::Fresh);
  EXPECT_EQ(f1->name(), "u");
  EXPECT_EQ(f2->index(), f1->index() + 1);
  EXPECT_EQ(n(3)->name(), "");
}

// ---------------------------------------------------------------------------------------------
// Sort checks: programming errors

TEST_F(SortChecks, IllSortedTermsThrow) {
  EXPECT_THROW(m.add(x, b), std::logic_error);
  EXPECT_THROW(m.logical_and(b, x), std::logic_error);
  EXPECT_THROW(m.less(p, q), std::logic_error);
  EXPECT_THROW(m.equal(a, x), std::logic_error);     // an array and an integer
  EXPECT_THROW(m.equal(a, next), std::logic_error);  // an int[] and a field array
  EXPECT_TRUE(m.equal(a, a)->is_true());             // whole arrays of one sort compare
  EXPECT_THROW(m.equal(x, b), std::logic_error);
  EXPECT_THROW(m.equal(p, m.global_symbol(9, Sort::reference(1), "r")), std::logic_error);  // two classes
  EXPECT_THROW(m.if_then_else(x, y, y), std::logic_error);
  EXPECT_THROW(m.if_then_else(b, x, c), std::logic_error);
  EXPECT_THROW(m.select(a, p), std::logic_error);
  EXPECT_THROW(m.select(next, x), std::logic_error);
  EXPECT_THROW(m.select(x, x), std::logic_error);
  EXPECT_THROW(m.store(a, x, b), std::logic_error);
  EXPECT_THROW(m.store(val, p, p), std::logic_error);
  EXPECT_THROW(m.length(next), std::logic_error);
  EXPECT_THROW(m.new_object(0, 0), std::logic_error);
  EXPECT_THROW(m.make(TermKind::Add, Sort::boolean(), std::vector<Term>{x, y}), std::logic_error);
  EXPECT_THROW(m.make(TermKind::Symbol, Sort::integer(), {}), std::logic_error);
  EXPECT_THROW(m.field_value_sort(42), std::logic_error);
  EXPECT_THROW(m.global_symbol(0), std::logic_error);  // no program
}

TEST_F(SortChecks, ClassFreeNilMatchesEveryClass) {
  Term t = m.if_then_else(b, p, m.nil(-1));
  EXPECT_EQ(t->sort(), Sort::reference(0));
  EXPECT_EQ(m.equal(p, m.nil(-1))->kind(), TermKind::Equal);
  EXPECT_EQ(m.store(next, p, m.nil(-1))->sort(), Sort::field_array(0));
}

// ---------------------------------------------------------------------------------------------
// Constant folding, with the concrete interpreter's arithmetic

TEST_F(Simplification, FoldsArithmetic) {
  EXPECT_EQ(m.add(n(2), n(3)), n(5));
  EXPECT_EQ(m.subtract(n(2), n(3)), n(-1));
  EXPECT_EQ(m.multiply(n(-4), n(3)), n(-12));
  EXPECT_EQ(m.negate(n(4)), n(-4));
  EXPECT_EQ(m.add(n(INT64_MAX), n(1)), m.integer(big("9223372036854775808")));
  EXPECT_EQ(m.multiply(n(INT64_MIN), n(-1)), m.integer(big("9223372036854775808")));
  EXPECT_EQ(m.negate(n(INT64_MIN)), m.integer(big("9223372036854775808")));
  EXPECT_EQ(m.multiply(m.integer(big("100000000000000000000")), n(3)), m.integer(big("300000000000000000000")));
}

TEST_F(Simplification, FoldsEuclideanDivisionWithTotalZeroCases) {
  EXPECT_EQ(m.divide(n(-7), n(2)), n(-4));
  EXPECT_EQ(m.remainder(n(-7), n(2)), n(1));
  EXPECT_EQ(m.divide(n(7), n(-2)), n(-3));
  EXPECT_EQ(m.remainder(n(7), n(-2)), n(1));
  EXPECT_EQ(m.divide(n(-7), n(-2)), n(4));
  EXPECT_EQ(m.remainder(n(-7), n(-2)), n(1));
  EXPECT_EQ(m.divide(n(7), n(0)), n(0));
  EXPECT_EQ(m.remainder(n(7), n(0)), n(7));
  EXPECT_EQ(m.divide(n(INT64_MIN), n(-1)), m.integer(big("9223372036854775808")));
  EXPECT_EQ(m.remainder(n(INT64_MIN), n(-1)), n(0));
}

TEST_F(Simplification, EuclideanFoldingIgnoresTheConcreteOnlyTruncationFault) {
  ScopedFault fault(Fault::TruncatingDivision);
  EXPECT_EQ(m.divide(n(-7), n(2)), n(-4));
  EXPECT_EQ(m.remainder(n(-7), n(2)), n(1));
}

TEST_F(Simplification, FoldsComparisonsAndConnectives) {
  EXPECT_EQ(m.less(n(2), n(3)), m.true_term());
  EXPECT_EQ(m.less(n(3), n(3)), m.false_term());
  EXPECT_EQ(m.less_equal(n(3), n(3)), m.true_term());
  EXPECT_EQ(m.less_equal(m.integer(big("100000000000000000000")), n(3)), m.false_term());
  EXPECT_EQ(m.greater(n(3), n(2)), m.true_term());
  EXPECT_EQ(m.logical_not(m.true_term()), m.false_term());
  EXPECT_EQ(m.logical_not(m.false_term()), m.true_term());
  EXPECT_EQ(m.logical_and(m.true_term(), m.false_term()), m.false_term());
  EXPECT_EQ(m.logical_or(m.true_term(), m.false_term()), m.true_term());
  EXPECT_EQ(m.implies(m.true_term(), m.false_term()), m.false_term());
  EXPECT_EQ(m.if_then_else(m.true_term(), n(1), n(2)), n(1));
}

TEST_F(Simplification, FoldsEqualityOfConstants) {
  EXPECT_EQ(m.equal(n(3), n(3)), m.true_term());
  EXPECT_EQ(m.equal(n(3), n(4)), m.false_term());
  EXPECT_EQ(m.equal(m.true_term(), m.false_term()), m.false_term());
  EXPECT_EQ(m.equal(m.nil(0), m.nil(-1)), m.true_term());
  EXPECT_EQ(m.equal(m.nil(0), m.new_object(1, 0)), m.false_term());
  EXPECT_EQ(m.equal(m.new_object(1, 0), m.new_object(2, 0)), m.false_term());
  EXPECT_EQ(m.equal(m.new_object(2, 0), m.new_object(2, 0)), m.true_term());
}

// ---------------------------------------------------------------------------------------------
// Neutral and absorbing elements

TEST_F(Simplification, GathersConstantsOfSums) {
  EXPECT_EQ(m.add(n(3), x), m.add(x, n(3)));
  EXPECT_EQ(m.add(m.add(m.add(x, n(1)), n(1)), n(1)), m.add(x, n(3)));
  EXPECT_EQ(m.add(m.add(x, n(2)), n(-2)), x);
  EXPECT_EQ(m.add(m.add(x, y), n(1))->child(0), m.add(x, y));  // only constants are gathered
}

TEST_F(Simplification, NegatedComparisonsTurnAround) {
  EXPECT_EQ(m.logical_not(m.less(x, y)), m.less_equal(y, x));
  EXPECT_EQ(m.logical_not(m.less_equal(x, n(4))), m.less(n(4), x));
  EXPECT_EQ(m.logical_not(m.logical_not(m.less(x, y))), m.less(x, y));
}

TEST_F(Simplification, NeutralAndAbsorbingArithmetic) {
  EXPECT_EQ(m.add(x, n(0)), x);
  EXPECT_EQ(m.add(n(0), x), x);
  EXPECT_EQ(m.subtract(x, n(0)), x);
  EXPECT_EQ(m.subtract(x, x), n(0));
  EXPECT_EQ(m.subtract(n(0), x), m.negate(x));
  EXPECT_EQ(m.multiply(x, n(1)), x);
  EXPECT_EQ(m.multiply(n(1), x), x);
  EXPECT_EQ(m.multiply(x, n(0)), n(0));
  EXPECT_EQ(m.multiply(n(0), x), n(0));
  EXPECT_EQ(m.multiply(x, n(-1)), m.negate(x));
  EXPECT_EQ(m.negate(m.negate(x)), x);
  EXPECT_EQ(m.divide(x, n(1)), x);
  EXPECT_EQ(m.divide(x, n(-1)), m.negate(x));
  EXPECT_EQ(m.divide(x, n(0)), n(0));
  EXPECT_EQ(m.divide(n(0), x), n(0));
  EXPECT_EQ(m.remainder(x, n(0)), x);
  EXPECT_EQ(m.remainder(x, n(1)), n(0));
  EXPECT_EQ(m.remainder(x, n(-1)), n(0));
  EXPECT_EQ(m.remainder(n(0), x), n(0));
  EXPECT_EQ(m.less(x, x), m.false_term());
  EXPECT_EQ(m.less_equal(x, x), m.true_term());
  // Not simplified: x / x is 0 when x is 0, and x % 2 is not a constant.
  EXPECT_EQ(m.divide(x, x)->kind(), TermKind::Divide);
  EXPECT_EQ(m.remainder(x, n(2))->kind(), TermKind::Remainder);
}

TEST_F(Simplification, GreaterIsNormalisedToLessWithSwappedOperands) {
  EXPECT_EQ(m.greater(x, y), m.less(y, x));
  EXPECT_EQ(m.greater_equal(x, y), m.less_equal(y, x));
  EXPECT_EQ(m.not_equal(x, y), m.logical_not(m.equal(x, y)));
}

TEST_F(Simplification, Negation) {
  EXPECT_EQ(m.logical_not(m.logical_not(b)), b);
  EXPECT_EQ(m.logical_not(b)->kind(), TermKind::Not);
}

TEST_F(Simplification, ConjunctionAndDisjunction) {
  Term d = m.less(x, y);
  EXPECT_EQ(m.logical_and(b, m.true_term()), b);
  EXPECT_EQ(m.logical_and(m.true_term(), b), b);
  EXPECT_EQ(m.logical_and(b, m.false_term()), m.false_term());
  EXPECT_EQ(m.logical_or(b, m.false_term()), b);
  EXPECT_EQ(m.logical_or(b, m.true_term()), m.true_term());
  EXPECT_EQ(m.logical_and(b, b), b);
  EXPECT_EQ(m.logical_or(b, b), b);
  EXPECT_EQ(m.logical_and(b, m.logical_not(b)), m.false_term());
  EXPECT_EQ(m.logical_and(m.logical_not(b), b), m.false_term());
  EXPECT_EQ(m.logical_or(b, m.logical_not(b)), m.true_term());
  EXPECT_EQ(m.logical_and(std::vector<Term>{}), m.true_term());
  EXPECT_EQ(m.logical_or(std::vector<Term>{}), m.false_term());
  EXPECT_EQ(m.logical_and(std::vector<Term>{d}), d);

  // Flattened, in the order given, duplicates dropped at their later occurrence.
  Term nested = m.logical_and(m.logical_and(b, c), d);
  ASSERT_EQ(nested->kind(), TermKind::And);
  ASSERT_EQ(nested->arity(), 3u);
  EXPECT_EQ(nested->child(0), b);
  EXPECT_EQ(nested->child(1), c);
  EXPECT_EQ(nested->child(2), d);
  EXPECT_EQ(m.logical_and(m.logical_and(b, c), b), m.logical_and(b, c));
  EXPECT_EQ(m.logical_and(std::vector<Term>{b, c, m.true_term(), b, d}), nested);
  EXPECT_EQ(m.logical_and(nested, m.logical_not(c)), m.false_term());
  EXPECT_EQ(m.logical_or(m.logical_or(b, c), m.logical_or(c, d))->arity(), 3u);
  // An Or inside an And is an operand, not flattened.
  EXPECT_EQ(m.logical_and(m.logical_or(b, c), d)->arity(), 2u);
}

TEST_F(Simplification, ConjunctionGrownOneConjunctAtATimeStaysBounded) {
  Term conjunction = m.true_term();
  for (int i = 0; i < 1000; ++i) conjunction = m.logical_and(conjunction, m.less(x, n(i)));
  EXPECT_EQ(conjunction->kind(), TermKind::And);
  EXPECT_LE(conjunction->arity(), 33u);
  // Re-adding an early conjunct that is still in the top node is recognised as a duplicate.
  Term last = m.less(x, n(999));
  EXPECT_EQ(m.logical_and(conjunction, last), conjunction);
}

TEST_F(Simplification, Implication) {
  EXPECT_EQ(m.implies(m.true_term(), b), b);
  EXPECT_EQ(m.implies(m.false_term(), b), m.true_term());
  EXPECT_EQ(m.implies(b, m.true_term()), m.true_term());
  EXPECT_EQ(m.implies(b, m.false_term()), m.logical_not(b));
  EXPECT_EQ(m.implies(b, b), m.true_term());
  EXPECT_EQ(m.implies(b, c)->kind(), TermKind::Implies);
}

TEST_F(Simplification, Conditional) {
  EXPECT_EQ(m.if_then_else(m.true_term(), x, y), x);
  EXPECT_EQ(m.if_then_else(m.false_term(), x, y), y);
  EXPECT_EQ(m.if_then_else(b, x, x), x);
  EXPECT_EQ(m.if_then_else(b, m.true_term(), m.false_term()), b);
  EXPECT_EQ(m.if_then_else(b, m.false_term(), m.true_term()), m.logical_not(b));
  EXPECT_EQ(m.if_then_else(b, x, y)->kind(), TermKind::IfThenElse);
}

TEST_F(Simplification, Equality) {
  EXPECT_EQ(m.equal(x, x), m.true_term());
  EXPECT_EQ(m.equal(p, p), m.true_term());
  EXPECT_EQ(m.equal(b, m.true_term()), b);
  EXPECT_EQ(m.equal(m.false_term(), b), m.logical_not(b));
  Term t = m.equal(n(3), x);  // the constant goes to the right
  ASSERT_EQ(t->kind(), TermKind::Equal);
  EXPECT_EQ(t->child(0), x);
  EXPECT_EQ(t->child(1), n(3));
}

TEST_F(Simplification, NewObjectsDifferFromInputObjects) {
  Term new1 = m.new_object(1, 0), new2 = m.new_object(2, 0);
  EXPECT_EQ(m.equal(new1, p), m.false_term());
  EXPECT_EQ(m.equal(p, new1), m.false_term());
  EXPECT_EQ(m.equal(new1, m.select(next, q)), m.false_term());
  EXPECT_EQ(m.equal(m.select(next, m.select(next, p)), new2), m.false_term());
  // A read over an update may yield the stored new object: only other new objects are excluded.
  Term updated = m.store(next, q, new1);
  EXPECT_EQ(m.equal(new1, m.select(updated, p))->kind(), TermKind::Equal);
  EXPECT_EQ(m.equal(new2, m.select(updated, p)), m.false_term());
  EXPECT_EQ(m.equal(new1, m.select(m.store(next, q, m.nil(0)), p)), m.false_term());
  // Fresh symbols stand for objects made by `new` (§4.1): no conclusion.
  Term fresh = m.fresh_symbol(Sort::reference(0), "o");
  EXPECT_EQ(m.equal(new1, fresh)->kind(), TermKind::Equal);
  EXPECT_EQ(m.equal(new1, m.select(m.store(next, q, fresh), p))->kind(), TermKind::Equal);
}

TEST_F(Simplification, SelectOverStore) {
  Term y_stored = m.store(a, x, y);
  EXPECT_EQ(m.select(y_stored, x), y);
  EXPECT_EQ(m.select(m.store(a, n(1), y), n(2)), m.select(a, n(2)));
  EXPECT_EQ(m.select(m.store(m.store(a, n(1), y), n(2), x), n(1)), y);
  EXPECT_EQ(m.select(m.store(m.store(a, x, y), n(2), n(5)), n(3)), m.select(m.store(a, x, y), n(3)));
  Term unknown = m.select(m.store(a, n(1), y), x);
  ASSERT_EQ(unknown->kind(), TermKind::Select);
  EXPECT_EQ(unknown->child(0)->kind(), TermKind::Store);
  // Field updates of new objects do not affect reads of input objects.
  Term new1 = m.new_object(1, 0);
  EXPECT_EQ(m.select(m.store(val, new1, n(0)), p), m.select(val, p));
  EXPECT_EQ(m.select(m.store(val, new1, n(0)), new1), n(0));
  EXPECT_EQ(m.select(m.store(val, m.nil(0), n(4)), new1), m.select(val, new1));
}

TEST_F(Simplification, SelectOverStoreUncheckedFaultReadsTheStoredValue) {
  ScopedFault fault(Fault::SelectOverStoreUnchecked);
  EXPECT_EQ(m.select(m.store(a, n(1), y), x), y);
  EXPECT_EQ(m.select(m.store(a, n(1), y), n(2)), y);
}

TEST_F(Simplification, StoreOverStoreAndLength) {
  EXPECT_EQ(m.store(m.store(a, x, y), x, n(3)), m.store(a, x, n(3)));
  EXPECT_EQ(m.store(m.store(a, x, y), y, n(3))->child(0), m.store(a, x, y));
  EXPECT_EQ(m.length(m.store(m.store(a, x, y), n(0), n(3))), m.length(a));
}

TEST_F(Simplification, LongUpdateChainsStayCheapToRead) {
  // A read looks past a bounded number of updates with other constant indices.
  Term array = a;
  for (int i = 0; i < 1000; ++i) array = m.store(array, n(i), x);
  EXPECT_EQ(m.array_base(array), a);
  EXPECT_EQ(m.length(array), m.length(a));
  EXPECT_EQ(m.select(array, n(990)), x);
  EXPECT_EQ(m.select(array, n(-1))->kind(), TermKind::Select);  // 1000 updates: not all peeled
  EXPECT_EQ(m.select(array, n(-1))->child(0)->kind(), TermKind::Store);
  Term short_array = m.store(m.store(a, n(1), x), n(2), y);
  EXPECT_EQ(m.select(short_array, n(-1)), m.select(a, n(-1)));
  m.set_simplify(false);
  EXPECT_EQ(m.array_base(m.store(m.store(next, p, q), q, p)), next);
  EXPECT_EQ(m.array_base(val), val);
}

TEST_F(Simplification, RebuildGoesThroughTheFactories) {
  Term sum = m.add(x, y);
  const Term zero_operands[] = {x, n(0)};
  EXPECT_EQ(m.rebuild(sum, zero_operands), x);
  const Term operands[] = {b, c, b};
  EXPECT_EQ(m.rebuild(m.logical_and(b, c), operands), m.logical_and(b, c));
  EXPECT_EQ(m.rebuild(x, {}), x);
}

// ---------------------------------------------------------------------------------------------
// With simplification off every term is built as asked

TEST_F(NoSimplification, BuildsEveryTermAsAsked) {
  m.set_simplify(false);
  EXPECT_EQ(m.add(n(2), n(3))->kind(), TermKind::Add);
  EXPECT_EQ(m.add(x, n(0))->kind(), TermKind::Add);
  EXPECT_EQ(m.multiply(x, n(0))->kind(), TermKind::Multiply);
  EXPECT_EQ(m.subtract(x, x)->kind(), TermKind::Subtract);
  EXPECT_EQ(m.divide(x, n(0))->kind(), TermKind::Divide);
  EXPECT_EQ(m.remainder(x, n(0))->kind(), TermKind::Remainder);
  EXPECT_EQ(m.negate(m.negate(x))->child(0)->kind(), TermKind::Negate);
  EXPECT_EQ(m.logical_not(m.logical_not(b))->child(0)->kind(), TermKind::Not);
  EXPECT_EQ(m.logical_and(b, m.true_term())->arity(), 2u);
  EXPECT_EQ(m.logical_and(b, m.logical_not(b))->kind(), TermKind::And);
  EXPECT_EQ(m.logical_and(m.logical_and(b, c), b)->arity(), 2u);  // not flattened
  EXPECT_EQ(m.implies(m.true_term(), b)->kind(), TermKind::Implies);
  EXPECT_EQ(m.if_then_else(b, x, x)->kind(), TermKind::IfThenElse);
  EXPECT_EQ(m.equal(x, x)->kind(), TermKind::Equal);
  EXPECT_EQ(m.equal(m.new_object(1, 0), p)->kind(), TermKind::Equal);
  EXPECT_EQ(m.less(n(1), n(2))->kind(), TermKind::Less);
  EXPECT_EQ(m.select(m.store(a, x, y), x)->kind(), TermKind::Select);
  EXPECT_EQ(m.store(m.store(a, x, y), x, n(3))->child(0)->kind(), TermKind::Store);
  EXPECT_EQ(m.length(m.store(a, x, y))->child(0)->kind(), TermKind::Store);
  EXPECT_EQ(m.greater(x, y), m.less(y, x));  // a normalisation, not a simplification
  m.set_simplify(true);
  EXPECT_EQ(m.add(x, n(0)), x);
}

TEST_F(NoSimplification, FaultSwitchIsASimplificationBug) {
  ScopedFault fault(Fault::SelectOverStoreUnchecked);
  m.set_simplify(false);
  EXPECT_EQ(m.select(m.store(a, n(1), y), x)->kind(), TermKind::Select);
}

TEST_F(NoSimplification, MakeBuildsExactlyEvenWhenSimplifying) {
  Term t = m.make(TermKind::Add, Sort::integer(), std::vector<Term>{x, n(0)});
  EXPECT_EQ(t->kind(), TermKind::Add);
  EXPECT_EQ(t->child(1), n(0));
  m.set_simplify(false);
  EXPECT_EQ(m.add(x, n(0)), t);  // one node either way
}


// ---------------------------------------------------------------------------------------------
// Bound variables, quantifiers and uninterpreted functions

using Binders = TermFixture;

TEST_F(Binders, EveryBoundVariableIsNewAndNoSymbol) {
  Term k1 = m.bound_variable(Sort::integer(), "k");
  Term k2 = m.bound_variable(Sort::integer(), "k");
  EXPECT_NE(k1, k2);
  EXPECT_EQ(k1->kind(), TermKind::BoundVariable);
  EXPECT_EQ(k1->name(), "k");
  EXPECT_TRUE(k1->has_bound_variables());
  EXPECT_FALSE(m.add(x, n(1))->has_bound_variables());
  EXPECT_TRUE(m.add(x, k1)->has_bound_variables());
  EXPECT_TRUE(collect_symbols(m.add(x, k1)) == std::vector<Term>{x});
  EXPECT_EQ(m.bound_variable(Sort::boolean(), "c")->sort(), Sort::boolean());
  EXPECT_EQ(m.bound_variable(Sort::reference(0), "o")->sort(), Sort::reference(0));
  EXPECT_EQ(m.bound_variable(Sort::int_array(), "arr")->sort(), Sort::int_array());  // a whole array
}

TEST_F(Binders, QuantifiersAreHashConsed) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term body = m.implies(m.less_equal(n(0), k), m.less(n(0), m.select(a, k)));
  Term all = m.forall(k, body);
  EXPECT_EQ(m.forall(k, body), all);
  const Term variables[] = {k};
  EXPECT_EQ(m.forall(variables, body), all);
  EXPECT_NE(m.exists(k, body), all);
  EXPECT_EQ(all->kind(), TermKind::Forall);
  EXPECT_EQ(all->sort(), Sort::boolean());
  ASSERT_EQ(all->arity(), 2u);
  EXPECT_EQ(TermManager::quantified_variables(all).size(), 1u);
  EXPECT_EQ(TermManager::quantified_variables(all)[0], k);
  EXPECT_EQ(TermManager::quantifier_body(all), body);
  EXPECT_TRUE(all->has_bound_variables());  // every quantifier: its variable occurs in it
  EXPECT_TRUE(all->is_quantifier());
  EXPECT_LT(body->id(), all->id());
  // The same shape over another variable is another term.
  Term j = m.bound_variable(Sort::integer(), "k");
  EXPECT_NE(m.forall(j, m.implies(m.less_equal(n(0), j), m.less(n(0), m.select(a, j)))), all);
}

TEST_F(Binders, QuantifierSimplificationKeepsMeaning) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term j = m.bound_variable(Sort::integer(), "j");
  Term uses_k = m.less(x, k);
  EXPECT_EQ(m.forall(k, m.true_term()), m.true_term());
  EXPECT_EQ(m.forall(k, m.false_term()), m.false_term());
  EXPECT_EQ(m.exists(k, m.false_term()), m.false_term());
  EXPECT_EQ(m.forall(std::span<const Term>{}, b), b);
  EXPECT_EQ(m.exists(k, b), b);  // k does not occur
  const Term both[] = {k, j};
  Term dropped = m.forall(both, uses_k);
  EXPECT_EQ(dropped, m.forall(k, uses_k));
  // A constant body after simplification: ∀k. k < k + 0 ... = ∀k. false = false.
  EXPECT_EQ(m.forall(k, m.less(k, m.add(k, n(0)))), m.false_term());
  // Unsimplified: built as asked, but a quantifier over nothing is still its body.
  m.set_simplify(false);
  Term kept = m.forall(both, uses_k);
  EXPECT_EQ(kept->arity(), 3u);
  EXPECT_EQ(m.forall(k, m.true_term())->kind(), TermKind::Forall);
  EXPECT_EQ(m.forall(std::span<const Term>{}, b), b);
  EXPECT_EQ(m.make(TermKind::Exists, Sort::boolean(), std::vector<Term>{k, uses_k})->kind(), TermKind::Exists);
}

TEST_F(Binders, QuantifierSortErrorsThrow) {
  Term k = m.bound_variable(Sort::integer(), "k");
  EXPECT_THROW(m.forall(k, m.add(k, n(1))), std::logic_error);  // an Int body
  EXPECT_THROW(m.forall(x, m.less(x, n(1))), std::logic_error);  // a symbol is no bound variable
  const Term twice[] = {k, k};
  EXPECT_THROW(m.forall(twice, m.less(k, n(1))), std::logic_error);
  EXPECT_THROW(m.forall(k, m.exists(k, m.less(k, x))), std::logic_error);  // nested rebinding
  EXPECT_THROW(m.forall(std::span<const Term>{}, x), std::logic_error);
  EXPECT_THROW(m.make(TermKind::Forall, Sort::boolean(), std::vector<Term>{b}), std::logic_error);
}

TEST_F(Binders, FunctionsAreDeclaredOnceAndApplicationsSortChecked) {
  FunctionId f = m.declare_function("f", {Sort::integer(), Sort::boolean()}, Sort::integer());
  FunctionId g = m.declare_function("g", {Sort::reference(0)}, Sort::reference(0));
  EXPECT_NE(f, g);
  EXPECT_EQ(m.function(f).name, "f");
  EXPECT_EQ(m.function_count(), 2u);
  const Term arguments[] = {x, b};
  Term fx = m.apply(f, arguments);
  EXPECT_EQ(m.apply(f, arguments), fx);
  EXPECT_EQ(fx->kind(), TermKind::Apply);
  EXPECT_EQ(fx->function(), f);
  EXPECT_EQ(fx->name(), "f");
  EXPECT_EQ(fx->sort(), Sort::integer());
  EXPECT_FALSE(fx->has_bound_variables());
  EXPECT_TRUE(collect_symbols(fx) == (std::vector<Term>{x, b}));
  const Term nil_argument[] = {m.nil(-1)};
  EXPECT_EQ(m.apply(g, nil_argument)->sort(), Sort::reference(0));  // class-free nil fits
  const Term swapped[] = {b, x};
  EXPECT_THROW(m.apply(f, swapped), std::logic_error);
  const Term too_few[] = {x};
  EXPECT_THROW(m.apply(f, too_few), std::logic_error);
  EXPECT_THROW(m.apply(static_cast<FunctionId>(99), too_few), std::logic_error);
  EXPECT_THROW(m.declare_function("f", {}, Sort::integer()), std::logic_error);
  // Array arguments are whole arrays (encoding.hpp); a field array must be a known field.
  EXPECT_NO_THROW(m.declare_function("h", {Sort::int_array()}, Sort::integer()));
  EXPECT_THROW(m.declare_function("h2", {Sort::field_array(99)}, Sort::integer()), std::logic_error);
  EXPECT_THROW(m.make(TermKind::Apply, Sort::integer(), arguments), std::logic_error);
  // A function may share a symbol's name: names are per kind of thing, the solver keeps them apart.
  EXPECT_NO_THROW(m.declare_function("x", {}, Sort::integer()));
}

TEST_F(Binders, ArrayValuedApplicationsAreArrays) {
  FunctionId rows = m.declare_function("row", {Sort::integer()}, Sort::int_array());
  const Term at_x[] = {x};
  Term row = m.apply(rows, at_x);
  EXPECT_EQ(row->sort(), Sort::int_array());
  Term updated = m.store(row, n(1), y);
  EXPECT_EQ(m.array_base(updated), row);
  EXPECT_EQ(m.select(updated, n(1)), y);
  EXPECT_EQ(m.select(updated, n(2)), m.select(row, n(2)));
  EXPECT_EQ(m.length(updated), m.length(row));
  EXPECT_EQ(m.length(row)->child(0), row);
  FunctionId fields = m.declare_function("heap_val", {Sort::integer()}, Sort::field_array(1));
  EXPECT_EQ(m.select(m.apply(fields, at_x), p)->sort(), Sort::integer());
}

TEST_F(Binders, RebuildGoesThroughTheFactories) {
  Term k = m.bound_variable(Sort::integer(), "k");
  FunctionId f = m.declare_function("f", {Sort::integer()}, Sort::integer());
  const Term at_k[] = {k};
  Term all = m.forall(k, m.less(x, m.apply(f, at_k)));
  const Term children[] = {k, m.less(y, m.apply(f, at_k))};
  EXPECT_EQ(m.rebuild(all, children), m.forall(k, m.less(y, m.apply(f, at_k))));
  const Term closed[] = {k, m.true_term()};
  EXPECT_EQ(m.rebuild(all, closed), m.true_term());
  const Term at_x[] = {x};
  EXPECT_EQ(m.rebuild(m.apply(f, at_k), at_x), m.apply(f, at_x));
  EXPECT_EQ(m.rebuild(k, {}), k);
}
}  // namespace
}  // namespace symref::terms::testing
