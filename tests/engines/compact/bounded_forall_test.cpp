// Unit tests of the quantifier-free brackets of a ∀τ path condition (engines/compact/bounded_forall).
#include <gtest/gtest.h>

#include <vector>

#include "engines/compact/bounded_forall.hpp"

namespace symref::compact {
namespace {

using solver::SatResult;
using terms::Term;

// ∀τ (0 ≤ τ ∧ τ ⋈ k → body(τ)) as the template builder writes it.
struct Counted {
  terms::TermManager terms;
  Term k = terms.fresh_symbol(terms::Sort::integer(), "k");
  Term x = terms.fresh_symbol(terms::Sort::integer(), "x");
  Term tau = terms.bound_variable(terms::Sort::integer(), "tau");

  Term forall(Term body, bool up_to_k = false) {
    Term below = up_to_k ? terms.less_equal(tau, k) : terms.less(tau, k);
    return terms.forall(tau, terms.implies(terms.logical_and(terms.less_equal(terms.integer(0), tau), below), body));
  }
  Term all(std::vector<Term> conjuncts) { return terms.logical_and(conjuncts); }
  SatResult decide(Term formula) {
    auto solver = solver::make_solver("z3", terms, solver::SolverOptions{});
    std::uint64_t checks = 0;
    return decide_by_brackets(*solver, terms, formula, false, checks);
  }
};

TEST(BoundedForall, UnderApproximationSpellsOutThePassesAndBoundsK) {
  Counted c;
  Term body = c.terms.less(c.terms.add(c.x, c.tau), c.terms.integer(10));
  auto brackets = bracket_foralls(c.terms, c.terms.logical_and(c.terms.less_equal(c.terms.integer(0), c.k), c.forall(body)), 2);
  ASSERT_TRUE(brackets.has_value());
  EXPECT_FALSE(brackets->under->has_bound_variables());
  EXPECT_FALSE(brackets->over->has_bound_variables());
  // over keeps 0 ≤ k only; under adds (0 ≤ 0 ∧ 0 < k → x < 10), the same for 1, and ¬(0 ≤ 2 ∧ 2 < k).
  EXPECT_EQ(brackets->over, c.terms.less_equal(c.terms.integer(0), c.k));
  auto solver = solver::make_solver("z3", c.terms, solver::SolverOptions{});
  solver->add(brackets->under);
  solver->add(c.terms.less_equal(c.terms.integer(3), c.k));  // k ≥ 3 is outside the under-approximation
  EXPECT_EQ(solver->check(), SatResult::Unsat);
}

TEST(BoundedForall, SatAndUnsatCarryOverAndTheRestStaysUnknown) {
  Counted c;
  // x + τ < 10 for τ < k, with k = 3: sat (x = 0), found with k below the bracket bound.
  Term body = c.terms.less(c.terms.add(c.x, c.tau), c.terms.integer(10));
  EXPECT_EQ(c.decide(c.terms.logical_and(c.terms.equal(c.k, c.terms.integer(3)), c.forall(body))), SatResult::Sat);
  // k < 0 contradicts 0 ≤ k without the ∀: unsat from the over-approximation.
  Term contradiction = c.all({c.terms.less_equal(c.terms.integer(0), c.k), c.terms.less(c.k, c.terms.integer(0)), c.forall(body)});
  EXPECT_EQ(c.decide(contradiction), SatResult::Unsat);
  // k = 50 needs the ∀ itself (neither bracket settles it): unknown, left to the solver.
  EXPECT_EQ(c.decide(c.terms.logical_and(c.terms.equal(c.k, c.terms.integer(50)), c.forall(body))), SatResult::Unknown);
  // τ ≤ k (the fault compact-tau-up-to-kappa's guard) is bracketed too: k = 0 still needs x < 10.
  Term x_large = c.terms.less_equal(c.terms.integer(10), c.x);
  EXPECT_EQ(c.decide(c.all({c.terms.equal(c.k, c.terms.integer(0)), x_large, c.forall(body, true)})), SatResult::Unknown);
  EXPECT_EQ(c.decide(c.all({c.terms.equal(c.k, c.terms.integer(0)), x_large, c.forall(body)})), SatResult::Sat);
}

TEST(BoundedForall, OtherShapesAreNotBracketed) {
  Counted c;
  Term body = c.terms.less(c.tau, c.x);
  // a ∀ under a negation, and a ∀ whose guard does not start at 0
  EXPECT_FALSE(bracket_foralls(c.terms, c.terms.logical_not(c.forall(body)), 4).has_value());
  Term from_one = c.terms.forall(
      c.tau, c.terms.implies(c.terms.logical_and(c.terms.less_equal(c.terms.integer(1), c.tau), c.terms.less(c.tau, c.k)), body));
  EXPECT_FALSE(bracket_foralls(c.terms, from_one, 4).has_value());
}

}  // namespace
}  // namespace symref::compact
