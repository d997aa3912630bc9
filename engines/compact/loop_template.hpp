// Templates of Trtík §5: loop templates (§5.1: for each loop and each cycle through its body, the
// exits of the cycle with their parametrised states (θ_x⟦κ⟧, φ_x⟦κ⟧, Ξ_x⟦κ⟧, x)) and recursion
// templates (§5.2: the same for the cycle from a procedure's entry through one recursive call, plus
// the return phase θ⟦κ⟧ over the globals), or the reason there is none.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engines/compact/compact_state.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/symbolic/symbolic_machine.hpp"

namespace symref::compact {

enum class TemplateStatus { Ok, Failed, None };
enum class TemplateKind { Loop, Recursion };
std::string_view to_string(TemplateKind kind);  // "loop", "recursion"
std::string_view to_string(TemplateStatus status);  // "ok", "failed", "none"

// One exit x of a cycle: the fork where a path leaves the cycle, taken on its other side.
struct TemplateExit {
  std::string letters;            // from the `while` to the fork, then the letter not on the cycle
  SymbolicConfiguration state;    // θ_x⟦κ⟧ = θ⟦κ⟧∘θ̂ and Ξ_x⟦κ⟧ on the loop's canonical stack, at x
  Term condition = nullptr;       // φ_x⟦κ⟧ = 0≤κ ∧ ∀τ(0≤τ<κ → θ⟦τ⟧⟨φ⟩) ∧ θ⟦κ⟧⟨φ̂⟩
  Term exit_condition = nullptr;  // φ̂: one pass up to the fork, then its other side, over Θ
};

// The loop (or the recursive call) in the program and the canonical state templates of it are
// relative to.
struct LoopSite {
  const Statement* loop = nullptr;      // the `while` of a loop template
  const Statement* call = nullptr;      // the recursive call of a recursion template
  const Callable* procedure = nullptr;  // null: main
  SymbolicConfiguration canonical;      // (Θ, true, Ξ, while), or (Θ, true, Ξ, entry of the procedure)
  Anchor anchor;
  InitialMemory theta0;
};

struct LoopTemplate {
  std::string id;                      // t1, t2, … in the program's order
  std::shared_ptr<const LoopSite> site;
  TemplateKind kind = TemplateKind::Loop;
  TemplateStatus status = TemplateStatus::None;
  std::string reason;                  // why it failed, or why there is no template
  std::string cycle;                   // the letters of one pass
  std::vector<std::string> variables;  // the variables the cycle moves by a constant c ≠ 0
  std::vector<std::pair<std::string, Integer>> increments;  // (name, c) for each of them
  Term parameter = nullptr;            // the template's own κ; instances rename it
  std::vector<TemplateExit> exits;
  std::vector<std::string> notes;      // construction checks the solver could not decide
  // Recursion templates: θ⟦κ⟧ of the return phase (P2 of §5.2) for each global it changes, as
  // (global index, Θ(g) + c·κ); every other global is unchanged (≡g of (R2) ignores locals).
  std::vector<std::pair<std::size_t, Term>> return_theta;
  // ... and the letters one return adds to the branch string: P2 does not fork, but an assert on
  // it is a branch of the run all the same (the branch letters of docs/language.md), once per frame returned from.
  std::string return_letters;
};

struct TemplateOptions {
  std::string solver = "z3";
  // The construction queries' chain (solver_chain.hpp): 5 s per query by default; --smt-dir.
  solver::SolverOptions solving = solver::SolverOptions::timed(5000);
  std::size_t max_cycles = 16;       // paths through one pass of a body
  std::uint64_t max_pass_steps = 2000;
  bool quantifier_brackets = true;   // a ∀τ query first through its brackets (bounded_forall.hpp)
  solver::SolverSession* session = nullptr;  // what its solvers share (solver_chain.hpp); null: nothing
  RuleTally* coverage = nullptr;             // where construction counts its rules (compact_rule_table); null: not counted
};

struct TemplateStatistics {
  std::uint64_t queries = 0;
  std::uint64_t quantified_queries = 0;
};

// Detection for every `while` of the program (Algorithm 1, line 1): runs the forward engine's
// rules on one pass of each body from Θ (the paper's P′) and builds a template per feasible cycle;
// then the same for every recursive call (§5.2), from the procedure's entry through the call.
std::vector<LoopTemplate> detect_loop_templates(const Program& program, terms::TermManager& terms,
                                                const TemplateOptions& options, TemplateStatistics* statistics = nullptr);

}  // namespace symref::compact
