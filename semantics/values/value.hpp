// Values of the language (docs/language.md#values-and-defaults): unbounded integers, Booleans and references.
//
// A Value is small and copied freely: 24 bytes, no allocation unless the integer leaves 64 bits.
// Arrays are not Values: they live only in global variables, so the state keeps them apart
// (concrete/state.hpp); the term evaluator has its own function values (terms/evaluator.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "semantics/values/integer.hpp"

namespace symref {

enum class ValueKind : std::uint8_t { Int, Bool, Reference };

// Object identities.  0 is nil.  The concrete heap numbers its objects 1, 2, ...; valuations
// derived from an input state for the symbolic side number input objects -1, -2, ... and the
// forward engine's new objects 1, 2, ... (see terms/term.hpp, NewObject).  Identity is per class:
// references of different classes are never compared (the checker forbids it).
using ObjectId = std::int64_t;
constexpr ObjectId nil_object = 0;

class Value {
 public:
  Value() : kind_(ValueKind::Int) {}
  static Value integer(Integer value) { return Value(ValueKind::Int, std::move(value), -1); }
  static Value boolean(bool value) { return Value(ValueKind::Bool, Integer(value ? 1 : 0), -1); }
  static Value reference(std::int32_t class_index, ObjectId object) {
    return Value(ValueKind::Reference, Integer(object), class_index);
  }
  static Value nil(std::int32_t class_index) { return reference(class_index, nil_object); }

  ValueKind kind() const { return kind_; }
  const Integer& as_integer() const { return number_; }
  bool as_boolean() const { return number_.small_value() != 0; }
  ObjectId as_object() const { return number_.small_value(); }
  std::int32_t class_index() const { return class_index_; }
  bool is_nil() const { return kind_ == ValueKind::Reference && number_.small_value() == nil_object; }

  // Equality of the language's `==`: same kind; references by identity (nil equals nil).
  friend bool operator==(const Value& a, const Value& b) {
    return a.kind_ == b.kind_ && a.number_ == b.number_;
  }
  std::size_t hash() const { return number_.hash() * 31 + static_cast<std::size_t>(kind_); }

 private:
  Value(ValueKind kind, Integer number, std::int32_t class_index)
      : kind_(kind), class_index_(class_index), number_(std::move(number)) {}

  ValueKind kind_;
  std::int32_t class_index_ = -1;  // references only; nil keeps the class of its static type
  Integer number_;                 // the integer, 0/1 for Booleans, the ObjectId for references
};

// A value as diagnostics show it: `3`, `true`, `nil`, `object 2`.
inline std::string describe_value(const Value& value) {
  switch (value.kind()) {
    case ValueKind::Int: return value.as_integer().to_string();
    case ValueKind::Bool: return value.as_boolean() ? "true" : "false";
    case ValueKind::Reference: return value.is_nil() ? "nil" : "object " + std::to_string(value.as_object());
  }
  return "?";
}

}  // namespace symref
