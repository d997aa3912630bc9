// Generated input states (§3 G, §4 H) kept by name, and made into states of a loaded program.
//
// Generated input states (docs/language.md#input-and-output-states): values of globals and a heap
// with sharing, cycles and nil fields, kept by name so they survive the shrinking of the program,
// and made into a concrete state (G, H) of a loaded program (§3 global valuation, §4 heap).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "semantics/concrete/state.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/values/integer.hpp"

namespace symref::props {

struct InputValue {
  enum class Kind : std::uint8_t { Int, Bool, Array, Reference };
  Kind kind = Kind::Int;
  Integer integer;
  bool boolean = false;
  std::vector<Integer> elements;  // Array
  std::int32_t object = -1;       // Reference: index into InputShape::objects, or -1 for nil
};

struct ObjectInput {
  std::string class_name;
  std::vector<std::pair<std::string, InputValue>> fields;  // by field name
};

struct InputShape {
  std::vector<std::pair<std::string, InputValue>> globals;  // by global name; missing ones take defaults
  std::vector<ObjectInput> objects;
};

// The state of `program` the input describes.  Globals and fields the program does not declare
// are left out; a reference to an object of another class than expected is nil.  Every object
// gets the id "o<k>" so that the state can be written as JSON.
GlobalState materialize_input(const Program& program, const InputShape& input);

}  // namespace symref::props
