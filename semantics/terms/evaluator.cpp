// Term evaluation V(t) under a valuation (§2 expression semantics, §2.1 arrays, §4.1 fields as arrays).
#include "semantics/terms/evaluator.hpp"

#include <algorithm>
#include <stdexcept>

#include "semantics/terms/term_manager.hpp"
#include "semantics/terms/traversal.hpp"

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
// Valuation: no functions known

namespace {

[[noreturn]] void unknown_function(FunctionId function) {
  throw NotEvaluable("the valuation gives no values of function " + std::to_string(static_cast<std::uint32_t>(function)));
}

ApplicationKey key_of(FunctionId function, std::span<const Value> arguments) {
  return {function, std::vector<Value>(arguments.begin(), arguments.end())};
}

}  // namespace

Value Valuation::function_value(FunctionId function, std::span<const Value>) const { unknown_function(function); }

Value Valuation::function_element(FunctionId function, std::span<const Value>, const Value&) const {
  unknown_function(function);
}

Integer Valuation::function_length(FunctionId function, std::span<const Value>) const { unknown_function(function); }

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

void MapValuation::set_function_value(FunctionId function, std::vector<Value> arguments, Value value) {
  function_values_.insert_or_assign(ApplicationKey{function, std::move(arguments)}, std::move(value));
}

void MapValuation::set_function_default(FunctionId function, Value value) {
  function_defaults_.insert_or_assign(function, std::move(value));
}

void MapValuation::set_function_element(FunctionId function, std::vector<Value> arguments, Value index, Value value) {
  arguments.push_back(std::move(index));
  function_elements_.insert_or_assign(ApplicationKey{function, std::move(arguments)}, std::move(value));
}

void MapValuation::set_function_length(FunctionId function, std::vector<Value> arguments, Integer length) {
  function_lengths_.insert_or_assign(ApplicationKey{function, std::move(arguments)}, std::move(length));
}

Value MapValuation::function_value(FunctionId function, std::span<const Value> arguments) const {
  auto found = function_values_.find(key_of(function, arguments));
  if (found != function_values_.end()) return found->second;
  auto fallback = function_defaults_.find(function);
  if (fallback != function_defaults_.end()) return fallback->second;
  return default_value(manager_.function(function).range);
}

Value MapValuation::function_element(FunctionId function, std::span<const Value> arguments, const Value& index) const {
  ApplicationKey key = key_of(function, arguments);
  key.arguments.push_back(index);
  auto found = function_elements_.find(key);
  if (found != function_elements_.end()) return found->second;
  return default_value(manager_.element_sort(manager_.function(function).range));
}

Integer MapValuation::function_length(FunctionId function, std::span<const Value> arguments) const {
  auto found = function_lengths_.find(key_of(function, arguments));
  return found != function_lengths_.end() ? found->second : Integer(0);
}

// ---------------------------------------------------------------------------------------------
// TermEvaluator

Value evaluate(Term term, const Valuation& valuation) { return TermEvaluator(valuation).evaluate(term); }

TermEvaluator& evaluator_in(std::optional<TermEvaluator>& slot, const Valuation& valuation) {
  if (slot)
    slot->rebind(valuation);
  else
    slot.emplace(valuation);
  slot->set_enumeration_limit(TermEvaluator::default_enumeration_limit);
  return *slot;
}

void TermEvaluator::rebind(const Valuation& valuation) {
  valuation_ = &valuation;
  // Sweeping a table far larger than what it held costs more than growing one again.
  if (cache_.capacity() > 1024 && cache_.size() * 8 < cache_.capacity())
    cache_.clear();
  else
    cache_.clear_keeping_capacity();
  reads_.clear();
}

Value TermEvaluator::bounded(bool (*operation)(const Integer&, const Integer&, std::uint64_t, Integer&),
                             const Integer& a, const Integer& b) const {
  Integer result;
  if (!operation(a, b, max_int_bits_, result)) throw NotEvaluable(integer_limit_reason(max_int_bits_));
  return Value::integer(std::move(result));
}

Value TermEvaluator::evaluate(Term term) {
  if (TermManager::is_array(term->sort()))
    throw std::logic_error("evaluate: the term has the array sort " + to_string(term->sort()));
  if (const Value* known = cache_.find(term)) return *known;
  // A call left by an exception may have left its walk and its quantifier scopes behind.
  stack_.clear();
  depth_ = 0;
  if (!bindings_.empty()) bindings_.clear();
  bindings_left_ = enumeration_limit_;
  return run(term);
}

Value TermEvaluator::element(Term array, const Value& index) {
  if (!TermManager::is_array(array->sort())) throw std::logic_error("element: the term has the sort " + to_string(array->sort()));
  if (array->has_bound_variables()) throw std::logic_error("element: the array has bound variables");
  if (cache_.find(array) == nullptr) {  // its updates' indices and values (a Store caches a marker)
    stack_.clear();
    depth_ = 0;
    if (!bindings_.empty()) bindings_.clear();
    bindings_left_ = enumeration_limit_;
    run(array);
  }
  return read(array, index);
}

Value TermEvaluator::run(Term term) {
  if (const Value* known = find(term)) return *known;
  const std::size_t base = stack_.size();
  stack_.emplace_back(term, false);
  while (stack_.size() > base) {
    auto [current, operands_pushed] = stack_.back();
    if (find(current) != nullptr) {
      stack_.pop_back();
      continue;
    }
    // A quantifier's operands are evaluated by quantify(), under bindings.
    if (!operands_pushed && current->arity() > 0 && !current->is_quantifier()) {
      stack_.back().second = true;
      for (Term child : *current)
        if (find(child) == nullptr) stack_.emplace_back(child, false);
      continue;
    }
    stack_.pop_back();
    Value value = compute(current);
    store(current, std::move(value));
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
    // Only closed chains: a chain with bound variables reads differently under other bindings.
    if (!first && !array->has_bound_variables() && is_checkpoint(array)) {
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
  if (!result) result = base_element(array, index);
  // Every update the walk passed lies above the one that decided the read: same answer from there.
  for (Term checkpoint : checkpoints_) reads_.emplace(ArrayRead{checkpoint->id(), index}, *result);
  return *result;
}

std::vector<Value> TermEvaluator::arguments_of(Term application) {
  std::vector<Value> arguments;
  arguments.reserve(application->arity());
  for (Term argument : *application) {
    // A valuation gives functions values at scalar points only; a whole array is no Value.
    if (TermManager::is_array(argument->sort()))
      throw NotEvaluable("evaluate: " + application->name() + " has an array argument, which a valuation gives no value at");
    arguments.push_back(cached(argument));
  }
  return arguments;
}

// Below all updates: an array symbol, or an array-valued function application.
Value TermEvaluator::base_element(Term base, const Value& index) {
  if (base->kind() == TermKind::Apply) return valuation_->function_element(base->function(), arguments_of(base), index);
  return valuation_->array_element(base, index);
}

Integer TermEvaluator::base_length(Term base) {
  if (base->kind() == TermKind::Apply) return valuation_->function_length(base->function(), arguments_of(base));
  return valuation_->array_length(base);
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
      return valuation_->symbol_value(t);
    case TermKind::Negate: return Value::integer(-integer_of(0));
    case TermKind::Add: return bounded(&bounded_add, integer_of(0), integer_of(1));
    case TermKind::Subtract: return bounded(&bounded_subtract, integer_of(0), integer_of(1));
    case TermKind::Multiply: return bounded(&bounded_multiply, integer_of(0), integer_of(1));
    // Euclidean, as SMT-LIB's div and mod (the concrete-only fault TruncatingDivision stays out).
    case TermKind::Divide: return Value::integer(euclidean_quotient(integer_of(0), integer_of(1)));
    case TermKind::Remainder: return Value::integer(euclidean_remainder(integer_of(0), integer_of(1)));
    case TermKind::Less: return Value::boolean(integer_of(0) < integer_of(1));
    case TermKind::LessEqual: return Value::boolean(integer_of(0) <= integer_of(1));
    case TermKind::Equal:
      // A valuation reads arrays pointwise: two whole arrays cannot be compared through it.
      if (TermManager::is_array(t->child(0)->sort()))
        throw NotEvaluable("evaluate: an equality of whole arrays, which a valuation reads only pointwise");
      return Value::boolean(cached(t->child(0)) == cached(t->child(1)));
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
      return Value::integer(base_length(array));
    }
    case TermKind::InputObject: {
      // Input objects (and nil) have identities <= 0, the objects a path creates positive ones.
      const Value& reference = cached(t->child(0));
      return Value::boolean(reference.is_nil() || reference.as_object() <= 0);
    }
    case TermKind::BoundVariable:
      if (const Value* value = bindings_.find(t)) return *value;
      throw std::logic_error("evaluate: the bound variable " + t->name() + " occurs outside its quantifier");
    case TermKind::Forall:
    case TermKind::Exists: return quantify(t);
    case TermKind::Apply:
      if (TermManager::is_array(t->sort())) return Value();  // read pointwise by Select and Length
      return valuation_->function_value(t->function(), arguments_of(t));
  }
  throw std::logic_error("evaluate: unknown term kind");
}

// ---------------------------------------------------------------------------------------------
// Quantifiers by enumeration of guarded ranges

namespace {

void add_conjuncts(Term t, std::vector<Term>& out) {
  if (t->kind() == TermKind::And)
    out.insert(out.end(), t->begin(), t->end());
  else
    out.push_back(t);
}

}  // namespace

Value TermEvaluator::quantify(Term quantifier) {
  Quantification q;
  q.body = TermManager::quantifier_body(quantifier);
  q.universal = quantifier->kind() == TermKind::Forall;
  q.variables = TermManager::quantified_variables(quantifier);
  find_bounds(q);
  if (depth_ == scopes_.size()) scopes_.emplace_back();
  scopes_[depth_].clear_keeping_capacity();
  ++depth_;
  bool decided = search(q, 0);
  --depth_;
  for (Term variable : q.variables) bindings_.erase(variable);
  // ∀: decided means a counterexample was found; ∃: a witness.
  return Value::boolean(q.universal ? !decided : decided);
}

// The guards: the conjuncts of the antecedents of ∀'s body (through nested ==>) or of ∃'s body.
// A guard bounds variable i when one side is the variable and the other uses no variable of this
// quantifier from i on and no bound variable that is not bound now.
void TermEvaluator::find_bounds(Quantification& q) const {
  std::vector<Term> guards;
  if (q.universal) {
    for (Term t = q.body; t->kind() == TermKind::Implies; t = t->child(1)) add_conjuncts(t->child(0), guards);
  } else {
    add_conjuncts(q.body, guards);
  }
  q.lower.assign(q.variables.size(), {});
  q.upper.assign(q.variables.size(), {});
  auto usable = [&](Term side, std::size_t i) {
    for (Term used : free_bound_variables(side)) {
      auto position = std::find(q.variables.begin(), q.variables.end(), used);
      if (position != q.variables.end() ? static_cast<std::size_t>(position - q.variables.begin()) >= i
                                        : !bindings_.contains(used))
        return false;
    }
    return true;
  };
  for (Term guard : guards) {
    if (guard->kind() != TermKind::Less && guard->kind() != TermKind::LessEqual && guard->kind() != TermKind::Equal)
      continue;
    for (std::size_t i = 0; i < q.variables.size(); ++i) {
      Term v = q.variables[i];
      if (v->sort().kind != SortKind::Int) continue;
      Term left = guard->child(0), right = guard->child(1);
      const int strict = guard->kind() == TermKind::Less ? 1 : 0;
      if (right == v && usable(left, i)) {
        if (guard->kind() == TermKind::Equal) {
          q.lower[i].push_back({left, 0});
          q.upper[i].push_back({left, 1});
        } else {
          q.lower[i].push_back({left, strict});  // left < v: v >= left + 1
        }
      } else if (left == v && usable(right, i)) {
        if (guard->kind() == TermKind::Equal) {
          q.lower[i].push_back({right, 0});
          q.upper[i].push_back({right, 1});
        } else {
          q.upper[i].push_back({right, 1 - strict});  // v <= right: v < right + 1
        }
      }
    }
  }
}

void TermEvaluator::bind(Term variable, Value value) {
  bindings_.insert_or_assign(variable, std::move(value));
  // Every value with bound variables computed under the old binding is stale.
  scopes_[depth_ - 1].clear_keeping_capacity();
}

bool TermEvaluator::search(const Quantification& q, std::size_t i) {
  if (i == q.variables.size()) {
    bool holds = run(q.body).as_boolean();
    return q.universal ? !holds : holds;
  }
  auto spend = [&](const Integer& bindings) {
    if (Integer(static_cast<std::int64_t>(bindings_left_)) < bindings)
      throw NotEvaluable("a quantifier's range exceeds the enumeration limit of " + std::to_string(enumeration_limit_) +
                         " bindings");
    bindings_left_ -= static_cast<std::uint64_t>(bindings.to_int64().value_or(0));
  };
  Term variable = q.variables[i];
  switch (variable->sort().kind) {
    case SortKind::Bool:
      spend(Integer(2));
      for (bool value : {false, true}) {
        bind(variable, Value::boolean(value));
        if (search(q, i + 1)) return true;
      }
      return false;
    case SortKind::Int: {
      if (q.lower[i].empty() || q.upper[i].empty())
        throw NotEvaluable("the quantified variable " + variable->name() + " has no range guard");
      std::optional<Integer> low, high;
      for (const Bound& bound : q.lower[i]) {
        Integer value = run(bound.term).as_integer() + Integer(bound.offset);
        if (!low || *low < value) low = value;
      }
      for (const Bound& bound : q.upper[i]) {
        Integer value = run(bound.term).as_integer() + Integer(bound.offset);
        if (!high || value < *high) high = value;
      }
      if (!(*low < *high)) return false;  // an empty range: the guard is false for every value
      spend(*high - *low);
      for (Integer value = *low; value < *high; value = value + Integer(1)) {
        bind(variable, Value::integer(value));
        if (search(q, i + 1)) return true;
      }
      return false;
    }
    default:
      throw NotEvaluable("the quantified variable " + variable->name() + " ranges over objects");
  }
}

}  // namespace symref::terms
