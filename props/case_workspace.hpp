// What the properties of one test case share: programs, states and explorations (no lemma).
//
// What the properties of one test case share (no lemma of its own): the loaded program and probe
// program, the inputs as concrete states, and the forward (§2–§4.1) and trace (§4) explorations,
// each computed once, on first use.
#pragma once

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "interp/explore/explorer.hpp"
#include "interp/solver/session/solver_session.hpp"
#include "props/test_case.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::apc {
class ApcAnalysis;
}  // namespace symref::apc

namespace symref::compact {
struct CompactResult;
}

namespace symref::props {

class EngineCoverage;
struct CompositionalRun;

// Bounds that keep every property finite on programs that need not terminate.
struct PropertySettings {
  std::uint32_t loop_bound = 2;             // explorations: iterations per loop entry, active calls per callable
  std::uint64_t max_path_steps = 300;       // explorations: transitions per path
  std::uint64_t max_paths = 40;             // explorations: leaves
  std::uint64_t max_run_steps = 1000;       // concrete runs and lockstep runs
  std::uint64_t max_trace_steps = 300;      // traces checked against path(ρ)
  std::uint64_t max_int_bits = default_max_int_bits;  // every run and exploration (--max-int-bits)
  // Per solver query; then unknown.  Practically every check a campaign decides takes well under
  // this (the work budget below decides which hard ones stop), so the limit leaves room for a
  // loaded machine.  It is also what a stall costs (Z3 4.8.12 ignores its rlimit and interrupts in
  // some nonlinear arithmetic; the worker is killed past limit + isolation_grace_milliseconds), so
  // a longer one makes campaigns slower without deciding more.
  unsigned timeout_milliseconds = 500;
  // What every solver chain of the case spells out and decides by itself: bounded quantifiers over
  // small constant ranges (`symref fuzz --no-quantifier-expansion`: off) and a conjunct with its
  // negation in scope (`--no-syntactic-contradictions`: off).
  bool quantifier_expansion = true;
  bool syntactic_contradictions = true;
  // The chain options of the case's solvers: the time limit above and the two switches, no
  // shortcut layer (an exploration adds them, SolverOptions::with_shortcuts).
  solver::SolverOptions solver_options() const {
    solver::SolverOptions options;
    options.timeout_milliseconds = timeout_milliseconds;
    options.expand_bounded_quantifiers = quantifier_expansion;
    options.syntactic_contradictions = syntactic_contradictions;
    return options;
  }
  // Z3's work counter per check in a campaign (solver::WorkBudget): a query that needs more is
  // unknown, on a loaded machine as on an idle one.  0: none.  Almost no check a campaign decides
  // needs more, while a larger budget makes each hopeless check cost more.
  std::uint64_t z3_work_per_check = 200000;
  // Z3 unknowns within the time limit per property of a case before the property's later Z3
  // checks get reduced_z3_work_per_check (solver::WorkBudget's undecided allowance).  0: never
  // reduce.  After two unknowns of the same property and case, the later checks seldom need the
  // full budget and the later unknowns are many; after only one, a case can still have a long
  // run of checks that need most of it.
  unsigned undecided_checks_per_property = 2;
  std::uint64_t reduced_z3_work_per_check = 50000;
  // cvc5's resource units per check in a campaign (the same scope; solvers_agree, axioms_agree):
  // about one decided cvc5 query in tens of thousands needs more, while hopeless ones run to the
  // budget or the time-out, so the budget is what each of them costs.  0: none.
  std::uint64_t cvc5_work_per_check = 100000;
  // cvc5 checks of a case stopped by their budget or time limit before the case's later cvc5
  // checks get reduced_cvc5_work_per_check and reduced_timeout_milliseconds (solver::WorkBudget's
  // cvc5 allowance).  0: never reduce.  After a first such check, the later ones of the same case
  // are likely to run out too, and those that are decided almost never need the reduced budget.
  unsigned cvc5_undecided_checks_per_case = 1;
  std::uint64_t reduced_cvc5_work_per_check = 30000;
  // Z3 time-outs per case at timeout_milliseconds before later Z3 checks of the case get
  // reduced_timeout_milliseconds (solver::WorkBudget's allowance).  0: never reduce.  One: a
  // case whose first query ran out of time asks the next like it, the full limit each, for nothing.
  unsigned full_time_outs_per_case = 1;
  unsigned reduced_timeout_milliseconds = 200;
  // Then Z3 time-outs at the reduced limit before later checks get minimal_timeout_milliseconds.
  unsigned reduced_time_outs_per_case = 10;
  unsigned minimal_timeout_milliseconds = 20;
  // Then Z3 time-outs at the minimal limit before the case's later Z3 checks answer unknown unasked.
  unsigned minimal_time_outs_per_case = 20;
  // A campaign checks each case in a child process, killed when one of its Z3 checks runs this
  // long past its time limit (Z3 4.8.12 stalls on some nonlinear queries past any limit, see
  // interp/solver/session/stall_watch.hpp); the stalled property counts one unknown.  0: every case in the
  // campaign's own process (--no-isolated-checks), where a stall holds the campaign.  Z3 is slow to
  // answer some interrupts without stalling (a few hundred milliseconds past the limit), so the
  // grace is long enough that such a slow but live check seldom gets its worker killed.
  unsigned isolation_grace_milliseconds = 400;
  // Stalls of one case before its later properties are counted unknown unchecked and the campaign
  // goes on with the next case.  A worker that replaces a killed one builds the case's explorations
  // again, and a query that stalled in the forward exploration stalls again in each later property
  // that explores, each costing the time limit, the grace and a new worker.  0: every property is
  // tried.
  unsigned stalls_per_case = 2;
  std::size_t max_solver_paths = 16;        // paths sent to both solvers, and pairs for disjointness
  // Pairs of compact leaf and parameter valuation compact_completeness checks per case (Theorem 2,
  // taken over the leaves in turn).  Without a cap a few cases ask it thousands of checks and take
  // most of the campaign's time for it.  0: all.
  std::size_t max_theorem2_instances = 100;
};

// The generated program did not load: a bug of the generator, not of an engine.
class GeneratedProgramRejected : public std::runtime_error {
 public:
  explicit GeneratedProgramRejected(const std::string& details) : std::runtime_error(details) {}
};

class CaseWorkspace {
 public:
  // `solvers`: what the case's solvers share (a campaign's case on its worker's session,
  // interp/solver/session/solver_session.hpp), outliving the workspace; without it, a session of
  // its own that shares nothing.
  CaseWorkspace(const TestCase& test_case, const PropertySettings& settings, solver::SolverSession& solvers);
  CaseWorkspace(const TestCase& test_case, const PropertySettings& settings);
  ~CaseWorkspace();

  // Every solver of the case's properties and engines is made with it.
  solver::SolverSession& solver_session() { return solvers_; }

  const TestCase& test_case() const { return test_case_; }
  const PropertySettings& settings() const { return settings_; }

  // The program and its inputs.  Throws GeneratedProgramRejected when the text does not load.
  const std::string& program_text();
  const Program& program();
  terms::TermManager& terms();
  const std::vector<GlobalState>& inputs();
  // A hand-written program and inputs in place of the test case's (unit tests that run a
  // property's own check on a corpus program); call before anything is loaded.
  void use_program_text(std::string text) { text_ = std::move(text); }
  void use_inputs(std::vector<GlobalState> inputs) { inputs_ = std::move(inputs); }

  // Where the case's engine runs count the rules they apply (`fuzz --coverage`); null, the
  // default: nothing is counted.  Set before anything is explored.
  void count_rules_in(EngineCoverage* coverage) { coverage_ = coverage; }
  // The tally of `engine` (engine_coverage.hpp) for the engine runs of the case, or null when
  // rules are not counted.
  RuleTally* rule_tally(std::string_view engine);

  // The probe program (test_case.hpp) and the inputs as its states (probe globals at 0).
  const Program& probe_program();
  const std::vector<GlobalState>& probe_inputs();
  // The probe expressions and updates as they stand in the loaded probe program.
  const Statement& probe_assignment(std::size_t probe);
  const Statement& update_statement(std::size_t update);
  // The slot of probe_selector; -1 when there are no probes and no updates (nothing uses it).
  std::int32_t probe_selector_slot();

  // The explorations with a loop bound, the Z3 solver and tests replayed; an exception thrown by
  // an exploration is rethrown to every property that asks for it.
  const ExplorationResult& forward_exploration();
  // The forward exploration with a heap model of engines/heap ("lazy", "summary"), same bounds.
  const ExplorationResult& heap_exploration(const std::string& heap);
  const ExplorationResult& trace_exploration();
  // The compact exploration (engines/compact) under compact_options_for(settings) with a test per
  // feasible leaf: compact_soundness, compact_completeness and compact_tests_replay read one tree.
  const compact::CompactResult& compact_exploration_with_tests();
  // The tree the theorems read: the one above, or, when making a test threw (as under a planted
  // fault), an exploration without tests, so that the theorems still report what they find.
  const compact::CompactResult& compact_exploration();
  // Algorithm 1 of the compositional engine to its end (compositional_run.hpp), shared by the
  // properties that read its trees and executions (compositional_outcomes runs its executions of
  // forward's tests against a copy of the trees).
  CompositionalRun& compositional_run();
  // The apc engine's analyses of this case (made in apc_subject.cpp), kept for the case's other
  // properties: four of them build the same analysis of the first assert, and one analysis may ask
  // the solver 100,000 times.  Key: the target's line and column and the loop processing; a null
  // entry means the engine declined the program.
  using ApcKey = std::tuple<std::uint32_t, std::uint32_t, int>;
  std::map<ApcKey, std::unique_ptr<apc::ApcAnalysis>>& apc_analyses() { return apc_analyses_; }

  // A state of the program, or of the probe program, as docs/language.md JSON.
  std::string state_json(const GlobalState& state);
  std::string probe_state_json(const GlobalState& state);
  // The input a model of the program's terms describes, as JSON; nothing when no consistent
  // input can be built from it (a failure is then reported without a witness).
  std::optional<std::string> model_state_json(const solver::Model& model);
  const std::string& probe_program_text();

 private:
  const ExplorationResult& explore(EngineMode engine, std::optional<ExplorationResult>& result, std::exception_ptr& error,
                                   const std::string& heap = "arrays");

  std::unique_ptr<solver::SolverSession> own_solvers_;  // first: outlives every solver below
  solver::SolverSession& solvers_;
  const TestCase& test_case_;
  PropertySettings settings_;
  std::optional<std::string> text_;
  std::unique_ptr<Program> program_;
  std::unique_ptr<terms::TermManager> terms_;
  std::optional<std::vector<GlobalState>> inputs_;
  std::optional<std::string> probe_text_;
  std::unique_ptr<Program> probe_program_;
  std::optional<std::vector<GlobalState>> probe_inputs_;
  std::optional<ExplorationResult> forward_;
  std::exception_ptr forward_error_;
  std::optional<ExplorationResult> lazy_, summary_;
  std::exception_ptr lazy_error_, summary_error_;
  std::optional<ExplorationResult> trace_;
  std::exception_ptr trace_error_;
  std::unique_ptr<compact::CompactResult> compact_, compact_with_tests_;
  std::exception_ptr compact_error_, compact_with_tests_error_;
  std::unique_ptr<CompositionalRun> compositional_;
  std::exception_ptr compositional_error_;
  std::map<ApcKey, std::unique_ptr<apc::ApcAnalysis>> apc_analyses_;
  EngineCoverage* coverage_ = nullptr;
};

}  // namespace symref::props
