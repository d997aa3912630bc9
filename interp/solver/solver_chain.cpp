// The solver chain built from options and a session, layer by layer (solver_chain.hpp; §2).
#include "interp/solver/solver_chain.hpp"

#include <stdexcept>

#include "interp/solver/backends/cvc5_solver.hpp"
#include "interp/solver/backends/z3_solver.hpp"
#include "interp/solver/layers/contradiction_solver.hpp"
#include "interp/solver/layers/counterexample_cache_solver.hpp"
#include "interp/solver/layers/cross_checking_solver.hpp"
#include "interp/solver/layers/implied_condition_solver.hpp"
#include "interp/solver/layers/independence_solver.hpp"
#include "interp/solver/layers/logging_solver.hpp"
#include "interp/solver/layers/model_checking_solver.hpp"
#include "interp/solver/layers/model_reuse_solver.hpp"
#include "interp/solver/layers/quantifier_expansion_solver.hpp"
#include "interp/solver/layers/query_cache_solver.hpp"
#include "interp/solver/session/solver_session.hpp"

namespace symref::solver {

namespace {

// Z3 or cvc5 with what the session shares (nothing when there is none).
std::unique_ptr<Solver> make_backend(std::string_view name, terms::TermManager& manager, SolverSession* session) {
  if (name == "z3") return session != nullptr ? make_z3_solver(manager, *session) : make_z3_solver(manager);
  return session != nullptr ? make_cvc5_solver(manager, *session) : make_cvc5_solver(manager);
}

// One backend and the layers that belong to it alone: the quantifier expansion right over it, the
// session's store of answers over that (the backend is made only for a query not in the store),
// the syntactic contradictions over the store (a contradiction is then neither stored nor told
// to a backend).
std::unique_ptr<Solver> backend_chain(std::string_view name, terms::TermManager& manager, const SolverOptions& options,
                                      SolverSession* session) {
  auto expanded_backend = [name = std::string(name), &manager, session, expand = options.expand_bounded_quantifiers] {
    std::unique_ptr<Solver> backend = make_backend(name, manager, session);
    if (expand) backend = std::make_unique<QuantifierExpansionSolver>(std::move(backend), manager);
    return backend;
  };
  std::unique_ptr<Solver> solver;
  if (session != nullptr && session->query_cache() != nullptr && options.query_cache)
    solver = std::make_unique<QueryCacheSolver>(std::string(name), expanded_backend, manager, session->query_cache(),
                                                session->check_log(), options.query_cache_models);
  else
    solver = expanded_backend();
  if (options.syntactic_contradictions) solver = std::make_unique<ContradictionSolver>(std::move(solver), manager);
  return solver;
}

}  // namespace

std::unique_ptr<Solver> make_solver(std::string_view name, terms::TermManager& manager, const SolverOptions& options,
                                    SolverSession* session) {
  if (name != "z3" && name != "cvc5" && name != "both")
    throw std::invalid_argument("unknown solver '" + std::string(name) + "' (expected z3, cvc5 or both)");
  std::unique_ptr<Solver> solver =
      name == "both" ? std::make_unique<CrossCheckingSolver>(backend_chain("z3", manager, options, session),
                                                             backend_chain("cvc5", manager, options, session), manager)
                     : backend_chain(name, manager, options, session);
  if (options.independence) solver = std::make_unique<IndependenceSolver>(std::move(solver), manager);
  if (options.counterexample_cache) solver = std::make_unique<CounterexampleCacheSolver>(std::move(solver), manager);
  if (options.model_reuse) solver = std::make_unique<ModelReuseSolver>(std::move(solver), manager);
  if (options.implied_conditions) solver = std::make_unique<ImpliedConditionSolver>(std::move(solver), manager);
  if (!options.smt_directory.empty()) solver = std::make_unique<LoggingSolver>(std::move(solver), manager, options.smt_directory);
  if (options.validate_models) solver = std::make_unique<ModelCheckingSolver>(std::move(solver), manager);
  if (options.timeout_milliseconds != 0) solver->set_timeout_milliseconds(options.timeout_milliseconds);
  if (options.resource_limit != 0) solver->set_resource_limit(options.resource_limit);
  return solver;
}

std::unique_ptr<Solver> make_solver(std::string_view name, terms::TermManager& manager, const SolverOptions& options) {
  return make_solver(name, manager, options, nullptr);
}

}  // namespace symref::solver
