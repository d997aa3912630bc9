// V∘σ, evaluating each σ(x) under V on demand.
#include "props/composed_valuation.hpp"

#include <stdexcept>

namespace symref::props {

using terms::Term;
using terms::TermKind;

Term ComposedValuation::image(Term symbol) const {
  auto found = images_.find(symbol);
  return found == images_.end() ? symbol : found->second;
}

Value ComposedValuation::symbol_value(Term symbol) const {
  Term t = image(symbol);
  return t == symbol ? base_.symbol_value(symbol) : evaluator_.evaluate(t);
}

// (a[i := v])[j] = v if V(i) = j, else a[j] (§2.1) — walked here independently of the evaluator's
// own reading of update chains.
Value ComposedValuation::array_element(Term array_symbol, const Value& index) const {
  Term array = image(array_symbol);
  while (array->kind() == TermKind::Store) {
    if (evaluator_.evaluate(array->child(1)) == index) return evaluator_.evaluate(array->child(2));
    array = array->child(0);
  }
  if (array->kind() != TermKind::Symbol) throw std::logic_error("σ maps an array to neither a symbol nor an update chain");
  return base_.array_element(array, index);
}

Integer ComposedValuation::array_length(Term array_symbol) const {
  Term array = image(array_symbol);
  while (array->kind() == TermKind::Store) array = array->child(0);
  return base_.array_length(array);
}

}  // namespace symref::props
