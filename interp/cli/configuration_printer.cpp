// Rendering of concrete configurations, compact enough to read one per transition.
#include "interp/cli/configuration_printer.hpp"

#include "interp/lockstep/configuration_view.hpp"
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

std::string ConfigurationPrinter::render(const ConcreteMachine& machine, const std::string& indent) const {
  const ConcreteView view = view_concrete(program_, machine);
  std::string out;
  if (!view.globals.empty()) {
    out += indent + "G:";
    for (std::size_t g = 0; g < view.globals.size(); ++g)
      out += (g ? ", " : " ") + view.globals[g].name + " = " + view.globals[g].text;
    out += "\n";
  }
  // The stack of closures, top first, each with its local valuation.
  if (!view.closures.empty()) {
    out += indent + "stack:";
    for (const ClosureView& closure : view.closures) {
      out += " " + closure.name + "(";
      for (std::size_t slot = 0; slot < closure.locals.size(); ++slot)
        out += (slot ? ", " : "") + closure.locals[slot].name + " = " + closure.locals[slot].text;
      out += ") ·";
    }
    out += " main\n";
  }
  if (!view.heap.empty()) {
    out += indent + "H:";
    for (std::size_t o = 0; o < view.heap.size(); ++o) {
      const ObjectView& object = view.heap[o];
      out += (o ? "; " : " ") + object.label + ": " + object.class_name + " {";
      for (std::size_t f = 0; f < object.fields.size(); ++f)
        out += (f ? ", " : " ") + object.fields[f].name + " = " + object.fields[f].text;
      out += " }";
    }
    out += "\n";
  }
  return out;
}

std::string shorten_branches(const std::string& branches) { return shorten_branches(branches, branches.size()); }

std::string shorten_branches(const std::string& prefix, std::size_t letters) {
  if (letters == 0) return "(none)";
  if (letters <= branches_shown_in_full) return prefix;
  const std::string shown = letters <= BranchRecord::kept_letters
                                ? "--json prints them all"
                                : "--json prints the first " + std::to_string(BranchRecord::kept_letters);
  return prefix.substr(0, 200) + "... (" + std::to_string(letters) + " letters; " + shown + ")";
}

}  // namespace symref
