// Checks answered by a layer's shortcut or by the solver below (shortcut_solver.hpp; §2).
#include "interp/solver/layers/shortcut_solver.hpp"

#include <stdexcept>

#include "interp/solver/model_views.hpp"
#include "interp/solver/snapshot_model.hpp"

namespace symref::solver {

std::size_t ShortcutSolver::scope_start() const { return tracked_scope_start(); }

SatResult ShortcutSolver::check() {
  shortcut_model_.reset();
  if (std::optional<SatResult> answer = shortcut(tracked_formulas())) {
    ++shortcuts_;
    last_from_shortcut_ = true;
    last_result_ = *answer;
    if (last_result_ == SatResult::Sat && shortcut_model_ == nullptr)
      throw std::logic_error(name() + ": a shortcut answered sat without a model");
    return last_result_;
  }
  last_from_shortcut_ = false;
  last_result_ = inner().check();
  learn(tracked_formulas(), last_result_);
  return last_result_;
}

SatResult ShortcutSolver::answer_sat(std::shared_ptr<const Model> model) {
  shortcut_model_ = std::move(model);
  return SatResult::Sat;
}

std::shared_ptr<const Model> ShortcutSolver::capture_model(std::span<const Term> formulas) {
  if (std::shared_ptr<const Model> kept = inner().shared_model()) return kept;
  return SnapshotModel::capture(*inner().model(), formulas, manager_);
}

std::shared_ptr<const Model> ShortcutSolver::shared_model() {
  if (last_result_ != SatResult::Sat) return nullptr;
  return last_from_shortcut_ ? shortcut_model_ : inner().shared_model();
}

std::string ShortcutSolver::reason_unknown() const { return last_from_shortcut_ ? "" : inner().reason_unknown(); }

std::unique_ptr<Model> ShortcutSolver::model() {
  if (last_result_ != SatResult::Sat) throw std::logic_error(name() + ": model() without a sat answer");
  if (last_from_shortcut_) return std::make_unique<SharedModel>(shortcut_model_);
  return inner().model();
}

SolverStatistics ShortcutSolver::statistics() const {
  SolverStatistics statistics = inner().statistics();
  statistics.shortcuts += shortcuts_;
  return statistics;
}

}  // namespace symref::solver
