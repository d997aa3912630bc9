// The interpretation op̄ of the language's strict operators (§2, docs/language.md#expressions), shared
// by the concrete evaluator and the term evaluator so that both read the same arithmetic.
// The lazy operators && || ==> ?: are not here: each evaluator decides what it evaluates.
#pragma once

#include "semantics/faults.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/values/integer_limit.hpp"
#include "semantics/values/value.hpp"

namespace symref {

inline Integer divide_values(const Integer& a, const Integer& b) {
  if (fault_active(Fault::TruncatingDivision)) [[unlikely]]
    return truncating_quotient(a, b);
  return euclidean_quotient(a, b);
}

inline Integer remainder_values(const Integer& a, const Integer& b) {
  if (fault_active(Fault::TruncatingDivision)) [[unlikely]]
    return truncating_remainder(a, b);
  return euclidean_remainder(a, b);
}

inline Value apply_unary(UnaryOperator op, const Value& operand) {
  if (op == UnaryOperator::Not) return Value::boolean(!operand.as_boolean());
  return Value::integer(-operand.as_integer());
}

// The fast path of the concrete interpreter's hot loop: arithmetic and comparisons on two
// integers that fit in 64 bits, without leaving them.  False when it does not apply (the
// general apply_strict_binary then does).
inline bool apply_small_binary(BinaryOperator op, const Value& a, const Value& b, Value& out) {
  if (a.kind() != ValueKind::Int || b.kind() != ValueKind::Int || !a.as_integer().is_small() ||
      !b.as_integer().is_small())
    return false;
  const std::int64_t x = a.as_integer().small_value(), y = b.as_integer().small_value();
  std::int64_t r;
  switch (op) {
    case BinaryOperator::Add:
      if (__builtin_add_overflow(x, y, &r)) return false;
      out = Value::integer(r);
      return true;
    case BinaryOperator::Subtract:
      if (__builtin_sub_overflow(x, y, &r)) return false;
      out = Value::integer(r);
      return true;
    case BinaryOperator::Multiply:
      if (__builtin_mul_overflow(x, y, &r)) return false;
      out = Value::integer(r);
      return true;
    case BinaryOperator::Less: out = Value::boolean(x < y); return true;
    case BinaryOperator::LessEqual: out = Value::boolean(x <= y); return true;
    case BinaryOperator::Greater: out = Value::boolean(x > y); return true;
    case BinaryOperator::GreaterEqual: out = Value::boolean(x >= y); return true;
    case BinaryOperator::Equal: out = Value::boolean(x == y); return true;
    case BinaryOperator::NotEqual: out = Value::boolean(x != y); return true;
    default: return false;
  }
}

// Strict binary operators only (arithmetic, comparisons, equality).
inline Value apply_strict_binary(BinaryOperator op, const Value& a, const Value& b) {
  switch (op) {
    case BinaryOperator::Add: return Value::integer(a.as_integer() + b.as_integer());
    case BinaryOperator::Subtract: return Value::integer(a.as_integer() - b.as_integer());
    case BinaryOperator::Multiply: return Value::integer(a.as_integer() * b.as_integer());
    case BinaryOperator::Divide: return Value::integer(divide_values(a.as_integer(), b.as_integer()));
    case BinaryOperator::Remainder: return Value::integer(remainder_values(a.as_integer(), b.as_integer()));
    case BinaryOperator::Less: return Value::boolean(a.as_integer() < b.as_integer());
    case BinaryOperator::LessEqual: return Value::boolean(a.as_integer() <= b.as_integer());
    case BinaryOperator::Greater: return Value::boolean(a.as_integer() > b.as_integer());
    case BinaryOperator::GreaterEqual: return Value::boolean(a.as_integer() >= b.as_integer());
    case BinaryOperator::Equal: return Value::boolean(a == b);
    case BinaryOperator::NotEqual: return Value::boolean(!(a == b));
    case BinaryOperator::And: return Value::boolean(a.as_boolean() && b.as_boolean());
    case BinaryOperator::Or: return Value::boolean(a.as_boolean() || b.as_boolean());
    case BinaryOperator::Implies: return Value::boolean(!a.as_boolean() || b.as_boolean());
  }
  return Value();
}

// apply_strict_binary under the size limit of integer_limit.hpp: false, and `out` untouched, when
// + - or * would give an integer of more than `max_bits` bits (the run then ends in `bound`).
inline bool apply_bounded_binary(BinaryOperator op, const Value& a, const Value& b, std::uint64_t max_bits, Value& out) {
  Integer result;
  switch (op) {
    case BinaryOperator::Add:
      if (!bounded_add(a.as_integer(), b.as_integer(), max_bits, result)) return false;
      break;
    case BinaryOperator::Subtract:
      if (!bounded_subtract(a.as_integer(), b.as_integer(), max_bits, result)) return false;
      break;
    case BinaryOperator::Multiply:
      if (!bounded_multiply(a.as_integer(), b.as_integer(), max_bits, result)) return false;
      break;
    default: out = apply_strict_binary(op, a, b); return true;
  }
  out = Value::integer(std::move(result));
  return true;
}

}  // namespace symref
