// Printing trace items with the term printer.
#include "semantics/traces/trace_printer.hpp"

#include "semantics/terms/printer.hpp"

namespace symref {

std::string print_trace_item(const Program& program, const TraceItem& item, std::size_t character_budget) {
  terms::PrintOptions options{character_budget};
  auto print = [&](terms::Term term) { return terms::print_term(term, &program, options); };
  switch (item.kind) {
    case TraceItemKind::Test: return print(item.condition);
    case TraceItemKind::AssignVariable: return print(item.variable) + " := " + print(item.value);
    case TraceItemKind::AssignArrayElement:
      return print(item.variable) + "[" + print(item.index) + "] := " + print(item.value);
    case TraceItemKind::AssignField:
      return print(item.object) + "." + program.fields[item.field].name + " := " + print(item.value);
    case TraceItemKind::NewObject:
      return print(item.variable) + " := new " + program.classes[item.class_index].name;
  }
  return "?";
}

}  // namespace symref
