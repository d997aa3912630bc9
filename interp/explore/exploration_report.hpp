// The symbolic execution tree as text (for students), as JSON (the stable contract of docs/json.md
// "Paths, branches and JSON", for engine developers) and as DOT (for Graphviz).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "interp/explore/explorer.hpp"

namespace symref {

struct ReportContext {
  const Program& program;
  terms::TermManager& terms;
  std::string program_path;
  std::string engine;  // "forward" or "trace"
  std::string solver;
  std::string heap = "arrays";                // explore --heap
  const HeapModel* heap_model = nullptr;      // describes final.heap when not arrays
  bool timings = true;                        // false (--no-timings): no figure that measures time (timings.hpp)
};

nlohmann::ordered_json exploration_to_json(const ReportContext& context, const ExplorationResult& result);
// One element of the JSON's "paths" (and one line of --format jsonl), and its "stats".
nlohmann::ordered_json path_to_json(const ReportContext& context, const ExploredPath& path);
nlohmann::ordered_json statistics_to_json(const ReportContext& context, const ExplorationStatistics& statistics);
std::string exploration_to_text(const ReportContext& context, const ExplorationResult& result);
std::string exploration_to_dot(const ReportContext& context, const ExplorationResult& result);

// The fields every engine's leaf shares in JSON: branches, outcome (null when undecided), status
// and its reason, pc and pc_smt2.
nlohmann::ordered_json path_head_to_json(const ReportContext& context, const std::string& branches, Outcome outcome,
                                         solver::SatResult status, const std::string& status_reason,
                                         terms::Term path_condition);

// The "stats" every tree-building engine writes (docs/json.md): the leaves by status, then the
// engine's own counters `engine_fields`, then the wall time and whether the leaf limit stopped
// the search.  With context.timings false every figure that measures time is left out.
nlohmann::ordered_json search_statistics_to_json(const ReportContext& context, std::uint64_t paths, std::uint64_t feasible,
                                                 std::uint64_t infeasible, std::uint64_t unknown,
                                                 const nlohmann::ordered_json& engine_fields, double seconds, bool truncated);

// The final symbolic state of a path: σ on the globals and the fields, printed as terms.
nlohmann::ordered_json symbolic_state_to_json(const ReportContext& context, const SymbolicConfiguration& configuration);

// The same state in SMT-LIB2, in the symbol names of `pc_smt2` (docs/smt-encoding.md "Symbol
// names"): {"globals": {name: term}, "fields": {"Class.field": term}} with the fields the path
// wrote.  Null for the trace engine, which keeps no σ.
nlohmann::ordered_json symbolic_state_to_smt2(const ReportContext& context, const SymbolicConfiguration& configuration);

// The tree's nodes in the order of ExplorationResult::nodes, each with its parent, the branch
// letters and the conditions on the edge from the parent, its leaf's path index (or -1) and its
// source position (line and column, 0 when unknown).  The HTML report draws the tree from it.
nlohmann::ordered_json exploration_tree_to_json(const ReportContext& context, const ExplorationResult& result);

// What a leaf shows: "infeasible" for a pruned path, "unknown" when the solver could not decide,
// otherwise its outcome ("normal", "assertion-failure", ...).
std::string leaf_kind(const ExploredPath& path);

// Every feasible leaf whose test replay disagrees (Theorem 2.3 checked live) and every trace-engine
// path whose forward φ and path(ρ) were refuted to be equivalent, one line each with the input that
// shows it; empty when there is none.  Any such line is a bug in symref (or the paper).
std::string describe_disagreements(const Program& program, const ExplorationResult& result);
// The same for one path, numbered from 0 (empty when it agrees): its replay, its agreement check.
std::string describe_replay_disagreement(const Program& program, const ExploredPath& path, std::uint64_t number);
std::string describe_agreement_refuted(const Program& program, const ExploredPath& path, std::uint64_t number);

// Text inside a DOT string: quotes and backslashes escaped, line breaks as \n.
std::string dot_escape(const std::string& text);
// The DOT attributes of a leaf ending in `outcome`: green for normal, orange for a bound or
// blocked run, red for an error.
std::string dot_leaf_style(Outcome outcome);

}  // namespace symref
