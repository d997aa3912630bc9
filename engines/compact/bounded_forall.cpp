// Quantifier-free brackets of a path condition with template ∀τ conjuncts (Trtík §3; speed only).
#include "engines/compact/bounded_forall.hpp"

#include <vector>

#include "engines/compact/compact_coverage.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/substitution.hpp"

namespace symref::compact {

namespace {

using terms::Term;
using terms::TermKind;

// ∀τ ((0 ≤ τ ∧ τ ⋈ κ) → B) with ⋈ one of <, ≤ and κ free of bound variables: the guard only
// shrinks as τ grows, so guard(N) false means it is false from N on.
bool is_counted_forall(Term formula) {
  if (formula->kind() != TermKind::Forall || formula->arity() != 2) return false;
  Term tau = formula->child(0);
  Term body = formula->child(1);
  if (body->kind() != TermKind::Implies || body->child(0)->kind() != TermKind::And || body->child(0)->arity() != 2) return false;
  Term from = body->child(0)->child(0);
  Term upto = body->child(0)->child(1);
  const bool from_zero = from->kind() == TermKind::LessEqual && from->child(0)->kind() == TermKind::IntegerConstant &&
                         from->child(0)->integer() == Integer(0) && from->child(1) == tau;
  const bool below = (upto->kind() == TermKind::Less || upto->kind() == TermKind::LessEqual) && upto->child(0) == tau &&
                     !upto->child(1)->has_bound_variables();
  return from_zero && below;
}

void top_level_conjuncts(Term formula, std::vector<Term>& out) {
  if (formula->kind() == TermKind::And) {
    for (Term conjunct : *formula) top_level_conjuncts(conjunct, out);
    return;
  }
  out.push_back(formula);
}

}  // namespace

std::optional<ForallBrackets> bracket_foralls(terms::TermManager& terms, Term formula, std::uint32_t passes) {
  std::vector<Term> conjuncts;
  top_level_conjuncts(formula, conjuncts);
  std::vector<Term> under, over, foralls;
  for (Term conjunct : conjuncts) {
    if (!conjunct->has_bound_variables()) {
      under.push_back(conjunct);
      over.push_back(conjunct);
      continue;
    }
    if (!is_counted_forall(conjunct)) return std::nullopt;
    foralls.push_back(conjunct);
  }
  // The passes where a template's ∀ is most often needed: the first, and the last and next-to-last
  // of every counted ∀ of φ (two exits of one loop, each with its own κ, meet at the other's κ).
  std::vector<Term> instances{terms.integer(0)};
  for (Term forall : foralls) {
    Term bound = forall->child(1)->child(0)->child(1)->child(1);
    instances.push_back(bound);
    instances.push_back(terms.subtract(bound, terms.integer(1)));
  }
  terms::Substitution at(terms);
  for (Term forall : foralls) {
    Term tau = forall->child(0);
    Term body = forall->child(1);
    Term guard = body->child(0);
    // The planted fault leaves out pass 0, the instance a loop entered at all must meet.
    const std::uint32_t first_pass = fault_active(Fault::CompactBracketsSkipFirstPass) ? 1 : 0;
    for (std::uint32_t i = first_pass; i < passes; ++i) {
      at.set(tau, terms.integer(Integer(static_cast<std::int64_t>(i))));
      under.push_back(at.apply(body));
    }
    at.set(tau, terms.integer(Integer(static_cast<std::int64_t>(passes))));
    under.push_back(terms.logical_not(at.apply(guard)));
    // Instances of the ∀ with their guards are implied by it, so `over` stays implied by φ.  The
    // planted fault drops the guard: B(κ) claimed for a pass that never ran.
    for (Term instance : instances) {
      at.set(tau, instance);
      over.push_back(at.apply(fault_active(Fault::CompactBracketInstanceUnguarded) ? body->child(1) : body));
    }
  }
  return ForallBrackets{terms.logical_and(under), terms.logical_and(over), foralls.size()};
}

solver::SatResult decide_by_brackets(solver::Solver& solver, terms::TermManager& terms, Term formula, bool keep_sat_scope,
                                     std::uint64_t& checks, RuleTally* coverage) {
  using solver::SatResult;
  std::optional<ForallBrackets> brackets = bracket_foralls(terms, formula, kBracketPasses);
  if (!brackets) {
    count_rule(coverage, CompactRule::QuantifierNotBracketable);
    return SatResult::Unknown;
  }
  ++checks;
  solver.push();
  solver.add(brackets->under);
  if (solver.check() == SatResult::Sat) {
    if (!keep_sat_scope) solver.pop();
    count_rule(coverage, CompactRule::BracketsUnderSat);
    return SatResult::Sat;
  }
  solver.pop();
  ++checks;
  solver.push();
  solver.add(brackets->over);
  const SatResult over = solver.check();
  solver.pop();
  if (over != SatResult::Unsat) {
    count_rule(coverage, CompactRule::BracketsUndecided);
    return SatResult::Unknown;
  }
  count_rule(coverage, brackets->foralls > 1 ? CompactRule::BracketsOverUnsatSeveralForalls : CompactRule::BracketsOverUnsat);
  return SatResult::Unsat;
}

}  // namespace symref::compact
