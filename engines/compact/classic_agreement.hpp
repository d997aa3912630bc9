// Trtík's Theorems 1 and 2 checked against the forward engine's tree (`explore --loop-bound K`):
// the core of the properties compact_soundness and compact_completeness and of `compact
// --check-classic K`, with the state equivalence of Definition 3 decided by the solver.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engines/compact/compact_explorer.hpp"

namespace symref::compact {

// One question at a time to Z3 (push, check, pop).
class OneShotSolver {
 public:
  // `session`: what its solver shares (solver_chain.hpp); null: nothing.
  OneShotSolver(terms::TermManager& terms, const solver::SolverOptions& options, solver::SolverSession* session = nullptr);
  ~OneShotSolver();
  // Satisfiability; a quantified φ first through its brackets (bounded_forall.hpp).
  solver::SatResult decide(Term formula);

 private:
  terms::TermManager* terms_;
  std::unique_ptr<solver::Solver> solver_;
  std::uint64_t bracket_checks_ = 0;
};

// condition ∧ (the two states differ somewhere): globals and fields, and with `with_locals` the top
// frame's locals (Definition 3 compares every variable; at a final state only globals remain).
// Arrays are compared by length and at a fresh index, fields at a fresh object.
Term states_differ(terms::TermManager& terms, const Program& program, Term condition, const SymbolicConfiguration& a,
                   const SymbolicConfiguration& b, bool with_locals = false);

// s ≡ s′ of Definition 3 asked of the solver: the same control location and outcome, φ ⇔ φ′, and
// the same memory wherever φ holds.  Empty when proved; "unknown" when a query was undecided;
// otherwise what differs.
std::string equivalence_gap(OneShotSolver& solver, terms::TermManager& terms, const Program& program,
                            const SymbolicConfiguration& a, const SymbolicConfiguration& b);

struct AgreementVerdict {
  std::uint64_t checks = 0, unknown = 0, skipped = 0;
  std::optional<std::string> failure;
  std::optional<GlobalState> witness;  // an input that shows the failure, when there is one
};

// Theorem 1: every feasible forward leaf not cut by the bound is an instance of a compact leaf under
// some ν: an expansion of its branches, the same outcome, φ ⇔ φ′⟦ν⟧ and the same final state.
AgreementVerdict check_theorem1(const Program& program, terms::TermManager& terms, const CompactResult& compact,
                                const ExplorationResult& classic, const solver::SolverOptions& options,
                                solver::SolverSession* session = nullptr);

// Theorem 2: for each compact leaf and each ν with every κ ≤ `bound` and φ′⟦ν⟧ satisfiable, the
// forward tree has a feasible leaf along the expansion with the same outcome, φ and final state.
// Expansions the bound cut are skipped.  At most `max_instances` pairs of leaf and ν are asked
// (0: all), taken round by round — every leaf's first ν, then every leaf's second, ... — so that a
// tree of many leaves still has each leaf checked; a cut counts one skip.
AgreementVerdict check_theorem2(const Program& program, terms::TermManager& terms, const CompactResult& compact,
                                const ExplorationResult& classic, std::uint32_t bound, const solver::SolverOptions& options,
                                std::size_t max_instances = 0, solver::SolverSession* session = nullptr);

}  // namespace symref::compact
