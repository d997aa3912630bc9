// The apc engine end to end (Strejček & Trtík §3, §6, §7): flowgraph, apc, apc^K, both solved,
// the verdict, and a witness from a model or from the forward engine pruned by apc.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "engines/apc/flowgraph.hpp"
#include "engines/apc/path_abstraction.hpp"
#include "interp/explore/explorer.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/outcome.hpp"

namespace symref::apc {

struct ApcOptions {
  TargetChoice target;
  LoopProcessing loop_processing = LoopProcessing::Heavy;  // §3.3 (Algorithm 2) or §3.1
  std::uint32_t unfold = 25;            // K of §6 (§8 uses 25)
  bool direct = true;                   // solve apc itself
  bool unfolded = true;                 // solve apc^K
  std::string solver = "z3";
  // The chains of its queries (solver_chain.hpp): 10 s per query by default; a resource limit
  // (Z3 rlimit, cvc5 rlimit-per) makes an answer independent of how loaded the machine is, the
  // time-out staying as a backstop; --smt-dir.
  solver::SolverOptions solving = solver::SolverOptions::timed(10'000);
  bool reuse_loop_summaries = true;     // AbstractionOptions::reuse_loop_summaries
  std::size_t max_loop_summaries = AbstractionOptions{}.max_loop_summaries;  // build() throws TooManyLoopSummaries past it
  std::uint32_t witness_bound = 16;     // loop bound of the guided forward search
  bool witness = true;
  bool model_witness = true;            // try the queries' models before the search
  bool guided = true;                   // the search prunes by apc (§7); false: plain exploration
  solver::SolverSession* session = nullptr;  // what its solvers share (solver_chain.hpp); null: nothing
  RuleTally* coverage = nullptr;  // where the analysis counts its rules (apc_rule_table, `fuzz --coverage`); null: not counted
  // Progress of a long run: each phase as it starts ("solving apc^K and apc"), and each leaf of
  // the witness search as it is decided (ExploreOptions::on_leaf).  Empty: silent.
  std::function<void(const std::string& phase)> on_phase;
  std::function<void(const ExploredPath&, std::uint64_t number)> on_search_leaf;
};

struct QueryAnswer {
  bool asked = false;
  solver::SatResult status = solver::SatResult::Unknown;
  std::string reason;         // for unknown
  double seconds = 0;
  double unfold_seconds = 0;  // apc^K only
};

enum class Verdict { Unreachable, Reachable, Unknown };
std::string_view to_string(Verdict verdict);

struct WitnessRun {
  GlobalState input;
  Outcome outcome = Outcome::Running;
  std::string branches;
  std::string found_by;  // "model" or "guided search"
};

// Does the concrete run from `input` end in the failure of the assert at `target`?
bool fails_target(const Program& program, const GlobalState& input, SourceLocation target, Outcome* outcome = nullptr,
                  std::string* branches = nullptr);

class ApcAnalysis {
 public:
  // Builds the flowgraph at once (InputError for programs outside the engine's scope).
  ApcAnalysis(const Program& program, terms::TermManager& terms, ApcOptions options);
  ApcAnalysis(const ApcAnalysis&) = delete;
  ApcAnalysis& operator=(const ApcAnalysis&) = delete;

  // apc and apc^K only (no solver).
  void build();
  // build(), both queries, the verdict and the witness search.
  void run();

  const Program& program() const { return program_; }
  terms::TermManager& terms() { return terms_; }
  const ApcOptions& options() const { return options_; }
  const ProgramFlowgraph& flowgraph() const { return flowgraph_; }
  PathAbstraction& abstraction() { return *abstraction_; }
  terms::Term apc() const { return apc_; }
  terms::Term unfolded_apc() const { return unfolded_; }
  const QueryAnswer& direct() const { return direct_; }
  const QueryAnswer& unfolded() const { return unfolded_answer_; }
  Verdict verdict() const { return verdict_; }
  const std::optional<WitnessRun>& witness() const { return witness_; }
  // §7's search for a witness: the forward engine with loop bounds rising to `bound`, every state
  // whose φ ∧ apc (apc^K when built) is unsat pruned; the first failing leaf whose concrete run
  // fails the target.  Builds apc first when needed.
  std::optional<WitnessRun> guided_search(std::uint32_t bound);
  // The last search: its seconds, the leaves it explored over all rounds, the bound it reached.
  struct SearchStatistics {
    bool ran = false;
    double seconds = 0;
    std::uint64_t leaves = 0;
    // Leaves whose branch the solver left undecided: the search stopped there, and a failing input
    // may lie behind them.
    std::uint64_t unknown_leaves = 0;
    std::uint32_t bound = 0;
  };
  const SearchStatistics& search_statistics() const { return search_; }
  double build_seconds() const { return build_seconds_; }
  double total_seconds() const { return total_seconds_; }
  std::uint64_t queries() const { return queries_; }

 private:
  struct Query;
  std::unique_ptr<Query> prepare(terms::Term formula);
  QueryAnswer finish(Query& query, std::optional<GlobalState>& model_input);
  std::optional<WitnessRun> witness_from(const std::optional<GlobalState>& input, const std::string& found_by);

  const Program& program_;
  terms::TermManager& terms_;
  ApcOptions options_;
  ProgramFlowgraph flowgraph_;
  std::unique_ptr<PathAbstraction> abstraction_;
  terms::Term apc_ = nullptr;
  terms::Term unfolded_ = nullptr;
  QueryAnswer direct_, unfolded_answer_;
  Verdict verdict_ = Verdict::Unknown;
  std::optional<WitnessRun> witness_;
  SearchStatistics search_;
  double build_seconds_ = 0, total_seconds_ = 0;
  std::uint64_t queries_ = 0;
};

}  // namespace symref::apc

namespace symref::apc {

// V0 as a formula: every global symbol equal to its value in `input` (arrays: length and
// elements), so that apc ∧ input_condition is apc with the input substituted (Theorem 1's check).
terms::Term input_condition(terms::TermManager& terms, const Program& program, const GlobalState& input);

// A formula satisfiable exactly when condition ∧ input_condition is, and smaller: the input's
// scalars and its array elements at constant indices are put in place (and folded by the
// manager), and of an input array only the elements the rest can still read are pinned — the
// indices of its remaining reads when each is a constant or an if-then-else of constants, else
// all.  An input array of 7,720 elements became 7,720 pinned equalities, and Z3 spent its work
// budget on them where the query itself was easy: 40 of the 64 unknowns of a level-1 campaign.
terms::Term condition_under_input(terms::TermManager& terms, const Program& program, const GlobalState& input,
                                  terms::Term condition);

}  // namespace symref::apc
