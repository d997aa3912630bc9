// The valuation V∘σ of §2, the right-hand side of the substitution Lemmas 2.1 and 3.3.
//
// The valuation V∘σ of §2 — (V∘σ)(x) = V(σ(x)) — read without building eσ: the right-hand side of
// the substitution lemmas 2.1 and 3.3.  Array symbols are read through σ's update chains pointwise.
#pragma once

#include <unordered_map>

#include "semantics/terms/evaluator.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::props {

class ComposedValuation final : public terms::Valuation {
 public:
  // `images`: σ as symbol -> term (symbols missing are mapped to themselves).
  ComposedValuation(const terms::Valuation& base, std::unordered_map<terms::Term, terms::Term> images)
      : base_(base), evaluator_(base), images_(std::move(images)) {}

  Value symbol_value(terms::Term symbol) const override;
  Value array_element(terms::Term array_symbol, const Value& index) const override;
  Integer array_length(terms::Term array_symbol) const override;
  // σ maps symbols only: functions read the base valuation.
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    return base_.function_value(function, arguments);
  }
  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    return base_.function_element(function, arguments, index);
  }
  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    return base_.function_length(function, arguments);
  }

 private:
  terms::Term image(terms::Term symbol) const;

  const terms::Valuation& base_;
  mutable terms::TermEvaluator evaluator_;
  std::unordered_map<terms::Term, terms::Term> images_;
};

}  // namespace symref::props
