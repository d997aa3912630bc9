// The solver interface: is a path condition φ satisfiable, with a model V(φ) = true (§2 Thm 2.3, §4.1).
//
// Formulas are terms of sort Bool (semantics/terms); their translation to SMT-LIB theories is
// interp/solver/backends/encoding.hpp; make_solver (solver_chain.hpp) stacks the backends and
// layers that implement the interface.  `unknown` — also a time-out or an error inside a solver
// library — is reported as such and never turned into sat or unsat.
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
  // Z3 only: how often the backend replaced its SMT core: on a pop to the base level after
  // quantified assertions (z3_solver.cpp, renew_core), so that quantifier state does not pile up,
  // and after a time-out (tell_a_new_core), so that what follows does not depend on load.
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
  virtual std::shared_ptr<const Model> shared_model() { return nullptr; }
  // What the backend itself makes of `formula` under the model of the last check (sat), by its own
  // evaluation rather than symref's: true or false, or nothing when this solver cannot tell (the
  // default; a layer whose last answer did not come from the backend's check says nothing).  A
  // model the backend's own evaluation finds falsifying a formula it was asked about is the
  // backend's fault, not symref's decoding (ModelCheckingSolver).
  virtual std::optional<bool> backend_value(Term formula) { return std::nullopt; }
  virtual SolverStatistics statistics() const = 0;
};

// Throws std::logic_error unless `formula` has sort Bool: what every add() checks first.
void require_formula(Term formula);

}  // namespace symref::solver
