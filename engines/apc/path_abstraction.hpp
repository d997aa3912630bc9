// The abstract path condition apc (Strejček & Trtík §3): executeBackbone (Algorithm 1), the
// lightweight processLoop (§3.1) with the array rules of §4, and apc = ⋁_{π ∈ B_P} apc_π.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_set>
#include <vector>

#include "engines/apc/abstract_state.hpp"
#include "engines/apc/backbones.hpp"
#include "engines/apc/flowgraph.hpp"

namespace symref::apc {

// A loop summary (θ_κ, φ_κ) computed at one entry node, kept for the report.
struct LoopSummary {
  NodeId entry = -1;
  SourceLocation location;
  std::vector<Term> counters;  // κ_1 … κ_k, one per backbone of P(C, v)
  std::size_t backbones = 0;
  SymbolicState theta;         // θ_κ
  Term phi = nullptr;          // φ_κ
};

// One backbone of the whole program with its apc_π (closed over its counters).
struct BackboneCondition {
  std::vector<NodeId> nodes;
  std::vector<SourceLocation> entries;
  Term apc = nullptr;
};

struct AbstractionOptions {
  std::size_t max_backbones = 4096;  // per program or induced program
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
  };
  // Algorithm 1 on one backbone of `graph`.
  Execution execute_backbone(const Backbone& backbone, const Flowgraph& graph);
  // §3.1 on an induced program P(C, v).
  LoopSummary process_loop(const Flowgraph& induced);

  const std::vector<BackboneCondition>& backbone_conditions() const { return backbone_conditions_; }
  const std::vector<LoopSummary>& loops() const { return loops_; }
  bool is_counter(Term symbol) const { return counters_.contains(symbol); }
  StarTerms& stars() { return stars_; }
  // "*" for ⋆, else the term printed.
  std::string show(Term term) const;

 private:
  Term new_counter();
  bool mentions_counters(Term term, const std::unordered_set<Term>& allowed) const;
  // ∃κ′(κ′ ≥ 0 ∧ apc) over the counters free in apc (Algorithm 1, line 15).
  Term close_over_counters(Term apc);
  Term offset_from(Term value, Term a);
  std::vector<std::size_t> changing_backbones(std::size_t index, const std::vector<Execution>& executions) const;
  // One of rules 1–4 (§3.1) or the array rules (§4) for variable `index`, or nullptr.
  Term infer(std::size_t index, const std::vector<Execution>& executions, const std::vector<Term>& counters,
             const SymbolicState& theta);
  Term infer_array(std::size_t index, const std::vector<Execution>& executions, const std::vector<Term>& counters,
                   const SymbolicState& theta);
  Term looping_condition(const std::vector<Execution>& executions, const std::vector<Term>& counters,
                         const SymbolicState& theta);

  const ProgramFlowgraph& flowgraph_;
  terms::TermManager& terms_;
  AbstractionOptions options_;
  StarTerms stars_;
  std::unordered_set<Term> counters_;
  NodeId next_node_;
  std::vector<BackboneCondition> backbone_conditions_;
  std::vector<LoopSummary> loops_;
};

}  // namespace symref::apc
