// Cheap answers for the compact engine's quantified queries (Trtík §3, the ∀τ of a template exit).
//
// A path condition φ that passed a template carries conjuncts ∀τ ((0 ≤ τ ∧ τ < κ) → B(τ)) (or
// τ ≤ κ).  Two quantifier-free formulas bracket φ:
//   under: each such conjunct replaced by ¬guard(N) ∧ ⋀_{i<N} (guard(i) → B(i)), i.e. κ small
//          enough that τ only ranges over 0..N-1, where the ∀ is that finite conjunction.  It
//          implies φ, so a model of it is a model of φ (sat).
//   over:  each such conjunct replaced by its instances guard(t) → B(t) at t = 0 and at κ and κ - 1
//          of every such conjunct of φ (the first pass, and the last passes of each exit, where
//          two exits of one loop meet).  φ implies it, so when it is unsat so is φ.
// Z3 decides these without quantifier instantiation; only when neither settles φ is φ itself asked.
// The under-approximation is asked first, so the over-approximation only meets queries that need
// many passes or are unsat.  In 300 level-1 cases (seed 1) 1,389 queries reached it: without the
// instances it refuted 370 and the other 1,019 went to Z3 as quantified queries (where nearly all
// were unsat); with them it refutes 1,387.
#pragma once

#include <cstdint>
#include <optional>

#include "interp/solver/solver.hpp"
#include "semantics/rule_coverage.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::compact {

struct ForallBrackets {
  terms::Term under = nullptr;
  terms::Term over = nullptr;
  std::size_t foralls = 0;  // the counted ∀τ conjuncts of φ
};

// The brackets of φ, or nothing when a quantifier of φ is not such a top-level conjunct.
std::optional<ForallBrackets> bracket_foralls(terms::TermManager& terms, terms::Term formula, std::uint32_t passes);

// Passes the under-approximation spells out (κ below this): the props' loop bounds are smaller.
inline constexpr std::uint32_t kBracketPasses = 4;

// φ decided by its brackets on `solver`, each in a scope of its own, or unknown (also when φ has
// no brackets).  A sat answer leaves the under-approximation's scope open when `keep_sat_scope`
// (its model is one of φ).  `checks` counts the solver checks made; `coverage`, when given (a
// tally of compact_rule_table), which bracket answered.
solver::SatResult decide_by_brackets(solver::Solver& solver, terms::TermManager& terms, terms::Term formula, bool keep_sat_scope,
                                     std::uint64_t& checks, RuleTally* coverage = nullptr);

}  // namespace symref::compact
