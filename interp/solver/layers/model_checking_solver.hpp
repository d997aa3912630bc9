// A solver layer evaluating every formula under each model before use (§2 Theorem 2.3: V(φ) = true).
//
// It also checks that the model is a consistent input: the side constraints of encoding.hpp hold.
//
// A formula (or side constraint) the term evaluator cannot evaluate — a quantifier without a
// range guard or with too large a range (evaluator.hpp) — is skipped, neither accepted nor
// rejected, and counted: unevaluated_formulas().  So quantified queries are only as checked as
// their guards allow, and the count says how much was not.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interp/property_failure.hpp"
#include "interp/solver/assertion_stack.hpp"
#include "interp/solver/backends/encoding.hpp"
#include "interp/solver/layers/forwarding_solver.hpp"
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

// Checks every model of the solver below at check() time and throws InvalidModel when one fails,
// unless the backend's own evaluation (Solver::backend_value) also finds the formula false: then the
// backend contradicts its own sat answer (cvc5 1.0.3 does on some nonlinear queries, where
// `--check-models` aborts it), and the check answers unknown, naming the backend's fault.
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
  std::string reason_unknown() const override;
  std::unique_ptr<Model> model() override;
  // The figures below, with the sat answers turned unknown here counted unknown.
  SolverStatistics statistics() const override;

  // Formulas and side constraints skipped as NotEvaluable, over all checks so far.
  std::uint64_t unevaluated_formulas() const { return unevaluated_formulas_; }
  // The most bindings one formula's quantifiers may take in validation (evaluator.hpp).
  static constexpr std::uint64_t enumeration_limit = 100'000;
  // Sat answers turned unknown because the backend's own evaluation falsified its model.
  std::uint64_t self_contradicting_models() const { return self_contradicting_models_; }

 private:
  // The backend's fault when its own evaluation agrees that a formula is false (the reason of the
  // unknown answer), else nothing; throws InvalidModel when only symref's evaluation finds it false.
  std::optional<std::string> validate(const Model& model);
  void check_side_constraint(const SideConstraint& constraint, const Model& model, terms::TermEvaluator& evaluator);

  terms::TermManager& manager_;
  AssertionStack assertions_;
  std::string fault_reason_;  // after a sat answer turned unknown: why
  std::uint64_t self_contradicting_models_ = 0;
  SideConstraintCollector collector_;
  std::vector<SideConstraint> constraints_;
  std::vector<std::size_t> constraint_scope_starts_;
  // Under ModelNotValidated only: the snapshot of the last sat model, and the stale one handed out.
  std::shared_ptr<const SnapshotModel> previous_model_;
  std::shared_ptr<const SnapshotModel> stale_model_;
  std::uint64_t unevaluated_formulas_ = 0;
  std::optional<terms::TermEvaluator> evaluator_;  // validate()'s, rebound to each model
};

}  // namespace symref::solver
