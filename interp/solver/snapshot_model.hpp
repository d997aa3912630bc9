// A solver model copied into tables so that it outlives the solver's next call (a valuation V of §2).
#pragma once

#include <memory>
#include <span>

#include "interp/solver/solver.hpp"
#include "semantics/terms/evaluator.hpp"

namespace symref::solver {

class SnapshotModel final : public Model {
 public:
  // Copies from `source` what evaluating `formulas` reads; everything else takes its default.
  // Function values are copied at the applications the evaluation meets, also those inside
  // quantifiers it can enumerate; a formula it cannot evaluate (NotEvaluable) has only its closed
  // parts copied: its symbols, reads at closed indices, applications to closed arguments.
  static std::unique_ptr<SnapshotModel> capture(const Model& source, std::span<const Term> formulas,
                                                const terms::TermManager& manager);

  Value symbol_value(Term symbol) const override { return values_.symbol_value(symbol); }
  Value array_element(Term array_symbol, const Value& index) const override {
    return values_.array_element(array_symbol, index);
  }
  Integer array_length(Term array_symbol) const override { return values_.array_length(array_symbol); }
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    return values_.function_value(function, arguments);
  }
  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    return values_.function_element(function, arguments, index);
  }
  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    return values_.function_length(function, arguments);
  }

  explicit SnapshotModel(const terms::TermManager& manager) : values_(manager) {}

 private:
  terms::MapValuation values_;
};

}  // namespace symref::solver
