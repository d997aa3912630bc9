// Result names, the formula check and the factory stacking backends and layers (solver.hpp; §2).
#include "interp/solver/solver.hpp"

#include <stdexcept>

#include "interp/solver/layers/caching_solver.hpp"
#include "interp/solver/layers/contradiction_solver.hpp"
#include "interp/solver/layers/counterexample_cache_solver.hpp"
#include "interp/solver/layers/cross_checking_solver.hpp"
#include "interp/solver/backends/cvc5_solver.hpp"
#include "interp/solver/layers/implied_condition_solver.hpp"
#include "interp/solver/layers/independence_solver.hpp"
#include "interp/solver/layers/logging_solver.hpp"
#include "interp/solver/layers/model_checking_solver.hpp"
#include "interp/solver/layers/model_reuse_solver.hpp"
#include "interp/solver/layers/quantifier_expansion_solver.hpp"
#include "interp/solver/layers/query_cache_solver.hpp"
#include "interp/solver/backends/z3_solver.hpp"

namespace symref::solver {

std::string_view to_string(SatResult result) {
  switch (result) {
    case SatResult::Sat: return "sat";
    case SatResult::Unsat: return "unsat";
    case SatResult::Unknown: return "unknown";
  }
  return "unknown";
}

void require_formula(Term formula) {
  if (formula->sort().kind != terms::SortKind::Bool)
    throw std::logic_error("a solver was given a term of sort " + terms::to_string(formula->sort()) +
                           " as a formula");
}

namespace {

bool expansion_by_default = true;
bool contradictions_by_default = false;

// A backend by name (under the quantifier expansion when it is on), under the case's query cache
// when a QueryCacheScope is alive and wanted, under the syntactic contradictions when they are on.
std::unique_ptr<Solver> make_backend(std::string_view name, terms::TermManager& manager, const SolverOptions& options) {
  std::unique_ptr<Solver> (*make_library)(terms::TermManager&) = name == "z3" ? make_z3_solver : make_cvc5_solver;
  auto make = [make_library, &manager, expand = options.expand_bounded_quantifiers]() -> std::unique_ptr<Solver> {
    if (!expand) return make_library(manager);
    return std::make_unique<QuantifierExpansionSolver>(make_library(manager), manager);
  };
  QueryCacheScope* scope = options.query_cache ? QueryCacheScope::current() : nullptr;
  std::unique_ptr<Solver> backend = scope == nullptr ? make() : std::make_unique<QueryCacheSolver>(std::string(name), make, manager, *scope, options.query_cache_models);
  // Over the query cache: a contradiction is then neither stored nor told to a backend.
  if (options.syntactic_contradictions) backend = std::make_unique<ContradictionSolver>(std::move(backend), manager);
  return backend;
}

}  // namespace

bool quantifier_expansion_by_default() { return expansion_by_default; }
void set_quantifier_expansion_by_default(bool on) { expansion_by_default = on; }
bool syntactic_contradictions_by_default() { return contradictions_by_default; }
void set_syntactic_contradictions_by_default(bool on) { contradictions_by_default = on; }

std::unique_ptr<Solver> make_solver(std::string_view name, terms::TermManager& manager) {
  return make_solver(name, manager, SolverOptions{});
}

std::unique_ptr<Solver> make_solver(std::string_view name, terms::TermManager& manager, const SolverOptions& options) {
  std::unique_ptr<Solver> solver;
  if (name == "z3" || name == "cvc5")
    solver = make_backend(name, manager, options);
  else if (name == "both")
    solver = std::make_unique<CrossCheckingSolver>(make_backend("z3", manager, options), make_backend("cvc5", manager, options), manager);
  else
    throw std::invalid_argument("unknown solver '" + std::string(name) + "' (expected z3, cvc5 or both)");
  if (options.independence) solver = std::make_unique<IndependenceSolver>(std::move(solver), manager);
  if (options.counterexample_cache) solver = std::make_unique<CounterexampleCacheSolver>(std::move(solver), manager);
  if (options.model_reuse) solver = std::make_unique<ModelReuseSolver>(std::move(solver), manager);
  if (options.implied_conditions) solver = std::make_unique<ImpliedConditionSolver>(std::move(solver), manager);
  if (options.cache) solver = std::make_unique<CachingSolver>(std::move(solver));
  if (!options.smt_directory.empty())
    solver = std::make_unique<LoggingSolver>(std::move(solver), manager, options.smt_directory);
  if (options.validate_models) solver = std::make_unique<ModelCheckingSolver>(std::move(solver), manager);
  if (options.timeout_milliseconds != 0) solver->set_timeout_milliseconds(options.timeout_milliseconds);
  if (options.resource_limit != 0) solver->set_resource_limit(options.resource_limit);
  return solver;
}

}  // namespace symref::solver
