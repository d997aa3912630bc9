// The base of the solver layers that answer some checks without the solver below (§2: is φ ∧ b
// satisfiable?), each from what earlier answers already showed.
//
// A shortcut answers sat only with a model of every formula in scope, and unsat only when a
// subset of the formulas is known unsat; anything else goes to the solver below.  The layers on
// top (ModelCheckingSolver) validate the models handed out, as they do the backend's.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "interp/solver/layers/tracking_solver.hpp"

namespace symref::terms {
class TermManager;
}

namespace symref::solver {

class ShortcutSolver : public TrackingSolver {
 public:
  ShortcutSolver(std::unique_ptr<Solver> inner, terms::TermManager& manager)
      : TrackingSolver(std::move(inner)), manager_(manager) {}

  SatResult check() final;
  std::string reason_unknown() const override;
  std::unique_ptr<Model> model() final;
  std::shared_ptr<const Model> shared_model() final;
  std::optional<bool> backend_value(Term formula) final { return last_from_shortcut_ ? std::nullopt : inner().backend_value(formula); }
  // The solver below's figures, with this layer's shortcuts added to `shortcuts`.
  SolverStatistics statistics() const override;

  std::uint64_t shortcuts() const { return shortcuts_; }

 protected:
  // An answer for `formulas` without the solver below, or nothing.  A sat answer must come with
  // a model of all of them (answer_sat); an unsat one needs none.
  virtual std::optional<SatResult> shortcut(std::span<const Term> formulas) = 0;
  // Told every answer of the solver below, with the formulas it was about.
  virtual void learn(std::span<const Term> formulas, SatResult result) {}

  // The shortcut's answer sat, with `model`.
  SatResult answer_sat(std::shared_ptr<const Model> model);
  // A snapshot of the solver below's model of `formulas` (after it answered sat), to keep.
  std::shared_ptr<const Model> capture_model(std::span<const Term> formulas);

  std::span<const Term> formulas() const { return tracked_formulas(); }
  std::size_t scope_start() const;  // index of the first formula of the innermost scope
  terms::TermManager& manager() { return manager_; }

 private:
  terms::TermManager& manager_;
  SatResult last_result_ = SatResult::Unknown;
  bool last_from_shortcut_ = false;
  std::shared_ptr<const Model> shortcut_model_;
  std::uint64_t shortcuts_ = 0;
};

}  // namespace symref::solver
