// Running traces on concrete states (§4 "concrete semantics of symbolic execution traces").
#include "semantics/traces/trace_semantics.hpp"

#include <stdexcept>

#include "semantics/values/operators.hpp"

namespace symref {

using terms::SortKind;
using terms::SymbolKind;
using terms::Term;
using terms::TermKind;

namespace {
Value default_for_sort(terms::Sort sort) {
  switch (sort.kind) {
    case SortKind::Bool: return Value::boolean(false);
    case SortKind::Reference: return Value::nil(sort.detail);
    default: return Value::integer(0);
  }
}
}  // namespace

std::optional<Value> TraceInterpreter::read_variable(Term symbol) {
  if (symbol->symbol_kind() == SymbolKind::Global) return state_.globals[symbol->index()];
  if (symbol->symbol_kind() == SymbolKind::Fresh) {
    auto it = fresh_.find(symbol);
    // A fresh variable is assigned before it is read in every trace the unfolding makes.
    if (it == fresh_.end()) return default_for_sort(symbol->sort());
    return it->second;
  }
  throw std::logic_error("a field is not a variable");
}

bool TraceInterpreter::write_variable(Term symbol, const Value& value) {
  if (symbol->symbol_kind() == SymbolKind::Global) {
    state_.globals[symbol->index()] = value;
    return true;
  }
  fresh_[symbol] = value;
  return true;
}

std::optional<Value> TraceInterpreter::evaluate(Term term) {
  switch (term->kind()) {
    case TermKind::IntegerConstant: return Value::integer(term->integer());
    case TermKind::BooleanConstant: return Value::boolean(term->boolean());
    case TermKind::Nil: return Value::nil(term->sort().detail);
    case TermKind::Symbol: return read_variable(term);
    case TermKind::NewObject: throw std::logic_error("traces do not contain the forward engine's objects");
    case TermKind::Negate: {
      auto operand = evaluate(term->child(0));
      if (!operand) return std::nullopt;
      return apply_unary(UnaryOperator::Negate, *operand);
    }
    case TermKind::Not: {
      auto operand = evaluate(term->child(0));
      if (!operand) return std::nullopt;
      return apply_unary(UnaryOperator::Not, *operand);
    }
    case TermKind::Add:
    case TermKind::Subtract:
    case TermKind::Multiply:
    case TermKind::Divide:
    case TermKind::Remainder:
    case TermKind::Less:
    case TermKind::LessEqual:
    case TermKind::Equal: {
      auto left = evaluate(term->child(0));
      if (!left) return std::nullopt;
      auto right = evaluate(term->child(1));
      if (!right) return std::nullopt;
      static constexpr BinaryOperator by_kind[] = {BinaryOperator::Add,      BinaryOperator::Subtract,
                                                   BinaryOperator::Multiply, BinaryOperator::Divide,
                                                   BinaryOperator::Remainder, BinaryOperator::Less,
                                                   BinaryOperator::LessEqual, BinaryOperator::Equal};
      return apply_strict_binary(by_kind[static_cast<int>(term->kind()) - static_cast<int>(TermKind::Add)], *left, *right);
    }
    case TermKind::IfThenElse: {
      auto condition = evaluate(term->child(0));
      if (!condition) return std::nullopt;
      return evaluate(term->child(condition->as_boolean() ? 1 : 2));
    }
    case TermKind::And:
      for (Term child : *term) {
        auto value = evaluate(child);
        if (!value) return std::nullopt;
        if (!value->as_boolean()) return Value::boolean(false);
      }
      return Value::boolean(true);
    case TermKind::Or:
      for (Term child : *term) {
        auto value = evaluate(child);
        if (!value) return std::nullopt;
        if (value->as_boolean()) return Value::boolean(true);
      }
      return Value::boolean(false);
    case TermKind::Implies: {
      auto left = evaluate(term->child(0));
      if (!left) return std::nullopt;
      if (!left->as_boolean()) return Value::boolean(true);
      return evaluate(term->child(1));
    }
    case TermKind::Select: {
      Term array = term->child(0);
      auto index = evaluate(term->child(1));
      if (!index) return std::nullopt;
      if (array->kind() != TermKind::Symbol) throw std::logic_error("traces read only variables and fields");
      if (array->symbol_kind() == SymbolKind::Field) {
        if (index->is_nil()) return std::nullopt;  // V(e.f) = ⊥ when V(e) = nil
        const Field& field = program_.fields[array->index()];
        return state_.object(index->as_object()).fields[field.position];
      }
      const auto& elements = state_.arrays[array->index()];
      const Integer& i = index->as_integer();
      if (!i.is_small() || i.small_value() < 0 || static_cast<std::uint64_t>(i.small_value()) >= elements.size())
        return std::nullopt;  // V(a[i]) = ⊥ outside the bounds
      return Value::integer(elements[static_cast<std::size_t>(i.small_value())]);
    }
    case TermKind::Length:
      return Value::integer(static_cast<std::int64_t>(state_.arrays[term->child(0)->index()].size()));
    case TermKind::Store: throw std::logic_error("traces do not contain array updates");
    case TermKind::InputObject: throw std::logic_error("traces do not contain heap-encoding facts");
    case TermKind::BoundVariable:
    case TermKind::Forall:
    case TermKind::Exists:
    case TermKind::Apply: throw std::logic_error("traces do not contain quantifiers or function applications");
  }
  return std::nullopt;
}

bool TraceInterpreter::take(const TraceItem& item) {
  return item.visit(
      [&](const TraceTest& test) {
        auto value = evaluate(test.condition);
        return value && value->as_boolean();
      },
      [&](const TraceVariableAssignment& a) {
        if (a.variable->sort().kind == SortKind::IntArray) {
          // a := b between int[] globals: arrays are values.
          state_.arrays[a.variable->index()] = state_.arrays[a.value->index()];
          return true;
        }
        auto value = evaluate(a.value);
        return value && write_variable(a.variable, *value);
      },
      [&](const TraceArrayElementAssignment& a) {
        auto index = evaluate(a.index);
        if (!index) return false;
        auto& elements = state_.arrays[a.array->index()];
        const Integer& i = index->as_integer();
        if (!i.is_small() || i.small_value() < 0 || static_cast<std::uint64_t>(i.small_value()) >= elements.size())
          return false;
        auto value = evaluate(a.value);
        if (!value) return false;
        elements[static_cast<std::size_t>(i.small_value())] = value->as_integer();
        return true;
      },
      [&](const TraceFieldAssignment& a) {
        auto object = evaluate(a.object);
        if (!object || object->is_nil()) return false;
        auto value = evaluate(a.value);
        if (!value) return false;
        state_.object(object->as_object()).fields[program_.fields[a.field].position] = *value;
        return true;
      },
      [&](const TraceObjectCreation& creation) {
        ObjectId object = allocate_object(program_, state_, creation.class_index);
        fresh_[creation.variable] = Value::reference(creation.class_index, object);
        return true;
      });
}

bool TraceInterpreter::run(const Trace& trace, std::size_t* stuck_at) {
  auto items = trace.items();
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (!take(*items[k])) {
      if (stuck_at != nullptr) *stuck_at = k;
      return false;
    }
  }
  return true;
}

}  // namespace symref
