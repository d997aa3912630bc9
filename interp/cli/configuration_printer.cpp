// Rendering of concrete configurations, compact enough to read one per transition.
#include "interp/cli/configuration_printer.hpp"

#include "semantics/syntax/printer.hpp"

namespace symref {

namespace {
std::string closure_name(const Program& program, const FrameHeader& frame) {
  return frame.callable == nullptr ? "main" : frame.callable->display_name(program);
}
}  // namespace

std::string ConfigurationPrinter::describe_position(const ControlStack& control, const Statement* statement) const {
  std::string name = closure_name(program_, control.top_frame());
  if (statement == nullptr) return name + ": end of body";
  std::string text = statement->kind == StatementKind::MethodCall && control.top_frame().awaiting_result
                         ? print_expression(program_, *statement->target) + " := r"
                         : print_statement_head(program_, *statement);
  return name + " " + std::to_string(statement->location.line) + ":" + std::to_string(statement->location.column) +
         "  " + text;
}

std::string ConfigurationPrinter::render_value(const GlobalState& state, const Value& value) const {
  switch (value.kind()) {
    case ValueKind::Int: return value.as_integer().to_string();
    case ValueKind::Bool: return value.as_boolean() ? "true" : "false";
    case ValueKind::Reference: {
      if (value.is_nil()) return "nil";
      const HeapObject& object = state.object(value.as_object());
      return object.name.empty() ? "#" + std::to_string(value.as_object()) : object.name;
    }
  }
  return "?";
}

std::string ConfigurationPrinter::render(const ConcreteMachine& machine, const std::string& indent) const {
  const GlobalState& state = machine.state();
  std::string out;
  if (!program_.globals.empty()) {
    out += indent + "G:";
    for (std::size_t g = 0; g < program_.globals.size(); ++g) {
      const auto& global = program_.globals[g];
      out += (g ? ", " : " ") + global.name + " = ";
      if (global.type.kind == TypeKind::IntArray) {
        out += "[";
        for (std::size_t k = 0; k < state.arrays[g].size(); ++k) out += (k ? ", " : "") + state.arrays[g][k].to_string();
        out += "]";
      } else {
        out += render_value(state, state.globals[g]);
      }
    }
    out += "\n";
  }
  // The stack of closures, top first, each with its local valuation.
  const auto& frames = machine.control().frames();
  if (frames.size() > 1) {
    out += indent + "stack:";
    for (std::size_t f = frames.size(); f-- > 1;) {
      const Callable& callable = *frames[f].callable;
      const Value* locals = machine.frame_locals(f);
      out += " " + callable.display_name(program_) + "(";
      for (std::size_t slot = 0; slot < callable.locals.size(); ++slot)
        out += (slot ? ", " : "") + callable.locals[slot].name + " = " + render_value(state, locals[slot]);
      out += ") ·";
    }
    out += " main\n";
  }
  if (!state.heap.empty()) {
    out += indent + "H:";
    for (std::size_t o = 0; o < state.heap.size(); ++o) {
      const HeapObject& object = state.heap[o];
      const Class& cls = program_.classes[object.class_index];
      out += (o ? "; " : " ") + render_value(state, Value::reference(object.class_index, static_cast<ObjectId>(o + 1))) +
             ": " + cls.name + " {";
      for (std::size_t f = 0; f < cls.fields.size(); ++f)
        out += (f ? ", " : " ") + program_.fields[cls.fields[f]].name + " = " + render_value(state, object.fields[f]);
      out += " }";
    }
    out += "\n";
  }
  return out;
}

std::string shorten_branches(const std::string& branches) {
  if (branches.empty()) return "(none)";
  constexpr std::size_t shown = 200;
  if (branches.size() <= 4 * shown) return branches;
  return branches.substr(0, shown) + "... (" + std::to_string(branches.size()) + " letters; --json prints them all)";
}

}  // namespace symref
