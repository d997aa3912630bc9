// Exploration of the symbolic execution tree (§2–§4.1 forward engine): search order, bounds,
// feasibility by the solver with infeasible branches pruned at once, and for every feasible leaf
// a test input that is replayed through the concrete system (Theorem 2.3 checked live).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interp/explore/replay.hpp"
#include "interp/explore/search_queue.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/rule_coverage.hpp"
#include "semantics/symbolic/symbolic_machine.hpp"

namespace symref {

struct ExploredPath;

struct ExploreOptions {
  EngineMode engine = EngineMode::Forward;  // forward: φ built on the fly; trace: path(ρ) (§4)
  SearchOrder order = SearchOrder::DepthFirst;
  SymbolicLimits limits;                 // --loop-bound, call depth
  std::uint64_t max_steps = 10'000;      // per path; a longer path ends in `bound`
  std::uint64_t max_paths = 100'000;     // leaves; then the exploration stops (reported); 0: no limit
  std::string solver = "z3";             // z3, cvc5, both
  bool incremental = true;               // follow each path with push/pop instead of re-asserting
  // The solver chain (interp/solver/solver_chain.hpp): its limits, --smt-dir, and the shortcut
  // layers, all on, each switchable off.
  solver::SolverOptions solving = solver::SolverOptions{}.with_shortcuts();
  bool generate_tests = true;            // a test per feasible leaf, replayed concretely
  bool check_agreement = true;           // trace engine: prove forward φ ⇔ path(ρ) for every path
  HeapModelChoice heap;                  // forward engine: arrays (§4.1, the default) or a heap model
  bool heap_prune = false;               // heap models drop targets whose guard the solver refutes (--heap-prune)
  // A condition over the inputs that every explored state must be consistent with: a branch whose
  // φ ∧ restrict_to is unsat is pruned (the guided search of Strejček & Trtík §7).  nullptr: none.
  terms::Term restrict_to = nullptr;
  solver::SolverSession* session = nullptr;  // what its solvers share (solver_chain.hpp); null: nothing
  // Streaming (explore --format jsonl): `on_leaf` sees every leaf the moment it is decided, with
  // its number counted from 0 in the order of deciding; with `keep_tree` false the result holds
  // neither the tree nor the paths, only the statistics, so memory does not grow with the leaves.
  std::function<void(const ExploredPath&, std::uint64_t number)> on_leaf;
  bool keep_tree = true;
  // Where the run counts what it applies (`fuzz --coverage`); null: nothing is counted.  The
  // machine's rules go to a tally of symbolic_rule_table(engine), a heap model's choices to one of
  // its engine's table.
  RuleTally* rule_tally = nullptr;
  RuleTally* heap_tally = nullptr;
};

// One node of the tree: the root, a fork, or a leaf.  The edge into a node is labelled with the
// branch letters and the conditions added since its parent.
struct TreeNode {
  std::int32_t parent = -1;
  std::string letters;                  // on the edge from the parent
  std::vector<terms::Term> conditions;  // on the edge from the parent
  std::int32_t path = -1;               // for leaves: index into ExplorationResult::paths
  std::vector<std::int32_t> children;
  // Forks: the statement whose step forks here.  Feasible leaves: the statement the path stopped
  // at (the failing one for errors, the loop or call for bound); unknown at the end of main and
  // for pruned leaves, whose branch was decided at their parent's statement.
  SourceLocation location;
  // The statement that decided each letter of `letters`: the parent's fork for the first, and for
  // the others the statements passed on the way whose other branch was syntactically impossible.
  std::vector<SourceLocation> letter_locations;
};

struct ExploredPath {
  std::int32_t node = -1;
  std::string branches;
  Outcome outcome = Outcome::Running;  // for pruned paths: the outcome the branch would have had, if known
  solver::SatResult status = solver::SatResult::Unknown;
  std::string status_reason;           // for unknown: the solver's reason
  terms::Term path_condition = nullptr;
  SymbolicConfiguration final_configuration;  // for feasible and unknown leaves
  std::optional<GlobalState> test;     // the generated input, for feasible leaves
  std::string test_note;               // why there is no test, when there is none
  std::optional<ReplayVerdict> replay;
  // Trace engine only: the solver's verdict on forward φ ⇔ path(ρ) — "proved", "refuted",
  // "unknown" — and, when refuted, an input on which the two disagree.
  std::string agreement;
  terms::Term forward_path_condition = nullptr;
  std::optional<GlobalState> separating_input;
};

struct ExplorationStatistics {
  std::uint64_t paths = 0;       // leaves, pruned ones included
  std::uint64_t feasible = 0;
  std::uint64_t infeasible = 0;
  std::uint64_t unknown = 0;
  std::uint64_t steps = 0;       // symbolic transitions taken
  std::uint64_t queries = 0;     // checks that reached the solver backend
  std::uint64_t shortcuts = 0;   // checks a shortcut layer answered without the backend
  double solver_seconds = 0;
  double path_condition_seconds = 0;  // trace engine: computing path(ρ)
  std::uint64_t path_condition_nodes = 0;  // distinct term nodes in the leaves' path conditions
  double seconds = 0;
  bool truncated = false;        // stopped at max_paths
  HeapStatistics heap;           // the heap model's counters (zero for arrays)
};

struct ExplorationResult {
  std::vector<TreeNode> nodes;   // nodes[0] is the root
  std::vector<ExploredPath> paths;
  ExplorationStatistics statistics;
};

class Explorer {
 public:
  Explorer(const Program& program, terms::TermManager& terms, ExploreOptions options);
  ~Explorer();

  ExplorationResult explore();
  const HeapModel* heap_model() const { return heap_model_.get(); }

 private:
  struct WorkItem;
  struct Search;
  bool feasible(WorkItem& item, solver::SatResult& status);
  terms::Term path_condition_of(const SymbolicConfiguration& configuration);
  void check_agreement(ExploredPath& path);
  std::optional<GlobalState> test_from_current_model(std::string& reason);
  void synchronize_solver(const PathCondition& path_condition);
  void finish_leaf(WorkItem& item, ExplorationResult& result, solver::SatResult status);
  void record_pruned(const WorkItem& item, ExplorationResult& result, solver::SatResult status);
  void record_leaf(ExploredPath path, ExplorationResult& result, const terms::TransientTerm& condition);
  // φ of a leaf: path_condition_of, except that a streamed forward leaf's conjunction is transient.
  terms::TransientTerm leaf_condition(const SymbolicConfiguration& configuration);
  std::int32_t add_node(ExplorationResult& result, std::int32_t parent, const std::string& letters,
                        const std::vector<terms::Term>& conditions, const std::vector<SourceLocation>& letter_locations);

  const Program& program_;
  terms::TermManager& terms_;
  ExploreOptions options_;
  std::unique_ptr<HeapModel> heap_model_;
  SymbolicMachine machine_;
  std::unique_ptr<class WeakestPrecondition> weakest_precondition_;
  std::unique_ptr<solver::Solver> solver_;
  std::unique_ptr<solver::Solver> guard_solver_;  // --heap-prune: asks φ ∧ guard apart from the path scopes
  std::vector<std::shared_ptr<const PathCondition::Node>> asserted_;  // what the solver holds, one scope each
  SymbolicMachine forward_machine_;              // the trace engine's partner for the agreement check
  const Trace::Node* last_trace_ = nullptr;      // path(ρ) of the last trace asked for, kept
  terms::Term last_trace_condition_ = nullptr;
  double path_condition_seconds_ = 0;
  terms::TermSet counted_subterms_;  // the path conditions' term nodes counted so far
};

}  // namespace symref
