// A solver model copied into tables so that it outlives the solver's next call (a valuation V of §2).
#pragma once

#include <memory>
#include <span>

#include "interp/solver/solver.hpp"
#include "semantics/terms/evaluator.hpp"

namespace symref::solver {

// Reads `source` and writes every answer into the tables `copy` (a snapshot being filled).
class ModelRecorder final : public terms::Valuation {
 public:
  ModelRecorder(const Model& source, terms::MapValuation& copy) : source_(source), copy_(copy) {}

  Value symbol_value(Term symbol) const override {
    Value value = source_.symbol_value(symbol);
    copy_.set_symbol(symbol, value);
    return value;
  }
  Value array_element(Term array_symbol, const Value& index) const override {
    Value value = source_.array_element(array_symbol, index);
    copy_.set_element(array_symbol, index, value);
    return value;
  }
  Integer array_length(Term array_symbol) const override {
    Integer length = source_.array_length(array_symbol);
    copy_.set_length(array_symbol, length);
    return length;
  }
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    Value value = source_.function_value(function, arguments);
    copy_.set_function_value(function, {arguments.begin(), arguments.end()}, value);
    return value;
  }
  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    Value value = source_.function_element(function, arguments, index);
    copy_.set_function_element(function, {arguments.begin(), arguments.end()}, index, value);
    return value;
  }
  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    Integer length = source_.function_length(function, arguments);
    copy_.set_function_length(function, {arguments.begin(), arguments.end()}, length);
    return length;
  }

 private:
  const Model& source_;
  terms::MapValuation& copy_;
};

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
  // A model given by explicit tables (also for tests that play a solver).
  explicit SnapshotModel(terms::MapValuation values) : values_(std::move(values)) {}

 private:
  terms::MapValuation values_;
};

}  // namespace symref::solver
