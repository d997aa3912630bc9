// A fuzz case on a solver session: its store of answers, its pool inside the run's, its budget (solver_session.hpp).
#include "interp/solver/session/solver_session.hpp"

namespace symref::solver {

SolverSession::Case::Case(SolverSession& session, bool share_answers, WorkBudget budget) : session_(session) {
  session_.case_contexts_ = std::make_shared<ContextPool>(session_.run_contexts_);
  if (share_answers) session_.query_cache_ = std::make_shared<QueryCache>();
  session_.budget_ = budget;
}

SolverSession::Case::~Case() {
  session_.budget_ = WorkBudget{};
  session_.query_cache_.reset();
  session_.case_contexts_.reset();  // its idle contexts go to the run's pool
}

}  // namespace symref::solver
