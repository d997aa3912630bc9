// The solver interface: is a path condition φ satisfiable, with a model V(φ) = true (§2 Thm 2.3, §4.1).
//
// Formulas are terms of sort Bool (semantics/terms); their translation to SMT-LIB theories is
// interp/solver/backends/encoding.hpp.  `unknown` — also a time-out or an error inside a solver library —
// is reported as such and never turned into sat or unsat.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "semantics/terms/evaluator.hpp"
#include "semantics/terms/term.hpp"

namespace symref::terms {
class TermManager;
}

namespace symref::solver {

using terms::Term;

enum class SatResult { Sat, Unsat, Unknown };
std::string_view to_string(SatResult result);  // "sat", "unsat", "unknown"

// A model of the formulas in scope: values for the symbols, read like any valuation, so every
// Int, Bool or Reference-sorted ground term can be evaluated in it.  Symbols the solver never saw
// take the default of their sort (0, false, nil; array elements 0/false/nil, lengths 0), which
// respects the encoding's side constraints.
class Model : public terms::Valuation {
 public:
  // The value of `term` in this model, by the term evaluator (evaluator.hpp).
  Value evaluate(Term term) const { return terms::evaluate(term, *this); }
};

struct SolverStatistics {
  std::uint64_t queries = 0;  // calls of check()
  std::uint64_t sat = 0;
  std::uint64_t unsat = 0;
  std::uint64_t unknown = 0;
  double seconds = 0;  // wall-clock time spent in check()
  // Checks a layer answered without asking the solver below it (shortcut_solver.hpp): not in
  // `queries`, which counts what reached the backend when such layers are on.
  std::uint64_t shortcuts = 0;
  // Z3 only: how often the backend replaced its SMT core on a pop to the base level after
  // quantified assertions (z3_solver.cpp, renew_core), so that quantifier state does not pile up.
  std::uint64_t core_renewals = 0;

  void record(SatResult result, double elapsed_seconds) {
    ++queries;
    seconds += elapsed_seconds;
    (result == SatResult::Sat ? sat : result == SatResult::Unsat ? unsat : unknown) += 1;
  }
};

class Solver {
 public:
  virtual ~Solver() = default;

  virtual std::string name() const = 0;
  // Scopes: pop(n) removes the formulas added since the n-th most recent push.
  virtual void push() = 0;
  virtual void pop(unsigned n = 1) = 0;  // std::logic_error when fewer than n scopes are open
  // Adds a formula (a term of sort Bool; std::logic_error otherwise) to the current scope.
  virtual void add(Term formula) = 0;
  virtual SatResult check() = 0;
  // Why the last check() answered unknown ("" after sat or unsat).
  virtual std::string reason_unknown() const = 0;
  // A limit for each later check(); 0 means none.
  virtual void set_timeout_milliseconds(unsigned milliseconds) = 0;
  // A limit on the backend's own work units for each later check() (Z3's rlimit, cvc5's
  // rlimit-per); 0 means none.  Unlike the time-out, its answer does not depend on machine load.
  virtual void set_resource_limit(std::uint64_t units) = 0;
  // The model of the last check(), which must have answered sat (std::logic_error otherwise).
  // Valid until the next call on this solver.
  virtual std::unique_ptr<Model> model() = 0;
  // The model of the last check() (sat) as a snapshot this solver keeps anyway, or null when it
  // keeps none.  A layer above that wants to keep the model shares it instead of copying it.
  virtual std::shared_ptr<const Model> kept_model() { return nullptr; }
  // What the backend itself makes of `formula` under the model of the last check (sat), by its own
  // evaluation rather than symref's: true or false, or nothing when this solver cannot tell (the
  // default; a layer whose last answer did not come from the backend's check says nothing).  A
  // model the backend's own evaluation finds falsifying a formula it was asked about is the
  // backend's fault, not symref's decoding (ModelCheckingSolver).
  virtual std::optional<bool> own_value(Term formula) { return std::nullopt; }
  virtual SolverStatistics statistics() const = 0;
};

// Throws std::logic_error unless `formula` has sort Bool: what every add() checks first.
void require_formula(Term formula);

// Whether SolverOptions::expand_bounded_quantifiers starts on (it does unless switched off for
// the process, e.g. by `--no-quantifier-expansion` before a command makes its solvers).
bool quantifier_expansion_by_default();
void set_quantifier_expansion_by_default(bool on);

// Whether SolverOptions::syntactic_contradictions starts on: off, until a command switches it on
// for the process (`symref fuzz` does, unless `--no-syntactic-contradictions`).
bool syntactic_contradictions_by_default();
void set_syntactic_contradictions_by_default(bool on);

// Options of make_solver beyond the backend's name.
struct SolverOptions {
  unsigned timeout_milliseconds = 0;  // 0: no limit
  std::uint64_t resource_limit = 0;   // backend work units per check (set_resource_limit); 0: no limit
  // Evaluate every formula in scope under each model before handing it out (ModelCheckingSolver);
  // the planted fault ModelNotValidated acts inside this layer.
  bool validate_models = true;
  bool cache = false;            // answer repeated queries from a CachingSolver
  // While a QueryCacheScope is alive on the thread (a fuzz case), answer a query some solver of
  // the scope answered before from the scope's store (QueryCacheSolver, right over the backend).
  bool query_cache = true;
  // ... and answer a query not in the store sat when the model of a recent sat answer of the
  // scope satisfies it; solver-testing properties switch it off (an answer not the backend's).
  bool query_cache_models = true;
  // Spell out bounded quantifiers over small constant ranges before each backend sees a formula
  // (QuantifierExpansionSolver, right over the backend, under the query cache).
  bool expand_bounded_quantifiers = quantifier_expansion_by_default();
  // Answer unsat without the backend when the formulas in scope hold a conjunct and its negation
  // (ContradictionSolver, over the query cache); solver-testing properties switch it off.
  bool syntactic_contradictions = syntactic_contradictions_by_default();
  // The shortcut layers (shortcut_solver.hpp), from the backend up in this order:
  bool independence = false;        // ask only the formulas sharing atoms with the newest scope
  bool counterexample_cache = false;  // superset known sat ⇒ sat; subset known unsat ⇒ unsat
  bool model_reuse = false;         // the last model satisfies every formula ⇒ sat
  bool implied_conditions = false;  // the newest scope repeats or contradicts formulas syntactically
  std::string smt_directory;     // non-empty: write every query there (LoggingSolver, `--smt-dir`)
};

// "z3", "cvc5", or "both" (a CrossCheckingSolver asking Z3 and cvc5); std::invalid_argument
// for any other name.  The layers stack as: validation over logging over caching over the
// shortcut layers (implied conditions, model reuse, counterexample cache, independence) over the
// syntactic contradictions, when on, over the backend, itself under the case's query cache
// (query_cache.hpp) when a QueryCacheScope is alive; right over each backend, the quantifier
// expansion when it is on.
std::unique_ptr<Solver> make_solver(std::string_view name, terms::TermManager& manager);
std::unique_ptr<Solver> make_solver(std::string_view name, terms::TermManager& manager, const SolverOptions& options);

}  // namespace symref::solver
