// Unit tests of the quantifier-free brackets of a ∀τ path condition (engines/compact/bounded_forall).
#include <gtest/gtest.h>

#include <vector>

#include "engines/compact/bounded_forall.hpp"
#include "props/case_workspace.hpp"
#include "props/properties.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/faults.hpp"

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
  // under adds (0 ≤ 0 ∧ 0 < k → x < 10), the same for 1, and ¬(0 ≤ 2 ∧ 2 < k).
  auto solver = solver::make_solver("z3", c.terms, solver::SolverOptions{});
  solver->push();
  solver->add(brackets->under);
  solver->add(c.terms.less_equal(c.terms.integer(3), c.k));  // k ≥ 3 is outside the under-approximation
  EXPECT_EQ(solver->check(), SatResult::Unsat);
  solver->pop();
  // over keeps 0 ≤ k and the ∀'s guarded instances at 0, k and k - 1: with k = 3 they say x < 10
  // and x + 2 < 10, nothing about x + 3.
  solver->add(brackets->over);
  solver->add(c.terms.equal(c.k, c.terms.integer(3)));
  solver->push();
  solver->add(c.terms.equal(c.x, c.terms.integer(7)));
  EXPECT_EQ(solver->check(), SatResult::Sat);
  solver->pop();
  solver->add(c.terms.equal(c.x, c.terms.integer(8)));
  EXPECT_EQ(solver->check(), SatResult::Unsat);
}

TEST(BoundedForall, TheOverApproximationDecidesWhatAnInstanceRefutes) {
  Counted c;
  Term body = c.terms.less(c.terms.add(c.x, c.tau), c.terms.integer(10));
  Term x_large = c.terms.less_equal(c.terms.integer(10), c.x);
  // A loop entered at least once needs its first pass: x < 10.  k may be large, so the
  // under-approximation cannot answer; the instance at τ = 0 refutes it.
  EXPECT_EQ(c.decide(c.all({c.terms.less(c.terms.integer(0), c.k), x_large, c.forall(body)})), SatResult::Unsat);
  // Two exits of one loop, each with its own number of passes k and k2 (a template's exits are
  // disjoint): whichever ran fewer passes left where the other passed, at the other's bound.
  Term k2 = c.terms.fresh_symbol(terms::Sort::integer(), "k2");
  Term other = c.terms.forall(c.tau, c.terms.implies(c.terms.logical_and(c.terms.less_equal(c.terms.integer(0), c.tau),
                                                                          c.terms.less(c.tau, k2)),
                                                      body));
  Term exits = c.all({c.terms.less_equal(c.terms.integer(0), c.k), c.forall(body), c.terms.less_equal(c.terms.integer(10), c.terms.add(c.x, c.k)),
                      c.terms.less_equal(c.terms.integer(0), k2), other, c.terms.less_equal(c.terms.integer(10), c.terms.add(c.x, k2)),
                      c.terms.logical_not(c.terms.equal(c.k, k2))});
  EXPECT_EQ(c.decide(exits), SatResult::Unsat);
}

// A loop that needs six passes to leave: neither bracket settles its exit (it is satisfiable), so
// the ∀ goes to the solver.  The planted fault's unguarded instance at τ = k claims a seventh pass
// that never ran and refutes it.
TEST(BoundedForall, AnInstanceKeepsItsGuard) {
  Counted c;
  Term body = c.terms.less(c.terms.add(c.x, c.tau), c.terms.integer(6));
  Term leaves = c.all({c.terms.equal(c.x, c.terms.integer(0)), c.terms.less_equal(c.terms.integer(0), c.k), c.forall(body),
                       c.terms.less_equal(c.terms.integer(6), c.terms.add(c.x, c.k))});
  EXPECT_EQ(c.decide(leaves), SatResult::Unknown);
  ScopedFault planted(Fault::CompactBracketInstanceUnguarded);
  EXPECT_EQ(c.decide(leaves), SatResult::Unsat);
}

// compact_soundness on that loop as a program, with a loop bound the forward tree gets past it
// with: it holds, and with the planted fault the compact tree has no feasible leaf for the forward
// tree's one.
props::PropertyVerdict soundness_of_six_passes() {
  props::TestCase unused;
  props::PropertySettings settings;
  settings.loop_bound = 8;
  props::CaseWorkspace workspace(unused, settings);
  workspace.use_program_text(R"(var i: int;
var s: int;
main {
  i := 0;
  s := 0;
  while i < 6 {
    i := i + 1;
    s := s + 2;
  }
  assert s == 12;
}
)");
  workspace.use_inputs({default_global_state(workspace.program())});
  return props::check_compact_soundness(workspace);
}

TEST(BoundedForallFaults, CompactSoundnessCatchesAnUnguardedInstance) {
  props::PropertyVerdict sound = soundness_of_six_passes();
  EXPECT_GT(sound.checks, 0u);
  EXPECT_FALSE(sound.failure.has_value()) << *sound.failure;
  ScopedFault planted(Fault::CompactBracketInstanceUnguarded);
  props::PropertyVerdict faulty = soundness_of_six_passes();
  ASSERT_TRUE(faulty.failure.has_value());
  EXPECT_NE(faulty.failure->find("Theorem 1"), std::string::npos) << *faulty.failure;
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
  // τ ≤ k (the fault compact-tau-up-to-kappa's guard) is bracketed too: k = 0 still needs x < 10,
  // which the over-approximation's instance at τ = 0 says.
  Term x_large = c.terms.less_equal(c.terms.integer(10), c.x);
  EXPECT_EQ(c.decide(c.all({c.terms.equal(c.k, c.terms.integer(0)), x_large, c.forall(body, true)})), SatResult::Unsat);
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
