// The solver chain: a backend and the layers over it, built from options and a session (§2 Thm 2.3: is φ satisfiable?).
//
// make_solver is the one place that says what a chain is made of.  A query meets the layers top
// down; each may answer it or pass it on:
//
//   ModelCheckingSolver        every model evaluated against the formulas before it is handed out
//   LoggingSolver              every query written as SMT-LIB2 (--smt-dir)
//   ImpliedConditionSolver     the newest scope repeats or contradicts a formula syntactically
//   ModelReuseSolver           the last model satisfies every formula
//   CounterexampleCacheSolver  a superset known sat, a subset known unsat
//   IndependenceSolver         only the formulas sharing atoms with the newest scope are asked
//   CrossCheckingSolver        "both": Z3 and cvc5 asked and compared, each with the layers below
//   ContradictionSolver        a conjunct and its negation in scope
//   QueryCacheSolver           the answer some solver of the fuzz case gave (the session's store)
//   QuantifierExpansionSolver  bounded quantifiers over small constant ranges spelled out
//   Z3 or cvc5                 the backend, with the session's context pool, budget and stall board
//
// Each layer but the first three is off unless its option says so; the options say what the
// chain does, the session what its solvers share with others (session/solver_session.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "interp/solver/solver.hpp"

namespace symref::solver {

class SolverSession;

// Options of make_solver beyond the backend's name: the one place that says what a chain holds
// by default.  Each engine's options embed one (ExploreOptions::solving, ...) and the commands'
// flags write into it.
struct SolverOptions {
  unsigned timeout_milliseconds = 0;  // 0: no limit
  std::uint64_t resource_limit = 0;   // backend work units per check (set_resource_limit); 0: no limit
  // Evaluate every formula in scope under each model before handing it out (ModelCheckingSolver);
  // the planted fault ModelNotValidated acts inside this layer.
  bool validate_models = true;
  // When the session holds a store of answers (a fuzz case), answer a query some solver of the
  // session answered before from it (QueryCacheSolver, right over the backend).
  bool query_cache = true;
  // ... and answer a query not in the store sat when the model of a recent sat answer of the
  // store satisfies it; solver-testing properties switch it off (an answer not the backend's).
  bool query_cache_models = true;
  // Spell out bounded quantifiers over small constant ranges before each backend sees a formula
  // (QuantifierExpansionSolver, right over the backend, under the query cache).
  // On unless `--no-quantifier-expansion`.
  bool expand_bounded_quantifiers = true;
  // Answer unsat without the backend when the formulas in scope hold a conjunct and its negation
  // (ContradictionSolver, over the query cache); `symref fuzz` switches it on (unless
  // `--no-syntactic-contradictions`), except where a property tests the solvers themselves.
  bool syntactic_contradictions = false;
  // The shortcut layers (layers/shortcut_solver.hpp), from the backend up in this order:
  bool independence = false;        // ask only the formulas sharing atoms with the newest scope
  bool counterexample_cache = false;  // superset known sat ⇒ sat; subset known unsat ⇒ unsat
  bool model_reuse = false;         // the last model satisfies every formula ⇒ sat
  bool implied_conditions = false;  // the newest scope repeats or contradicts formulas syntactically
  std::string smt_directory;     // non-empty: write every query there (LoggingSolver, `--smt-dir`)

  // The defaults with a time limit per check.
  static SolverOptions timed(unsigned milliseconds) {
    SolverOptions options;
    options.timeout_milliseconds = milliseconds;
    return options;
  }

  // The same options with the four shortcut layers on (`on`) or off: an exploration asks its
  // solver a query per branch and has them all on (each switched off by its `--no-…` flag).
  SolverOptions with_shortcuts(bool on = true) const {
    SolverOptions options = *this;
    options.independence = options.counterexample_cache = options.model_reuse = options.implied_conditions = on;
    return options;
  }
};

// The chain over backend `name`: "z3", "cvc5", or "both" (a CrossCheckingSolver asking Z3 and
// cvc5); std::invalid_argument for any other name.  Its solvers take what they share from
// `session`, which outlives them; null: nothing is shared (each backend makes its own context,
// no store, no budget, nothing published or logged).
std::unique_ptr<Solver> make_solver(std::string_view name, terms::TermManager& manager, const SolverOptions& options,
                                    SolverSession* session);
// The same, sharing nothing.
std::unique_ptr<Solver> make_solver(std::string_view name, terms::TermManager& manager, const SolverOptions& options = {});

}  // namespace symref::solver
