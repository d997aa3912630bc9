// Printing trace items with the term printer.
#include "semantics/traces/trace_printer.hpp"

#include "semantics/terms/printer.hpp"

namespace symref {

std::string print_trace_item(const Program& program, const TraceItem& item, std::size_t character_budget) {
  terms::PrintOptions options{character_budget};
  auto print = [&](terms::Term term) { return terms::print_term(term, &program, options); };
  return item.visit([&](const TraceTest& test) { return print(test.condition); },
                    [&](const TraceVariableAssignment& a) { return print(a.variable) + " := " + print(a.value); },
                    [&](const TraceArrayElementAssignment& a) {
                      return print(a.array) + "[" + print(a.index) + "] := " + print(a.value);
                    },
                    [&](const TraceFieldAssignment& a) {
                      return print(a.object) + "." + program.fields[a.field].name + " := " + print(a.value);
                    },
                    [&](const TraceObjectCreation& creation) {
                      return print(creation.variable) + " := new " + program.classes[creation.class_index].name;
                    });
}

}  // namespace symref
