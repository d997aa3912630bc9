// The global part (G, H) of a concrete configuration (§3 global valuation, §4 heap): the values
// of the global variables, the contents of the int[] globals, and the heap of objects.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/syntax/program.hpp"
#include "semantics/values/value.hpp"

namespace symref {

struct HeapObject {
  std::int32_t class_index = -1;
  std::vector<Value> fields;  // by position within the class
  std::string name;           // the object's id in JSON states; empty for objects created by `new`
};

struct GlobalState {
  std::vector<Value> globals;                 // one per global; unused for int[] globals
  std::vector<std::vector<Integer>> arrays;   // one per global; the elements of int[] globals
  std::vector<HeapObject> heap;               // object o lives at heap[o - 1]

  HeapObject& object(ObjectId id) { return heap[static_cast<std::size_t>(id - 1)]; }
  const HeapObject& object(ObjectId id) const { return heap[static_cast<std::size_t>(id - 1)]; }
};

// The default value of a variable or field of type `type` (docs/language.md: 0, false, nil).
Value default_value(const Type& type);

// The state in which every global holds its default (empty arrays) and the heap is empty.
GlobalState default_global_state(const Program& program);

// A fresh object of `class_index` with every field at its default; returns its id.
ObjectId allocate_object(const Program& program, GlobalState& state, std::int32_t class_index);

// Two states are equivalent when they agree on every global and on the part of the heap reachable
// from the globals, up to a renaming of objects (object identity is only observable through ==).
// On a difference, `difference` (if not null) says where, e.g. "global p: o1.next differs".
bool equivalent_states(const Program& program, const GlobalState& a, const GlobalState& b,
                       std::string* difference = nullptr);

// The same with further roots compared pairwise first (e.g. the local valuations of the closures
// on the stack, §3), so that objects reachable only from them are matched too.
struct ExtraRoot {
  std::string label;  // for the difference message, e.g. "fib: n"
  Value a, b;
};
bool equivalent_states(const Program& program, const GlobalState& a, const GlobalState& b,
                       const std::vector<ExtraRoot>& extra_roots, std::string* difference);

}  // namespace symref
