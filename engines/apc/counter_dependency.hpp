// Line 24 of Algorithm 2 (Strejček & Trtík §3.3): a dependency of an inner loop's
// iteration count s on the outer counters and the scalar variables, by counterexample-guided
// synthesis of the §3.3 query.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/solver/solver.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::apc {

struct DependencyQuery {
  terms::Term condition = nullptr;  // θ_κ⟨σ ∧ δ⟩ with κ̄ ≥ 0 and s ≥ 0 (free in it: s, κ̄, ā)
  terms::Term count = nullptr;      // s
  std::vector<terms::Term> basis;   // κ̄, ā and possibly products κ·a: the Int terms a dependency may use
  unsigned max_rounds = 24;
};

// max(0, c₀ + Σ c_b·b) over the basis, proved (by a quantifier-free query) to equal s under the
// condition; nullptr when no such dependency turns up within max_rounds or a query is unknown.
// The printed query ∀ā,κ̄,s(… → s = max{0, (κ̄·M + w̄)·(ā, 1)ᵀ}) also allows products κ·a: the
// caller asks first with κ̄ and ā only (linear arithmetic), then with the products added.
terms::Term infer_dependency(terms::TermManager& terms, solver::Solver& solver, const DependencyQuery& query,
                             std::uint64_t& queries);

}  // namespace symref::apc
