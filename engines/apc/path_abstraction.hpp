// The abstract path condition apc (Strejček & Trtík §3): executeBackbone (Algorithm 1), the
// lightweight processLoop (§3.1) and the heavyweight one (Algorithm 2, §3.3) with the array rules
// of §4, and apc = ⋁_{π ∈ B_P} apc_π.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "engines/apc/abstract_state.hpp"
#include "engines/apc/backbones.hpp"
#include "engines/apc/flowgraph.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/rule_coverage.hpp"

namespace symref::apc {

// A loop summary (θ_κ, φ_κ) computed at one entry node, kept for the report.
struct LoopSummary {
  NodeId entry = -1;
  SourceLocation location;
  std::vector<Term> counters;  // κ_1 … κ_k, one per backbone of P(C, v)
  std::size_t backbones = 0;
  SymbolicState theta;         // θ_κ
  Term phi = nullptr;          // φ_κ
  std::vector<Term> backbone_apcs;  // apc_1 … apc_k of P(C, v), closed over their own counters
  // θ_1 … θ_k and apc_1 … apc_k before the closure (inner counters free), for apc_summary_sound.
  std::vector<SymbolicState> backbone_states;
  std::vector<Term> backbone_open_apcs;
  // Per backbone, for apc_summary_sound only: for each inner loop with several counters κ̄′, its last
  // iteration read at the inner entry, Σκ̄′ > 0 → ∃τ̄(0̄ ≤ τ̄ ≤ κ̄′ ∧ Στ̄ = Σκ̄′ − 1 ∧ θ_κ′⟨apc′_1 ∨ …⟩[κ̄′/τ̄]).
  // Every run meets it (τ̄ counts the iterations before the last, in whatever order they came);
  // φ_κ′ alone lets Σκ̄′ exceed the true count, which Algorithm 2's s_{i,j} pins.
  std::vector<Term> backbone_last_iterations;
  // Algorithm 2 only: each artificial s_{i,j} (named "s_i_j", one per inner loop entered on a
  // backbone, standing for the sum of that loop's counters) with θ_κ(s_{i,j}) (⋆ when the
  // dependency query found none).
  std::vector<std::pair<std::string, Term>> dependencies;
};

// An inner loop met while executing a backbone of an induced program: what Algorithm 2 needs to
// build σ_{i,j} and δ_{i,j} for it.
struct InnerLoop {
  LoopSummary summary;
  std::vector<NodeId> nodes;     // C′
  SymbolicState at_entry;        // the backbone's θ on reaching the inner entry (before the summary)
  Term exit_condition = nullptr;  // the assumes of αx after the summary, in the backbone's θ
  bool left = false;              // the backbone has reached the exit x
};

// One backbone of the whole program with its apc_π (closed over its counters).
struct BackboneCondition {
  std::vector<NodeId> nodes;
  std::vector<SourceLocation> entries;
  Term apc = nullptr;
};

enum class LoopProcessing { Light, Heavy };

struct AbstractionOptions {
  std::size_t max_backbones = 4096;  // per program or induced program
  LoopProcessing loop_processing = LoopProcessing::Heavy;
  std::string solver = "z3";                  // for the dependency queries of Algorithm 2
  // Their chain (solver_chain.hpp): 10 s per dependency query by default.
  solver::SolverOptions solving = solver::SolverOptions::timed(10'000);
  // A loop met again at the same entry with the same nodes (another backbone through it) gets a
  // copy of its first summary under fresh counters instead of a new run of processLoop: the
  // induced program P(C, v) is the same, so only the names would differ.
  bool reuse_loop_summaries = true;
  // Loop summaries per analysis, made or copied, counted by their counters κ: each backbone
  // through a loop gets a summary, and nested loops multiply them: a random level-2 program can
  // ask tens of thousands for one assert.
  std::size_t max_loop_summaries = 10'000;
  solver::SolverSession* session = nullptr;  // what its solvers share (solver_chain.hpp); null: nothing
  RuleTally* coverage = nullptr;  // where the run counts its rules (apc_rule_table, `fuzz --coverage`); null: not counted
};

// Thrown past AbstractionOptions::max_loop_summaries.
class TooManyLoopSummaries : public AnalysisTooLarge {
 public:
  using AnalysisTooLarge::AnalysisTooLarge;
};

class PathAbstraction {
 public:
  PathAbstraction(const ProgramFlowgraph& flowgraph, terms::TermManager& terms, AbstractionOptions options = {});

  // ⋁_{π ∈ B_P} apc_π; fills backbone_conditions() and loops().
  Term compute();

  struct Execution {
    SymbolicState theta;
    Term apc = nullptr;
    std::vector<SourceLocation> entries;
    std::vector<InnerLoop> inner;
    Term open_apc = nullptr;  // apc before line 15's closure  // the loops entered on the backbone, in order
    Term last_iterations = nullptr;  // see LoopSummary::backbone_last_iterations
  };
  // Algorithm 1 on one backbone of `graph`.
  Execution execute_backbone(const Backbone& backbone, const Flowgraph& graph);
  // §3.1, or Algorithm 2 in heavy mode, on an induced program P(C, v).
  LoopSummary process_loop(const Flowgraph& induced);

  const std::vector<BackboneCondition>& backbone_conditions() const { return backbone_conditions_; }
  const std::vector<LoopSummary>& loops() const { return loops_; }
  std::uint64_t dependency_queries() const { return dependency_queries_; }
  // Loops summarized by copying an earlier summary of the same loop (AbstractionOptions).
  std::uint64_t loop_summaries_reused() const { return loop_summaries_reused_; }
  bool is_counter(Term symbol) const { return counters_.contains(symbol); }
  StarTerms& stars() { return stars_; }
  // "*" for ⋆, else the term printed.
  std::string show(Term term) const;

 private:
  // What one run of process_loop made: its loops_ entries (nested loops first, the loop itself
  // last), its counters in counters_made_, and the first fresh symbol and bound variable indices.
  struct ComputedLoop {
    std::size_t first_loop = 0, end_loop = 0;
    std::size_t first_counter = 0, end_counter = 0;
    std::int64_t first_fresh = 0, first_bound = 0;
  };
  // The summary of the loop `nodes` (sorted) entered at `entry` of `graph`: process_loop on its
  // induced program, or a copy of an earlier summary of the same loop.
  LoopSummary summarize_loop(const Flowgraph& graph, const std::vector<NodeId>& nodes, NodeId entry);
  // Copies the loops_ entries of `computed` with every counter, ⋆, s_{i,j} and bound variable
  // they made replaced by a new one, made in the same order (so counters get the names a
  // recomputation would give them); appends the copies to loops_ and returns the last.
  LoopSummary copy_loop(const ComputedLoop& computed);
  Term new_counter();
  bool mentions_counters(Term term, const std::unordered_set<Term>& allowed) const;
  // ∃κ′(κ′ ≥ 0 ∧ apc) over the counters free in apc (Algorithm 1, line 15).
  Term close_over_counters(Term apc);
  // LoopSummary::backbone_last_iterations for one inner loop entered in state `at_entry`.
  Term last_iteration(const LoopSummary& inner, const SymbolicState& at_entry);
  Term offset_from(Term value, Term a);
  std::vector<std::size_t> changing_backbones(std::size_t index, const std::vector<Execution>& executions) const;
  // One of rules 1–4 (§3.1) or the array rules (§4) for variable `index`, or nullptr.
  Term infer(std::size_t index, const std::vector<Execution>& executions, const std::vector<Term>& counters,
             const SymbolicState& theta);
  Term infer_array(std::size_t index, const std::vector<Execution>& executions, const std::vector<Term>& counters,
                   const SymbolicState& theta);
  // Counts the scalars θ_κ leaves at ⋆ (and those because a path names an inner loop's counter).
  void count_stars(const SymbolicState& theta, std::size_t variables, const std::vector<Execution>& executions,
                   const std::vector<Term>& counters);
  // Rules 1–4 and §4's until nothing changes (lines 15–22 of Algorithm 2, all of §3.1).
  bool refine_by_rules(SymbolicState& theta, std::size_t variables, const std::vector<Execution>& executions,
                       const std::vector<Term>& counters);
  // Line 9 and §3.3's σ, δ: `term` as a function of the sum Σκ̄ of one inner loop's `counters`,
  // that sum replaced by `sum`; a part that is no function of the sum (or cannot be shown to be
  // one) becomes ⋆.  One counter is a plain substitution; with several, each rewritten part is
  // proved equal to the original (a quantifier-free query under κ̄ ≥ 0).
  Term in_terms_of_sum(Term term, const std::vector<Term>& counters, Term sum);
  solver::Solver& dependency_solver();
  // Lines 4–29 of Algorithm 2: θ_κ over V, with the artificial s_{i,j} inferred on the way.
  SymbolicState heavyweight_state(const std::vector<Execution>& executions, LoopSummary& summary);
  Term looping_condition(const std::vector<Execution>& executions, const std::vector<Term>& counters,
                         const SymbolicState& theta);

  const ProgramFlowgraph& flowgraph_;
  terms::TermManager& terms_;
  AbstractionOptions options_;
  StarTerms stars_;
  std::unordered_set<Term> counters_;
  std::vector<Term> counters_made_;  // counters_ in the order new_counter made them
  std::map<std::vector<NodeId>, ComputedLoop> computed_loops_;  // key: the entry, then the loop's nodes
  std::uint64_t loop_summaries_reused_ = 0;
  NodeId next_node_;
  std::vector<BackboneCondition> backbone_conditions_;
  std::vector<LoopSummary> loops_;
  std::unique_ptr<solver::Solver> solver_;  // Algorithm 2's dependency queries, made on first use, freed by compute()
  std::uint64_t dependency_queries_ = 0;
};

}  // namespace symref::apc
