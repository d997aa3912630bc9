// Reading and writing states in the JSON format of docs/language.md.
#include "interp/state_json/state_format.hpp"

#include <unordered_map>
#include <string_view>
#include <unordered_set>

#include "interp/state_json/json_document.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref {

using json::JsonKind;
using json::JsonValue;

namespace {

class StateReader {
 public:
  StateReader(const Program& program, const SourceFile& source, std::vector<std::string>& notes)
      : program_(program), source_(source), notes_(notes) {}

  GlobalState read(const JsonValue& document) {
    if (document.kind != JsonKind::Object) fail(document.offset, "a state must be a json object with \"globals\" and \"heap\"");
    const JsonValue* globals = nullptr;
    const JsonValue* heap = nullptr;
    for (std::size_t i = 0; i < document.members.size(); ++i) {
      const auto& [key, value] = document.members[i];
      if (key == "globals") globals = &value;
      else if (key == "heap") heap = &value;
      else fail(document.key_offsets[i], "unknown key '" + key + "' in a state (expected \"globals\" and \"heap\")");
    }
    state_ = default_global_state(program_);
    if (heap != nullptr) read_heap_objects(*heap);
    if (globals != nullptr) read_globals(*globals);
    if (heap != nullptr) read_heap_fields(*heap);
    for (std::size_t g = 0; g < program_.globals.size(); ++g)
      if (!seen_globals_.count(g)) {
        const auto& global = program_.globals[g];
        std::string shown = global.type.kind == TypeKind::IntArray ? "the empty array"
                            : global.type.kind == TypeKind::Int    ? "0"
                            : global.type.kind == TypeKind::Bool   ? "false"
                                                                   : "nil";
        notes_.push_back("global '" + global.name + "' is not in the input; it starts as " + shown);
      }
    return std::move(state_);
  }

 private:
  [[noreturn]] void fail(std::size_t offset, const std::string& message) {
    DiagnosticSink sink(source_);
    sink.error_at_offset(offset, message);
    sink.throw_if_any();
    throw InputError(message);
  }

  Integer read_integer(const JsonValue& value, const std::string& what) {
    std::string text;
    if (value.kind == JsonKind::Number) {
      text = value.text;
      if (text.find_first_of(".eE") != std::string::npos)
        fail(value.offset, what + " must be an integer, found " + text);
    } else if (value.kind == JsonKind::String) {
      text = value.text;
    } else {
      fail(value.offset, what + " must be an integer, found " + value.kind_name());
    }
    auto parsed = Integer::from_decimal(text);
    if (!parsed) fail(value.offset, what + " must be an integer, found \"" + text + "\"");
    return *parsed;
  }

  Value read_value(const JsonValue& value, const Type& type, const std::string& what) {
    switch (type.kind) {
      case TypeKind::Int: return Value::integer(read_integer(value, what));
      case TypeKind::Bool:
        if (value.kind != JsonKind::Boolean) fail(value.offset, what + " must be true or false, found " + value.kind_name());
        return Value::boolean(value.boolean);
      case TypeKind::Reference: {
        const std::string& class_name = program_.classes[type.class_index].name;
        if (value.kind == JsonKind::Null) return Value::nil(type.class_index);
        if (value.kind != JsonKind::String)
          fail(value.offset, what + " must be an object id of class " + class_name + " or null, found " + value.kind_name());
        auto it = object_ids_.find(value.text);
        if (it == object_ids_.end()) fail(value.offset, what + " refers to object '" + value.text + "', which is not in the heap");
        const HeapObject& object = state_.object(it->second);
        if (object.class_index != type.class_index)
          fail(value.offset, what + " must refer to an object of class " + class_name + ", but '" + value.text +
                                 "' is of class " + program_.classes[object.class_index].name);
        return Value::reference(type.class_index, it->second);
      }
      default: fail(value.offset, what + " has a type that a state cannot hold");
    }
  }

  void read_globals(const JsonValue& globals) {
    if (globals.kind != JsonKind::Object) fail(globals.offset, "\"globals\" must be a json object");
    for (std::size_t i = 0; i < globals.members.size(); ++i) {
      const auto& [name, value] = globals.members[i];
      auto it = program_.global_index.find(name);
      if (it == program_.global_index.end()) fail(globals.key_offsets[i], "unknown global '" + name + "'");
      std::size_t slot = static_cast<std::size_t>(it->second);
      seen_globals_.insert(slot);
      const auto& global = program_.globals[slot];
      std::string what = "global '" + name + "'";
      if (global.type.kind == TypeKind::IntArray) {
        if (value.kind != JsonKind::Array) fail(value.offset, what + " must be an array of integers, found " + value.kind_name());
        auto& elements = state_.arrays[slot];
        elements.reserve(value.items.size());
        for (std::size_t k = 0; k < value.items.size(); ++k)
          elements.push_back(read_integer(value.items[k], what + " element " + std::to_string(k)));
      } else {
        state_.globals[slot] = read_value(value, global.type, what);
      }
    }
  }

  // First pass: create every object with its class, so that references can point forwards.
  void read_heap_objects(const JsonValue& heap) {
    if (heap.kind != JsonKind::Object) fail(heap.offset, "\"heap\" must be a json object mapping object ids to objects");
    for (std::size_t i = 0; i < heap.members.size(); ++i) {
      const auto& [id, object] = heap.members[i];
      if (object.kind != JsonKind::Object) fail(object.offset, "object '" + id + "' must be a json object");
      const JsonValue* class_name = object.find("class");
      if (class_name == nullptr) fail(object.offset, "object '" + id + "' has no \"class\"");
      if (class_name->kind != JsonKind::String) fail(class_name->offset, "the class of object '" + id + "' must be a string");
      auto cls = program_.class_index.find(class_name->text);
      if (cls == program_.class_index.end()) fail(class_name->offset, "unknown class '" + class_name->text + "'");
      ObjectId object_id = allocate_object(program_, state_, cls->second);
      state_.object(object_id).name = id;
      object_ids_.emplace(id, object_id);
    }
  }

  // Second pass: the fields.  Missing fields keep their defaults.
  void read_heap_fields(const JsonValue& heap) {
    for (const auto& [id, object] : heap.members) {
      ObjectId object_id = object_ids_.at(id);
      std::int32_t class_index = state_.object(object_id).class_index;
      const Class& cls = program_.classes[class_index];
      for (std::size_t i = 0; i < object.members.size(); ++i) {
        const auto& [field_name, value] = object.members[i];
        if (field_name == "class") continue;
        const Field* field = program_.find_field(class_index, field_name);
        if (field == nullptr) fail(object.key_offsets[i], "class " + cls.name + " has no field '" + field_name + "'");
        state_.object(object_id).fields[field->position] =
            read_value(value, field->type, "field '" + field_name + "' of object '" + id + "'");
      }
    }
  }

  const Program& program_;
  const SourceFile& source_;
  std::vector<std::string>& notes_;
  GlobalState state_;
  std::unordered_map<std::string, ObjectId> object_ids_;
  std::unordered_set<std::size_t> seen_globals_;
};

nlohmann::ordered_json value_to_json(const GlobalState& state, const Value& value) {
  switch (value.kind()) {
    case ValueKind::Int: return integer_to_json(value.as_integer());
    case ValueKind::Bool: return value.as_boolean();
    case ValueKind::Reference:
      if (value.is_nil()) return nullptr;
      return state.object(value.as_object()).name;
  }
  return nullptr;
}

std::string value_to_text(const GlobalState& state, const Value& value) {
  switch (value.kind()) {
    case ValueKind::Int: return value.as_integer().to_string();
    case ValueKind::Bool: return value.as_boolean() ? "true" : "false";
    case ValueKind::Reference: return value.is_nil() ? "nil" : state.object(value.as_object()).name;
  }
  return "?";
}

}  // namespace

GlobalState read_state(const Program& program, const SourceFile& source, std::vector<std::string>& notes) {
  return StateReader(program, source, notes).read(json::parse_json(source));
}

GlobalState read_state_value(const Program& program, const SourceFile& source, const JsonValue& value,
                             std::vector<std::string>& notes) {
  return StateReader(program, source, notes).read(value);
}

void name_new_objects(GlobalState& state) {
  // Only the input's names can clash: the counter never hands out one of its own names twice.
  std::unordered_set<std::string> used;
  for (const auto& object : state.heap)
    if (!object.name.empty()) used.insert(object.name);
  std::size_t counter = 1;
  for (auto& object : state.heap) {
    if (!object.name.empty()) continue;
    std::string name;
    do name = "o" + std::to_string(counter++);
    while (!used.empty() && used.count(name));
    object.name = std::move(name);
  }
}

nlohmann::ordered_json integer_to_json(const Integer& value) {
  if (value.fits_in_53_bits()) return value.small_value();
  return value.to_string();
}

nlohmann::ordered_json write_state(const Program& program, const GlobalState& state) {
  nlohmann::ordered_json globals = nlohmann::ordered_json::object();
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    const auto& global = program.globals[g];
    if (global.type.kind == TypeKind::IntArray) {
      nlohmann::ordered_json elements = nlohmann::ordered_json::array();
      for (const auto& element : state.arrays[g]) elements.push_back(integer_to_json(element));
      globals[global.name] = std::move(elements);
    } else {
      globals[global.name] = value_to_json(state, state.globals[g]);
    }
  }
  // The objects go at the end of the heap's member list: ordered_json's operator[] first searches
  // the names already there, which made writing a heap of n objects take time quadratic in n
  // (minutes for 10^6).  Only a name seen before (never, when objects are named by
  // name_new_objects) goes through operator[], keeping its old meaning.
  nlohmann::ordered_json heap = nlohmann::ordered_json::object();
  auto& members = heap.get_ref<nlohmann::ordered_json::object_t&>();
  members.reserve(state.heap.size());
  std::unordered_set<std::string_view> names;
  names.reserve(state.heap.size());
  for (const auto& object : state.heap) {
    const Class& cls = program.classes[object.class_index];
    nlohmann::ordered_json fields = nlohmann::ordered_json::object();
    fields["class"] = cls.name;
    for (std::size_t f = 0; f < cls.fields.size(); ++f)
      fields[program.fields[cls.fields[f]].name] = value_to_json(state, object.fields[f]);
    if (names.insert(object.name).second)
      members.emplace_back(object.name, std::move(fields));
    else
      heap[object.name] = std::move(fields);
  }
  nlohmann::ordered_json out;
  out["globals"] = std::move(globals);
  out["heap"] = std::move(heap);
  return out;
}

std::string render_state(const Program& program, const GlobalState& state, const std::string& indent) {
  std::string out;
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    const auto& global = program.globals[g];
    out += indent + global.name + " = ";
    if (global.type.kind == TypeKind::IntArray) {
      out += "[";
      for (std::size_t k = 0; k < state.arrays[g].size(); ++k) out += (k ? ", " : "") + state.arrays[g][k].to_string();
      out += "]";
    } else {
      out += value_to_text(state, state.globals[g]);
    }
    out += "\n";
  }
  for (const auto& object : state.heap) {
    const Class& cls = program.classes[object.class_index];
    out += indent + object.name + ": " + cls.name + " {";
    for (std::size_t f = 0; f < cls.fields.size(); ++f)
      out += (f ? ", " : " ") + program.fields[cls.fields[f]].name + " = " + value_to_text(state, object.fields[f]);
    out += cls.fields.empty() ? "}\n" : " }\n";
  }
  return out;
}

}  // namespace symref
