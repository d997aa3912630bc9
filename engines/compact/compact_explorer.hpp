// Algorithm 1 of Trtík (§3): classic symbolic execution (no templates) and compact symbolic
// execution with loop and recursion templates (the □ lines, special records (t, κ) included), FIFO as printed or depth first, a fresh parameter
// per instance, satisfiability with the parameters free (κ ≥ 0 and ∀τ inside φ), and for every
// feasible leaf a test whose concrete run must follow the leaf's branches expanded under the
// model's κ (Theorem 2 for one valuation, checked live).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engines/compact/loop_template.hpp"
#include "interp/explore/explorer.hpp"

namespace symref::compact {

struct CompactPath;

struct CompactOptions {
  bool templates = true;                          // false: the classic algorithm (unmarked lines)
  SearchOrder order = SearchOrder::BreadthFirst;  // the queue Q of line 3; DFS as an option
  std::uint32_t max_instances = 8;                // instantiations per path; then loops run classically
  SymbolicLimits limits;                          // --loop-bound K for classic iterations and calls
  std::uint64_t max_steps = 10'000;               // per path
  std::uint64_t max_paths = 100'000;              // leaves; then the search stops (0: no limit)
  std::string solver = "z3";
  // The chains of the search and the template construction (solver_chain.hpp): 5 s per query by
  // default, every model checked against φ by the evaluator; --smt-dir writes the search's queries
  // in DIR/search, the templates' in DIR/templates.
  solver::SolverOptions solving = solver::SolverOptions::timed(5000);
  bool generate_tests = true;
  bool quantifier_brackets = true;  // a ∀τ query first through its quantifier-free brackets (bounded_forall.hpp)
  bool choose_random = false;                     // chooseTemplate (line 22): first, or seeded random
  std::uint64_t seed = 1;
  solver::SolverSession* session = nullptr;  // what its solvers share (solver_chain.hpp); null: nothing
  std::function<void(const CompactPath&)> on_leaf;  // each leaf as it is decided (progress); empty: none
  RuleTally* coverage = nullptr;  // where the run counts its rules (compact_rule_table, `fuzz --coverage`); null: not counted
};

// One template instance on a path: which template, left by which exit, with which parameter; or
// the return phase of a recursion template's instance (its κ the one the special record stored).
struct Instance {
  std::size_t template_index = 0;
  std::size_t exit = 0;  // 0-based into the template's exits
  Term parameter = nullptr;
  bool return_phase = false;  // {ID^}: expands to κ copies of the return path's letters (its asserts)
};

struct CompactPath {
  std::string branches;  // the branch letters of docs/language.md, with {ID#N} for an instance left by exit N, {ID^} a return phase
  Outcome outcome = Outcome::Running;
  solver::SatResult status = solver::SatResult::Unknown;
  std::string status_reason;
  Term path_condition = nullptr;
  SymbolicConfiguration final_configuration;
  std::vector<Instance> instances;
  std::optional<GlobalState> test;
  std::string test_note;
  ParameterValuation kappa;                 // the test's value of each parameter
  std::optional<ReplayVerdict> replay;      // the test run against the expanded branches
  std::string replay_note;                  // why the test was not replayed (its κ is too large)
};

struct CompactStatistics {
  std::uint64_t paths = 0, feasible = 0, infeasible = 0, unknown = 0;
  std::uint64_t vertices = 0;        // states put into Q (the root, every fork's and instance's successors)
  std::uint64_t instantiations = 0;  // template instances (line 22), each with a fresh κ
  std::uint64_t queries = 0, quantified_queries = 0;  // solver checks, template construction included
  std::uint64_t bracket_answers = 0;  // ∀τ queries of the search its brackets decided (never asked themselves)
  double seconds = 0;
  bool truncated = false;
};

// A vertex of the compact symbolic execution tree T (the *-variant of Algorithm 1, lines 4 and
// 42): the root, and every successor a fork or a template instance puts into Q; straight-line
// steps between them are folded into the edge, as in the statistics' vertex count.
struct TreeVertex {
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::size_t parent = none;     // none: the root
  std::string branches;          // the state's branch string when it entered Q
  std::string edge;              // what the edge from the parent adds: a letter, {ID#N}, {ID^}
  std::size_t leaf = none;       // index into `paths` when the vertex ends a path
};

struct CompactResult {
  std::vector<LoopTemplate> templates;
  std::vector<CompactPath> paths;
  std::vector<TreeVertex> tree;  // tree[0] is the root
  CompactStatistics statistics;
  bool finite = true;  // no path was cut by a bound and the search was not truncated
};

CompactResult explore_compact(const Program& program, terms::TermManager& terms, const CompactOptions& options);

// The classic branch string a compact path stands for under ν: each {ID#N} becomes the cycle's
// letters ν(κ) times, then exit N's letters; each {ID^} the return path's letters ν(κ) times.
std::string expand_branches(const CompactPath& path, const std::vector<LoopTemplate>& templates,
                            const ParameterValuation& valuation);

// The length of that expansion, saturating at UINT64_MAX: a model may give κ = 2^62, whose
// expansion cannot be built, and whose concrete run would not end in any step budget.
std::uint64_t expansion_length(const CompactPath& path, const std::vector<LoopTemplate>& templates,
                               const ParameterValuation& valuation);

// Replays of a compact leaf's test stop here: the expansion's letters and the run's steps.
inline constexpr std::uint64_t kMaxReplayLetters = 100'000;
inline constexpr std::uint64_t kMaxReplaySteps = 1'000'000;

// A valuation under which the compact path's branches expand to `classic` (with `as_prefix`: to a
// prefix of it), or nothing.  A parameter that occurs twice must get one value.
std::optional<ParameterValuation> match_expansion(const CompactPath& path, const std::vector<LoopTemplate>& templates,
                                                  std::string_view classic, bool as_prefix = false);

}  // namespace symref::compact
