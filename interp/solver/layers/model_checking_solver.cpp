// Validating solver models by evaluating the formulas under them (model_checking_solver.hpp; §2).
#include "interp/solver/layers/model_checking_solver.hpp"

#include <algorithm>

#include "semantics/faults.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::solver {

namespace {

constexpr std::size_t shown_characters = 2000;

std::string readable(Term term, const terms::TermManager& manager) {
  terms::PrintOptions options;
  options.character_budget = shown_characters;
  return terms::print_term(term, manager.program(), options);
}

// "x = 3, p = object -1": the model's values of the scalar symbols of `term`.
std::string symbol_values(Term term, const Model& model, const terms::TermManager& manager) {
  std::string text;
  for (Term symbol : terms::collect_symbols(term)) {
    if (terms::TermManager::is_array(symbol->sort())) continue;
    if (!text.empty()) text += ", ";
    text += terms::symbol_display_name(symbol, manager.program()) + " = " + describe_value(model.symbol_value(symbol));
    if (text.size() > shown_characters) return text + ", …";
  }
  return text;
}

}  // namespace

InvalidModel::InvalidModel(std::string solver, std::string formula, std::string explanation)
    : PropertyFailure("invalid model from " + solver + ": " + explanation),
      solver_(std::move(solver)),
      formula_(std::move(formula)) {}

ModelCheckingSolver::ModelCheckingSolver(std::unique_ptr<Solver> inner, terms::TermManager& manager)
    : ForwardingSolver(std::move(inner)), manager_(manager), collector_(manager) {}

void ModelCheckingSolver::push() {
  inner().push();
  assertions_.push();
  collector_.push();
  constraint_scope_starts_.push_back(constraints_.size());
}

void ModelCheckingSolver::pop(unsigned n) {
  if (n > assertions_.scopes()) throw std::logic_error("pop of more scopes than were pushed");
  inner().pop(n);
  assertions_.pop(n);
  collector_.pop(n);
  if (n > 0) {
    constraints_.resize(constraint_scope_starts_[constraint_scope_starts_.size() - n]);
    constraint_scope_starts_.resize(constraint_scope_starts_.size() - n);
  }
}

void ModelCheckingSolver::add(Term formula) {
  require_formula(formula);
  inner().add(formula);
  assertions_.add(formula);
  collector_.collect(formula, constraints_);
}

SatResult ModelCheckingSolver::check() {
  fault_reason_.clear();
  SatResult result = inner().check();
  if (result != SatResult::Sat) return result;
  if (fault_active(Fault::ModelNotValidated)) [[unlikely]] {
    std::shared_ptr<const SnapshotModel> current =
        SnapshotModel::capture(*inner().model(), assertions_.formulas(), manager_);
    stale_model_ = previous_model_ ? previous_model_ : current;
    previous_model_ = current;
    return result;
  }
  if (std::optional<std::string> fault = validate(*inner().model())) {
    fault_reason_ = std::move(*fault);
    ++self_contradicting_models_;
    return SatResult::Unknown;
  }
  return result;
}

std::string ModelCheckingSolver::reason_unknown() const {
  return fault_reason_.empty() ? inner().reason_unknown() : fault_reason_;
}

SolverStatistics ModelCheckingSolver::statistics() const {
  SolverStatistics statistics = inner().statistics();
  statistics.sat -= std::min(statistics.sat, self_contradicting_models_);
  statistics.unknown += self_contradicting_models_;
  return statistics;
}

std::unique_ptr<Model> ModelCheckingSolver::model() {
  if (fault_active(Fault::ModelNotValidated) && stale_model_) [[unlikely]]
    return std::make_unique<SnapshotModel>(*stale_model_);
  return inner().model();
}

std::optional<std::string> ModelCheckingSolver::validate(const Model& model) {
  terms::TermEvaluator& evaluator = terms::evaluator_in(evaluator_, model);
  evaluator.set_enumeration_limit(enumeration_limit);
  for (Term formula : assertions_.formulas()) {
    bool holds = false;
    try {
      holds = evaluator.evaluate_boolean(formula);
    } catch (const terms::NotEvaluable&) {
      ++unevaluated_formulas_;  // neither true nor false: not a verdict
      continue;
    }
    if (holds) continue;
    std::string text = readable(formula, manager_);
    if (inner().backend_value(formula) == false)
      return name() + " answered sat with a model that falsifies " + text + " by " + name() +
             "'s own evaluation too (a fault of the solver)";
    throw InvalidModel(name(), text,
                       "the model falsifies " + text + " (with " + symbol_values(formula, model, manager_) + ")");
  }
  for (const SideConstraint& constraint : constraints_) {
    try {
      check_side_constraint(constraint, model, evaluator);
    } catch (const terms::NotEvaluable&) {
      ++unevaluated_formulas_;
    }
  }
  return std::nullopt;
}

void ModelCheckingSolver::check_side_constraint(const SideConstraint& constraint, const Model& model,
                                                terms::TermEvaluator& evaluator) {
  if (side_constraint_holds(constraint, model, evaluator)) return;
  const std::string text = readable(constraint.subject, manager_);
  switch (constraint.kind) {
    case SideConstraint::Kind::InputReference:
      throw InvalidModel(name(), text, "the input reference " + text + " is the new object " + describe_value(evaluator.evaluate(constraint.subject)));
    case SideConstraint::Kind::LengthNonNegative:
      throw InvalidModel(name(), text, "the array " + text + " has the negative length " + model.array_length(constraint.subject).to_string());
  }
}

}  // namespace symref::solver
