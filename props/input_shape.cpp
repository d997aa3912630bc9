// Making a generated input into a concrete state of a loaded program.
#include "props/input_shape.hpp"

namespace symref::props {

namespace {

// The value `input` gives to a variable or field of type `type`, in `state` whose objects are
// numbered by `object_ids` (0 where an input object was left out).
Value value_for(const Type& type, const InputValue& input, const std::vector<ObjectId>& object_ids,
                const GlobalState& state) {
  switch (type.kind) {
    case TypeKind::Int:
      return input.kind == InputValue::Kind::Int ? Value::integer(input.integer) : default_value(type);
    case TypeKind::Bool:
      return input.kind == InputValue::Kind::Bool ? Value::boolean(input.boolean) : default_value(type);
    case TypeKind::Reference: {
      if (input.kind != InputValue::Kind::Reference || input.object < 0 ||
          static_cast<std::size_t>(input.object) >= object_ids.size())
        return default_value(type);
      ObjectId id = object_ids[input.object];
      if (id == nil_object || state.object(id).class_index != type.class_index) return default_value(type);
      return Value::reference(type.class_index, id);
    }
    default: return default_value(type);
  }
}

}  // namespace

GlobalState materialize_input(const Program& program, const InputShape& input) {
  GlobalState state = default_global_state(program);
  std::vector<ObjectId> object_ids;
  for (const auto& object : input.objects) {
    auto found = program.class_index.find(object.class_name);
    if (found == program.class_index.end()) {
      object_ids.push_back(nil_object);
      continue;
    }
    object_ids.push_back(allocate_object(program, state, found->second));
  }
  for (std::size_t k = 0; k < input.objects.size(); ++k) {
    if (object_ids[k] == nil_object) continue;
    HeapObject& heap_object = state.object(object_ids[k]);
    for (const auto& [name, value] : input.objects[k].fields) {
      const Field* field = program.find_field(heap_object.class_index, name);
      if (field == nullptr) continue;
      Value v = value_for(field->type, value, object_ids, state);
      state.object(object_ids[k]).fields[field->position] = std::move(v);
    }
  }
  for (const auto& [name, value] : input.globals) {
    auto found = program.global_index.find(name);
    if (found == program.global_index.end()) continue;
    const Type& type = program.globals[found->second].type;
    if (type.kind == TypeKind::IntArray) {
      if (value.kind == InputValue::Kind::Array) state.arrays[found->second] = value.elements;
      continue;
    }
    state.globals[found->second] = value_for(type, value, object_ids, state);
  }
  for (std::size_t k = 0; k < state.heap.size(); ++k) state.heap[k].name = "o" + std::to_string(k + 1);
  return state;
}

}  // namespace symref::props
