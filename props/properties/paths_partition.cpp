// Property `paths_partition`: King's tree, the leaves' path conditions disjoint and covering.
//
// Property `paths_partition` — King's view of the symbolic execution tree (1976): the path
// conditions of the feasible leaves are pairwise disjoint, and together with those of the bound,
// blocked, error and pruned leaves they cover every input: ¬(φ1 ∨ … ∨ φn) is unsatisfiable.
// Checked on the forward tree with a loop bound, so that it is finite.  The pruned leaves count
// towards the cover, so each one's condition is also asked of a plain solver (no shortcut layers)
// and must be unsat: a feasible branch wrongly pruned would otherwise keep the cover intact.  That
// solver goes without the syntactic-contradiction layer too (the explorer's solvers have it), and
// is gone before the one for the pairs and the cover is made, so that the two share a Z3 context.
#include "interp/solver/solver.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"

namespace symref::props {

PropertyVerdict check_paths_partition(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& result = workspace.forward_exploration();
  if (result.statistics.truncated) {
    ++verdict.skipped;  // the tree was cut at max_paths: its leaves cover only part of the inputs
    return verdict;
  }
  terms::TermManager& terms = workspace.terms();
  const solver::SolverOptions options = workspace.settings().solver_options();
  auto witness = [&](solver::Solver& solver, const std::string& message) {
    verdict.fail(message, workspace.model_state_json(*solver.model()));
  };

  std::vector<const ExploredPath*> feasible;
  std::vector<const ExploredPath*> pruned;
  std::vector<terms::Term> all;
  for (const ExploredPath& path : result.paths) {
    if (path.path_condition == nullptr) continue;
    all.push_back(path.path_condition);
    if (path.status == solver::SatResult::Sat) feasible.push_back(&path);
    if (path.status == solver::SatResult::Unsat) pruned.push_back(&path);
  }
  if (!pruned.empty()) {
    solver::SolverOptions plain_options = options;
    plain_options.syntactic_contradictions = false;
    auto plain = solver::make_solver("z3", terms, plain_options, &workspace.solver_session());
    for (std::size_t k = 0; k < std::min(pruned.size(), workspace.settings().max_solver_paths); ++k) {
      plain->push();
      plain->add(pruned[k]->path_condition);
      const solver::SatResult answer = plain->check();
      if (answer == solver::SatResult::Sat) {
        witness(*plain, "the leaf " + path_name(pruned[k]->branches) + " was pruned as infeasible, but the input satisfies its path condition");
        return verdict;
      }
      plain->pop();
      if (answer == solver::SatResult::Unknown) ++verdict.unknown;
      else ++verdict.checks;
    }
  }
  auto solver = solver::make_solver("z3", terms, options, &workspace.solver_session());
  const std::size_t limit = std::min(feasible.size(), workspace.settings().max_solver_paths);
  // φa stays in its scope while it is paired with every later φb: the solver is told it once.
  for (std::size_t a = 0; a + 1 < limit; ++a) {
    solver->push();
    solver->add(feasible[a]->path_condition);
    for (std::size_t b = a + 1; b < limit; ++b) {
      solver->push();
      solver->add(feasible[b]->path_condition);
      const solver::SatResult overlap = solver->check();
      if (overlap == solver::SatResult::Sat) {
        witness(*solver, "the path conditions of " + path_name(feasible[a]->branches) + " (" + std::string(outcome_name(feasible[a]->outcome)) +
                ") and " + path_name(feasible[b]->branches) + " (" + std::string(outcome_name(feasible[b]->outcome)) +
                ") overlap: the input satisfies both");
        return verdict;
      }
      solver->pop();
      if (overlap == solver::SatResult::Unknown) ++verdict.unknown;
      else ++verdict.checks;
    }
    solver->pop();
  }
  solver->push();
  solver->add(terms.logical_not(terms.logical_or(all)));
  const solver::SatResult uncovered = solver->check();
  if (uncovered == solver::SatResult::Sat) {
    witness(*solver, "the path conditions of the " + std::to_string(all.size()) + " leaves do not cover the input");
    return verdict;
  }
  solver->pop();
  if (uncovered == solver::SatResult::Unknown) ++verdict.unknown;
  else ++verdict.checks;
  return verdict;
}

}  // namespace symref::props
