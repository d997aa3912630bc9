// Property `solvers_agree`: Z3 and cvc5 agree on every path condition, and models satisfy φ.
//
// Property `solvers_agree`: Z3 and cvc5 answer every path condition of the forward tree alike
// (sat or unsat; unknown is counted, not judged), and each model they give satisfies φ when φ is
// evaluated by the term evaluator — independently of the model-checking layer below.
//
// cvc5 gets each φ incrementally, as the explorer asked it: its conjuncts one scope each, popped
// back to the longest prefix φ shares with the path asked before (the paths come in tree order, so
// consecutive ones share their common ancestors' conditions), which saves about a third of cvc5's
// check time against one conjunction per path, with the same answers.  Z3 still gets one
// conjunction per path: asked incrementally too, it leaves state in the contexts the case's other
// properties share, which changed their later checks and brought back Z3 stalls in level-3 runs.
#include <span>
#include <vector>

#include "interp/solver/solver.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"

namespace symref::props {

PropertyVerdict check_solvers_agree(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& result = workspace.forward_exploration();
  solver::SolverOptions options = workspace.settings().solver_options();
  options.syntactic_contradictions = false;  // every path condition goes to both solvers, whose agreement is
  options.query_cache_models = false;         // the point, and each answer is the solver's own
  std::unique_ptr<solver::Solver> solvers[2] = {solver::make_solver("z3", workspace.terms(), options, &workspace.solver_session()),
                                                solver::make_solver("cvc5", workspace.terms(), options, &workspace.solver_session())};
  std::size_t asked = 0;
  std::vector<terms::Term> in_scope;  // the conjuncts asserted on cvc5, one scope each
  for (const ExploredPath& path : result.paths) {
    if (path.path_condition == nullptr) continue;
    if (asked++ >= workspace.settings().max_solver_paths) break;
    const std::span<const terms::Term> conjuncts = path.path_condition->kind() == terms::TermKind::And
                                                       ? std::span<const terms::Term>(path.path_condition->begin(), path.path_condition->end())
                                                       : std::span<const terms::Term>(&path.path_condition, 1);
    std::size_t shared = 0;
    while (shared < in_scope.size() && shared < conjuncts.size() && in_scope[shared] == conjuncts[shared]) ++shared;
    if (in_scope.size() > shared) solvers[1]->pop(static_cast<unsigned>(in_scope.size() - shared));
    in_scope.assign(conjuncts.begin(), conjuncts.end());
    for (std::size_t i = shared; i < conjuncts.size(); ++i) {
      solvers[1]->push();
      solvers[1]->add(conjuncts[i]);
    }
    solver::SatResult answers[2];
    for (int s = 0; s < 2; ++s) {
      solvers[s]->push();  // the scope of this path's check and model
      if (s == 0) solvers[s]->add(path.path_condition);
      answers[s] = solvers[s]->check();
      if (answers[s] == solver::SatResult::Sat) {
        auto model = solvers[s]->model();
        if (!model->evaluate(path.path_condition).as_boolean()) {
          verdict.fail("the model " + solvers[s]->name() + " gives for the path condition of " + path_name(path.branches) +
                           " falsifies it",
                       workspace.model_state_json(*model));
          solvers[s]->pop();
          return verdict;
        }
      }
      solvers[s]->pop();
    }
    if (answers[0] == solver::SatResult::Unknown || answers[1] == solver::SatResult::Unknown) {
      ++verdict.unknown;
      continue;
    }
    ++verdict.checks;
    if (answers[0] != answers[1]) {
      verdict.fail("on the path condition of " + path_name(path.branches) + " Z3 answers " + std::string(solver::to_string(answers[0])) +
                   " and cvc5 " + std::string(solver::to_string(answers[1])));
      return verdict;
    }
  }
  return verdict;
}

}  // namespace symref::props
