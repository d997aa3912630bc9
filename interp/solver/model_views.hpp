// Models made of other models, for solver layers that answer sat without the solver below (§2 V(φ)).
#pragma once

#include <memory>
#include <unordered_set>
#include <utility>

#include "interp/solver/solver.hpp"

namespace symref::solver {

// A model kept by a layer (a snapshot, or tables of values) and handed out again: reads go to the
// shared valuation.
class SharedModel final : public Model {
 public:
  explicit SharedModel(std::shared_ptr<const terms::Valuation> model) : model_(std::move(model)) {}
  Value symbol_value(Term symbol) const override { return model_->symbol_value(symbol); }
  Value array_element(Term array_symbol, const Value& index) const override { return model_->array_element(array_symbol, index); }
  Integer array_length(Term array_symbol) const override { return model_->array_length(array_symbol); }
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    return model_->function_value(function, arguments);
  }
  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    return model_->function_element(function, arguments, index);
  }
  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    return model_->function_length(function, arguments);
  }

 private:
  std::shared_ptr<const terms::Valuation> model_;
};

// The symbols (by term id) and uninterpreted functions a set of formulas reads: what a model
// must fix for them to have a value.
struct FormulaAtoms {
  std::unordered_set<std::uint32_t> symbols;
  std::unordered_set<std::uint32_t> functions;
};

// One model for the atoms in `atoms`, another for everything else.  When the two models satisfy
// formula sets that read disjoint atoms, the overlay satisfies their union.
class OverlayModel final : public Model {
 public:
  OverlayModel(std::shared_ptr<const Model> inside, FormulaAtoms atoms, std::shared_ptr<const Model> outside)
      : inside_(std::move(inside)), atoms_(std::move(atoms)), outside_(std::move(outside)) {}
  Value symbol_value(Term symbol) const override { return by_symbol(symbol).symbol_value(symbol); }
  Value array_element(Term array_symbol, const Value& index) const override {
    return by_symbol(array_symbol).array_element(array_symbol, index);
  }
  Integer array_length(Term array_symbol) const override { return by_symbol(array_symbol).array_length(array_symbol); }
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    return by_function(function).function_value(function, arguments);
  }
  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    return by_function(function).function_element(function, arguments, index);
  }
  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    return by_function(function).function_length(function, arguments);
  }

 private:
  const Model& by_symbol(Term symbol) const { return atoms_.symbols.contains(symbol->id()) ? *inside_ : *outside_; }
  const Model& by_function(terms::FunctionId function) const {
    return atoms_.functions.contains(static_cast<std::uint32_t>(function)) ? *inside_ : *outside_;
  }

  std::shared_ptr<const Model> inside_;
  FormulaAtoms atoms_;
  std::shared_ptr<const Model> outside_;
};

}  // namespace symref::solver
