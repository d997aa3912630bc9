// One satisfiability question of a property: sat fails it with the model's input, unknown counts.
#include "props/satisfiability_check.hpp"

namespace symref::props {

SatisfiabilityCheck::SatisfiabilityCheck(CaseWorkspace& workspace, PropertyVerdict& verdict)
    : workspace_(workspace), verdict_(verdict) {
  const solver::SolverOptions options = workspace.settings().solver_options();
  solver_ = solver::make_solver("z3", workspace.terms(), options, &workspace.solver_session());
}

bool SatisfiabilityCheck::refuted(const std::vector<terms::Term>& conjuncts, const std::string& message) {
  solver_->push();
  for (terms::Term conjunct : conjuncts) solver_->add(conjunct);
  const solver::SatResult answer = solver_->check();
  if (answer == solver::SatResult::Sat) verdict_.fail(message, workspace_.model_state_json(*solver_->model()));
  solver_->pop();
  if (answer == solver::SatResult::Unknown) ++verdict_.unknown;
  if (answer == solver::SatResult::Unsat) ++verdict_.checks;
  return answer == solver::SatResult::Unsat;
}

}  // namespace symref::props
