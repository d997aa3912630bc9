// A solver layer evaluating every formula under each model before use (§2 Theorem 2.3: V(φ) = true).
//
// It also checks that the model is a consistent input: the side constraints of encoding.hpp hold.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interp/property_failure.hpp"
#include "interp/solver/assertion_stack.hpp"
#include "interp/solver/encoding.hpp"
#include "interp/solver/forwarding_solver.hpp"
#include "interp/solver/snapshot_model.hpp"

namespace symref::solver {

// A solver's model falsifies a formula it was given, or is no consistent input.
class InvalidModel : public PropertyFailure {
 public:
  InvalidModel(std::string solver, std::string formula, std::string explanation);
  const std::string& solver() const { return solver_; }
  const std::string& formula() const { return formula_; }  // the falsified formula, readable

 private:
  std::string solver_;
  std::string formula_;
};

// Checks every model of the solver below at check() time and throws InvalidModel when one fails.
// Under the planted fault ModelNotValidated it checks nothing and model() hands out the model of
// the previous sat query instead of the current one (a stale model, as an engine that reuses
// models without re-checking them would): the properties must catch that.
class ModelCheckingSolver final : public ForwardingSolver {
 public:
  ModelCheckingSolver(std::unique_ptr<Solver> inner, terms::TermManager& manager);

  void push() override;
  void pop(unsigned n = 1) override;
  void add(Term formula) override;
  SatResult check() override;
  std::unique_ptr<Model> model() override;

 private:
  void validate(const Model& model) const;

  terms::TermManager& manager_;
  AssertionStack assertions_;
  SideConstraintCollector collector_;
  std::vector<SideConstraint> constraints_;
  std::vector<std::size_t> constraint_scope_starts_;
  // Under ModelNotValidated only: the snapshot of the last sat model, and the stale one handed out.
  std::shared_ptr<const SnapshotModel> previous_model_;
  std::shared_ptr<const SnapshotModel> stale_model_;
};

}  // namespace symref::solver
