// Test helpers for the concrete transition system: a program from text, an input built by global
// name, single steps with their rules, and values rendered as short strings for exact assertions.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "semantics/concrete/machine.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::testing {

// A value as text: integers in decimal, true/false, nil, and objects as #<id>.
inline std::string show(const Value& value) {
  switch (value.kind()) {
    case ValueKind::Int: return value.as_integer().to_string();
    case ValueKind::Bool: return value.as_boolean() ? "true" : "false";
    case ValueKind::Reference: return value.is_nil() ? "nil" : "#" + std::to_string(value.as_object());
  }
  return "?";
}

inline std::string show_array(const std::vector<Integer>& elements) {
  std::string out = "[";
  for (std::size_t k = 0; k < elements.size(); ++k) out += (k ? ", " : "") + elements[k].to_string();
  return out + "]";
}

class ConcreteRun {
 public:
  explicit ConcreteRun(const std::string& text) : program_(load_program_from_text("test.sym", text)) {
    input_ = default_global_state(*program_);
  }

  const Program& program() const { return *program_; }
  std::int32_t slot(const std::string& global) const {
    auto it = program_->global_index.find(global);
    EXPECT_NE(it, program_->global_index.end()) << "no global " << global;
    return it->second;
  }

  // Building the input (before start()).
  ConcreteRun& set(const std::string& global, Value value) {
    input_.globals[slot(global)] = std::move(value);
    return *this;
  }
  ConcreteRun& set_int(const std::string& global, const Integer& value) { return set(global, Value::integer(value)); }
  ConcreteRun& set_bool(const std::string& global, bool value) { return set(global, Value::boolean(value)); }
  ConcreteRun& set_array(const std::string& global, std::vector<Integer> elements) {
    input_.arrays[slot(global)] = std::move(elements);
    return *this;
  }
  // A new input object of `class_name`; returns its id.
  ObjectId object(const std::string& class_name) {
    std::int32_t cls = program_->class_index.at(class_name);
    ObjectId id = allocate_object(*program_, input_, cls);
    input_.object(id).name = "o" + std::to_string(id);
    return id;
  }
  ConcreteRun& set_object(const std::string& global, ObjectId id) {
    std::int32_t cls = program_->globals[slot(global)].type.class_index;
    return set(global, Value::reference(cls, id));
  }
  ConcreteRun& set_field(ObjectId id, const std::string& field, Value value) {
    const Field* f = program_->find_field(input_.object(id).class_index, field);
    EXPECT_NE(f, nullptr) << "no field " << field;
    input_.object(id).fields[f->position] = std::move(value);
    return *this;
  }
  Value reference(const std::string& class_name, ObjectId id) const {
    return Value::reference(program_->class_index.at(class_name), id);
  }

  ConcreteMachine& start() {
    machine_ = std::make_unique<ConcreteMachine>(*program_, input_);
    return *machine_;
  }
  ConcreteMachine& machine() { return *machine_; }

  // One step: the rule's base name, or "none" when the run has ended.
  std::string step() {
    if (!machine_) start();
    std::optional<Rule> rule = machine_->step();
    return rule ? std::string(rule_base_name(*rule)) : "none";
  }
  // Steps until no rule applies; the rules taken, in order.
  std::vector<std::string> finish(std::size_t limit = 10'000) {
    std::vector<std::string> rules;
    while (rules.size() < limit) {
      std::string rule = step();
      if (rule == "none") break;
      rules.push_back(rule);
    }
    return rules;
  }

  std::string global(const std::string& name) const { return show(machine_->state().globals[slot(name)]); }
  std::string array(const std::string& name) const { return show_array(machine_->state().arrays[slot(name)]); }
  std::string field(ObjectId id, const std::string& name) const {
    const HeapObject& object = machine_->state().object(id);
    const Field* f = program_->find_field(object.class_index, name);
    return show(object.fields[f->position]);
  }
  // The locals of closure `frame` (1 = the first call above main), as "name=value" joined by ", ".
  std::string locals(std::size_t frame) const {
    const auto& frames = machine_->control().frames();
    const Callable& callable = *frames.at(frame).callable;
    const Value* values = machine_->frame_locals(frame);
    std::string out;
    for (std::size_t k = 0; k < callable.locals.size(); ++k)
      out += (k ? ", " : "") + callable.locals[k].name + "=" + show(values[k]);
    return out;
  }
  std::size_t depth() const { return machine_->control().depth(); }
  std::string outcome() const { return std::string(outcome_name(machine_->outcome())); }
  const std::string& branches() const { return machine_->branches(); }

 private:
  std::unique_ptr<Program> program_;
  GlobalState input_;
  std::unique_ptr<ConcreteMachine> machine_;
};

}  // namespace symref::testing
