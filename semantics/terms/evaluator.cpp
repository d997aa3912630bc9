// Term evaluation V(t) under a valuation (§2 expression semantics, §2.1 arrays, §4.1 fields as arrays).
#include "semantics/terms/evaluator.hpp"

#include <stdexcept>

#include "semantics/terms/term_manager.hpp"

namespace symref::terms {

Value default_value(Sort sort) {
  switch (sort.kind) {
    case SortKind::Int: return Value::integer(0);
    case SortKind::Bool: return Value::boolean(false);
    case SortKind::Reference: return Value::nil(sort.detail);
    case SortKind::IntArray:
    case SortKind::FieldArray: break;
  }
  throw std::logic_error("no scalar default for the sort " + to_string(sort));
}

// ---------------------------------------------------------------------------------------------
// MapValuation

void MapValuation::set_symbol(Term symbol, Value value) { symbols_.insert_or_assign(symbol, std::move(value)); }

void MapValuation::set_element(Term array_symbol, Value index, Value value) {
  arrays_[array_symbol].elements.insert_or_assign(std::move(index), std::move(value));
}

void MapValuation::set_default_element(Term array_symbol, Value value) {
  arrays_[array_symbol].default_element = std::move(value);
}

void MapValuation::set_length(Term array_symbol, Integer length) { arrays_[array_symbol].length = std::move(length); }

Value MapValuation::symbol_value(Term symbol) const {
  auto found = symbols_.find(symbol);
  return found != symbols_.end() ? found->second : default_value(symbol->sort());
}

Value MapValuation::array_element(Term array_symbol, const Value& index) const {
  auto array = arrays_.find(array_symbol);
  if (array != arrays_.end()) {
    auto element = array->second.elements.find(index);
    if (element != array->second.elements.end()) return element->second;
    if (array->second.default_element) return *array->second.default_element;
  }
  return default_value(manager_.element_sort(array_symbol->sort()));
}

Integer MapValuation::array_length(Term array_symbol) const {
  auto array = arrays_.find(array_symbol);
  return array != arrays_.end() ? array->second.length : Integer(0);
}

// ---------------------------------------------------------------------------------------------
// TermEvaluator

Value evaluate(Term term, const Valuation& valuation) { return TermEvaluator(valuation).evaluate(term); }

Value TermEvaluator::evaluate(Term term) {
  if (TermManager::is_array(term->sort()))
    throw std::logic_error("evaluate: the term has the array sort " + to_string(term->sort()));
  if (const Value* known = cache_.find(term)) return *known;
  stack_.clear();
  stack_.emplace_back(term, false);
  while (!stack_.empty()) {
    auto [current, operands_pushed] = stack_.back();
    if (cache_.contains(current)) {
      stack_.pop_back();
      continue;
    }
    if (!operands_pushed && current->arity() > 0) {
      stack_.back().second = true;
      for (Term child : *current)
        if (!cache_.contains(child)) stack_.emplace_back(child, false);
      continue;
    }
    stack_.pop_back();
    Value value = compute(current);
    cache_.insert_or_assign(current, std::move(value));
  }
  return cached(term);
}

// The latest update at an equal index wins: (a[i := v])[j] = (i = j ? v : a[j]); below all updates
// the valuation reads the array symbol.
Value TermEvaluator::read(Term array, const Value& index) {
  // About one update in 32 is a checkpoint, chosen by its id so that every walk picks the same ones.
  auto is_checkpoint = [](Term update) { return (std::uint64_t{update->id()} * 0x9E3779B97F4A7C15ULL) >> 59 == 0; };
  checkpoints_.clear();
  std::optional<Value> result;
  for (bool first = true; array->kind() == TermKind::Store; array = array->child(0), first = false) {
    if (!first && is_checkpoint(array)) {
      auto known = reads_.find(ArrayRead{array->id(), index});
      if (known != reads_.end()) {
        result = known->second;
        break;
      }
      checkpoints_.push_back(array);
    }
    if (cached(array->child(1)) == index) {
      result = cached(array->child(2));
      break;
    }
  }
  if (!result) result = valuation_.array_element(array, index);
  // Every update the walk passed lies above the one that decided the read: same answer from there.
  for (Term checkpoint : checkpoints_) reads_.emplace(ArrayRead{checkpoint->id(), index}, *result);
  return *result;
}

Value TermEvaluator::compute(Term t) {
  auto integer_of = [&](std::uint32_t i) -> const Integer& { return cached(t->child(i)).as_integer(); };
  auto boolean_of = [&](std::uint32_t i) { return cached(t->child(i)).as_boolean(); };
  switch (t->kind()) {
    case TermKind::IntegerConstant: return Value::integer(t->integer());
    case TermKind::BooleanConstant: return Value::boolean(t->boolean());
    case TermKind::Nil: return Value::nil(t->sort().detail);
    case TermKind::NewObject: return Value::reference(t->sort().detail, t->index());
    case TermKind::Symbol:
      if (TermManager::is_array(t->sort())) return Value();  // read pointwise by Select and Length
      return valuation_.symbol_value(t);
    case TermKind::Negate: return Value::integer(-integer_of(0));
    case TermKind::Add: return Value::integer(integer_of(0) + integer_of(1));
    case TermKind::Subtract: return Value::integer(integer_of(0) - integer_of(1));
    case TermKind::Multiply: return Value::integer(integer_of(0) * integer_of(1));
    // Euclidean, as SMT-LIB's div and mod (the concrete-only fault TruncatingDivision stays out).
    case TermKind::Divide: return Value::integer(euclidean_quotient(integer_of(0), integer_of(1)));
    case TermKind::Remainder: return Value::integer(euclidean_remainder(integer_of(0), integer_of(1)));
    case TermKind::Less: return Value::boolean(integer_of(0) < integer_of(1));
    case TermKind::LessEqual: return Value::boolean(integer_of(0) <= integer_of(1));
    case TermKind::Equal: return Value::boolean(cached(t->child(0)) == cached(t->child(1)));
    case TermKind::IfThenElse: return boolean_of(0) ? cached(t->child(1)) : cached(t->child(2));
    case TermKind::Not: return Value::boolean(!boolean_of(0));
    case TermKind::And:
      for (std::uint32_t i = 0; i < t->arity(); ++i)
        if (!boolean_of(i)) return Value::boolean(false);
      return Value::boolean(true);
    case TermKind::Or:
      for (std::uint32_t i = 0; i < t->arity(); ++i)
        if (boolean_of(i)) return Value::boolean(true);
      return Value::boolean(false);
    case TermKind::Implies: return Value::boolean(!boolean_of(0) || boolean_of(1));
    case TermKind::Select: return read(t->child(0), cached(t->child(1)));
    case TermKind::Store: return Value();  // its index and value are cached for the Selects above it
    case TermKind::Length: {
      Term array = t->child(0);
      while (array->kind() == TermKind::Store) array = array->child(0);
      return Value::integer(valuation_.array_length(array));
    }
  }
  throw std::logic_error("evaluate: unknown term kind");
}

}  // namespace symref::terms
