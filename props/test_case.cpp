// The test case's program text and its probe program.
#include "props/test_case.hpp"

#include "props/shape_printer.hpp"

namespace symref::props {

std::string program_text(const TestCase& test_case) { return print_program_shape(test_case.program); }

ProgramShape probe_program(const TestCase& test_case) {
  ProgramShape probes;
  probes.level = test_case.program.level;
  probes.globals = test_case.program.globals;
  for (const auto& cls : test_case.program.classes) probes.classes.push_back(ClassShape{cls.name, cls.fields, {}});
  probes.globals.push_back({probe_selector_name, ShapeType::integer()});
  probes.globals.push_back({"probe_int", ShapeType::integer()});
  probes.globals.push_back({"probe_bool", ShapeType::boolean()});
  for (std::size_t c = 0; c < probes.classes.size(); ++c)
    probes.globals.push_back({"probe_" + probes.classes[c].name, ShapeType::object(static_cast<std::int32_t>(c))});
  auto selected = [](std::int64_t selector, StatementShape body) {
    StatementShape s;
    s.kind = StatementShapeKind::If;
    s.value.push_back(binary(BinaryOperator::Equal, variable(probe_selector_name, ShapeType::integer()),
                             integer_literal(Integer(selector))));
    s.body.push_back(std::move(body));
    return s;
  };
  for (std::size_t k = 0; k < test_case.probes.size(); ++k) {
    const ExpressionShape& probe = test_case.probes[k];
    std::string target = probe.type.kind == ShapeType::Kind::Int    ? "probe_int"
                         : probe.type.kind == ShapeType::Kind::Bool ? "probe_bool"
                                                                    : "probe_" + probes.classes[probe.type.class_index].name;
    StatementShape assign;
    assign.kind = StatementShapeKind::Assign;
    assign.target.push_back(variable(target, probe.type));
    assign.value.push_back(probe);
    probes.main.push_back(selected(static_cast<std::int64_t>(k), std::move(assign)));
  }
  for (std::size_t j = 0; j < test_case.updates.size(); ++j)
    probes.main.push_back(selected(first_update_selector + static_cast<std::int64_t>(j), test_case.updates[j]));
  return probes;
}

std::ostream& operator<<(std::ostream& out, const TestCase& test_case) {
  return out << "\n" << program_text(test_case) << "(with " << test_case.inputs.size() << " inputs, "
             << test_case.probes.size() << " probes, " << test_case.updates.size() << " updates)";
}

}  // namespace symref::props
