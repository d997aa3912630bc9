// What the verifier exports share: the outcomes asked about, the one exported file, and the walk
// that prints the bounded program as one obligation per outcome.
#include "interop/verifier_export.hpp"

#include <iterator>
#include <sstream>

namespace symref::interop {

std::vector<Outcome> asked_outcomes(const VerifierExportOptions& options) {
  if (!options.outcomes.empty()) return options.outcomes;
  return {std::begin(exported_outcomes), std::end(exported_outcomes)};
}

std::string source_path(const Program& program) { return program.source ? program.source->path() : std::string("program"); }

ExportResult verifier_export_file(const Program& program, const ExportOptions& options, std::string_view extension,
                                  std::string (*text)(const Program&, const VerifierExportOptions&),
                                  std::string_view check_command) {
  VerifierExportOptions verifier;
  verifier.loop_bound = options.loop_bound;
  const std::string name = export_base_name(source_path(program)) + std::string(extension);
  ExportResult result;
  result.files.push_back({name, text(program, verifier)});
  result.build_hint = std::string(check_command) + " " + name;
  return result;
}

void VerifierWriter::obligations(std::ostream& out, const std::vector<Outcome>& outcomes, const std::string& body_indent) const {
  std::ostringstream body;
  nodes(body, bounded_.body, body_indent);
  for (Outcome outcome : outcomes) {
    obligation_head(out, outcome);
    for (std::size_t g = 0; g < program_.globals.size(); ++g) global_copy(out, static_cast<std::int32_t>(g));
    for (const BoundedVariable& v : bounded_.variables) variable_declaration(out, v);
    open_body(out);
    out << body.str();
    obligation_tail(out);
  }
}

void VerifierWriter::assign_array(std::ostream& out, const std::string& indent, const BoundedNode& n) const {
  assign_variable(out, indent, variable_name(program_, *n.target.expression, n.target.naming), operand(n.value));
}

void VerifierWriter::assign(std::ostream& out, const std::string& indent, const BoundedNode& n) const {
  const std::string value = operand(n.value);
  const Expression* target = n.target.expression;
  if (target == nullptr) {
    assign_variable(out, indent, n.target.name, value);
  } else if (target->kind == ExpressionKind::ArrayRead) {
    assign_element(out, indent, variable_name(program_, target->operand(0), n.target.naming),
                   expression(target->operand(1), n.target.naming), value);
  } else if (target->kind == ExpressionKind::FieldRead) {
    assign_field(out, indent, expression(target->operand(0), n.target.naming), field_name(program_, target->field), value);
  } else if (target->type.kind == TypeKind::IntArray) {
    assign_array(out, indent, n);
  } else {
    assign_variable(out, indent, variable_name(program_, *target, n.target.naming), value);
  }
}

std::string VerifierWriter::operand(const BoundedOperand& o) const {
  return o.expression != nullptr ? expression(*o.expression, o.naming) : introduced(o.name);
}

void VerifierWriter::nodes(std::ostream& out, const std::vector<BoundedNode>& list, const std::string& indent) const {
  const std::string inner = indent + "  ";
  for (const BoundedNode& n : list) {
    switch (n.kind) {
      case BoundedNodeKind::Stop: stop(out, indent, n.outcome); break;
      case BoundedNodeKind::StopIfNil: stop_if(out, indent, nil_test(operand(n.subject)), Outcome::NilDereference); break;
      case BoundedNodeKind::StopIfOutside:
        stop_if(out, indent, outside_test(operand(n.subject), n.array), Outcome::OutOfBounds);
        break;
      case BoundedNodeKind::StopUnless: stop_if(out, indent, negation(operand(n.subject)), n.outcome); break;
      case BoundedNodeKind::Branch:
        open_branch(out, indent, operand(n.subject));
        nodes(out, n.then_nodes, inner);
        close_arm(out, inner);
        if (!n.else_nodes.empty()) {
          open_else(out, indent);
          nodes(out, n.else_nodes, inner);
          close_arm(out, inner);
        }
        close_branch(out, indent);
        break;
      case BoundedNodeKind::Assign: assign(out, indent, n); break;
      case BoundedNodeKind::Create: create(out, indent, n); break;
    }
  }
}

}  // namespace symref::interop
