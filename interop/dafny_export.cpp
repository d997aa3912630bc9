// `symref export --to dafny`: the program bounded at K as one Dafny method per outcome, each
// ensuring the outcome does not happen (Dafny 2.3: `C?` nullable references, `seq<int>` arrays).
#include <sstream>

#include "interop/bounded_program.hpp"
#include "interop/exporter.hpp"
#include "interop/verifier_export.hpp"
#include "semantics/faults.hpp"

namespace symref::interop {

namespace {

std::string camel_outcome(Outcome outcome) {
  std::string out;
  bool upper = true;
  for (char c : outcome_name(outcome)) {
    if (c == '-') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

class DafnyWriter {
 public:
  DafnyWriter(const Program& program, const BoundedProgram& bounded) : program_(program), bounded_(bounded) {}

  std::string type(const Type& t) const {
    switch (t.kind) {
      case TypeKind::Int: return "int";
      case TypeKind::Bool: return "bool";
      case TypeKind::IntArray: return "seq<int>";
      default: return class_name(program_, t.class_index) + "?";
    }
  }

  static std::string default_value(const Type& t) {
    switch (t.kind) {
      case TypeKind::Int: return "0";
      case TypeKind::Bool: return "false";
      case TypeKind::IntArray: return "[]";
      default: return "null";
    }
  }

  std::string expression(const Expression& e, const ActivationNaming* naming) const {
    switch (e.kind) {
      case ExpressionKind::IntegerLiteral: return e.integer.to_string();
      case ExpressionKind::BooleanLiteral: return e.boolean ? "true" : "false";
      case ExpressionKind::NilLiteral: return "null";
      case ExpressionKind::This:
      case ExpressionKind::Variable: return variable_name(program_, e, naming);
      case ExpressionKind::ArrayLength: return "|" + variable_name(program_, e.operand(0), naming) + "|";
      case ExpressionKind::FieldRead: return "(" + expression(e.operand(0), naming) + ")." + field_name(program_, e.field);
      case ExpressionKind::ArrayRead:
        return "Get(" + variable_name(program_, e.operand(0), naming) + ", " + expression(e.operand(1), naming) + ")";
      case ExpressionKind::Unary:
        return std::string(e.unary_operator == UnaryOperator::Not ? "!" : "-") + "(" + expression(e.operand(0), naming) +
               ")";
      case ExpressionKind::Binary: {
        const std::string l = expression(e.operand(0), naming), r = expression(e.operand(1), naming);
        switch (e.binary_operator) {
          case BinaryOperator::Divide: return "EDiv(" + l + ", " + r + ")";
          case BinaryOperator::Remainder: return "EMod(" + l + ", " + r + ")";
          default: return "(" + l + " " + operator_spelling(e.binary_operator) + " " + r + ")";
        }
      }
      case ExpressionKind::Conditional:
        return "(if " + expression(e.operand(0), naming) + " then " + expression(e.operand(1), naming) + " else " +
               expression(e.operand(2), naming) + ")";
    }
    return "?";
  }

  std::string operand(const BoundedOperand& o) const {
    return o.expression != nullptr ? expression(*o.expression, o.naming) : o.name;
  }

  void stop(std::ostream& out, const std::string& indent, Outcome outcome) const {
    out << indent << "outcome := " << outcome_code(outcome) << "; return;  // " << outcome_name(outcome) << "\n";
  }

  void nodes(std::ostream& out, const std::vector<BoundedNode>& list, const std::string& indent) const {
    for (const BoundedNode& node : list) this->node(out, node, indent);
  }

  void node(std::ostream& out, const BoundedNode& n, const std::string& indent) const {
    const std::string inner = indent + "  ";
    switch (n.kind) {
      case BoundedNodeKind::Stop: stop(out, indent, n.outcome); return;
      case BoundedNodeKind::StopIfNil:
        out << indent << "if " << operand(n.subject) << " == null {\n";
        stop(out, inner, Outcome::NilDereference);
        out << indent << "}\n";
        return;
      case BoundedNodeKind::StopIfOutside: {
        const std::string index = operand(n.subject);
        const std::string upper = fault_active(Fault::ExportBoundInclusive) ? " <= |" : " < |";
        out << indent << "if !(0 <= " << index << " && " << index << upper << global_name(program_, n.array)
            << "|) {\n";
        stop(out, inner, Outcome::OutOfBounds);
        out << indent << "}\n";
        return;
      }
      case BoundedNodeKind::StopUnless:
        out << indent << "if !(" << operand(n.subject) << ") {\n";
        stop(out, inner, n.outcome);
        out << indent << "}\n";
        return;
      case BoundedNodeKind::Branch:
        out << indent << "if " << operand(n.subject) << " {\n";
        nodes(out, n.then_nodes, inner);
        if (!n.else_nodes.empty()) {
          out << indent << "} else {\n";
          nodes(out, n.else_nodes, inner);
        }
        out << indent << "}\n";
        return;
      case BoundedNodeKind::Assign: {
        const std::string value = operand(n.value);
        const Expression* target = n.target.expression;
        if (target == nullptr) {
          out << indent << n.target.name << " := " << value << ";\n";
        } else if (target->kind == ExpressionKind::ArrayRead) {
          const std::string array = variable_name(program_, target->operand(0), n.target.naming);
          out << indent << array << " := Set(" << array << ", " << expression(target->operand(1), n.target.naming) << ", "
              << value << ");\n";
        } else if (target->kind == ExpressionKind::FieldRead) {
          out << indent << "(" << expression(target->operand(0), n.target.naming) << ")." << field_name(program_, target->field)
              << " := " << value << ";\n";
        } else {
          out << indent << variable_name(program_, *target, n.target.naming) << " := " << value << ";\n";
        }
        return;
      }
      case BoundedNodeKind::Create: {
        out << indent << n.name << " := new " << class_name(program_, n.class_index) << ";\n";
        for (std::int32_t field : program_.classes[n.class_index].fields)
          out << indent << n.name << "." << field_name(program_, field) << " := "
              << default_value(program_.fields[field].type) << ";\n";
        return;
      }
    }
  }

  std::string write(const std::vector<Outcome>& outcomes) const {
    std::ostringstream out;
    out << "// " << (program_.source ? program_.source->path() : std::string("program"))
        << " bounded at loop bound " << bounded_.loop_bound << ", exported by symref for Dafny 2.3.\n"
        << "// Each method Outcome<name> runs the bounded program and ensures that the run does not end in\n"
        << "// that outcome; `dafny /compile:0 FILE` proves it or not, method by method.\n\n"
        << "// docs/language.md: `/` and `%` are Euclidean (Dafny's own on int) and total, a/0 == 0, a%0 == a.\n"
        << "function method EDiv(a: int, b: int): int { if b == 0 then 0 else a / b }\n"
        << "function method EMod(a: int, b: int): int { if b == 0 then a else a % b }\n"
        << "// Arrays are values; reads and writes are total here, the program's bounds checks come first.\n"
        << "function method Get(s: seq<int>, i: int): int { if 0 <= i < |s| then s[i] else 0 }\n"
        << "function method Set(s: seq<int>, i: int, v: int): seq<int> { if 0 <= i < |s| then s[i := v] else s }\n";
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      out << "\nclass " << class_name(program_, static_cast<std::int32_t>(c)) << " {\n";
      for (std::int32_t field : program_.classes[c].fields)
        out << "  var " << field_name(program_, field) << ": " << type(program_.fields[field].type) << ";\n";
      out << "}\n";
    }
    const bool objects = !program_.classes.empty();
    for (Outcome outcome : outcomes) {
      out << "\nmethod " << dafny_outcome_method(outcome) << "(";
      for (std::size_t g = 0; g < program_.globals.size(); ++g)
        out << (g == 0 ? "" : ", ") << "in_" << program_.globals[g].name << ": " << type(program_.globals[g].type);
      // The input heap: a set closed under every reference field, holding every input reference.
      if (objects) out << (program_.globals.empty() ? "" : ", ") << "ghost heap: set<object>";
      out << ") returns (outcome: int)\n";
      if (objects) {
        for (std::size_t g = 0; g < program_.globals.size(); ++g)
          if (program_.globals[g].type.kind == TypeKind::Reference)
            out << "  requires in_" << program_.globals[g].name << " == null || in_" << program_.globals[g].name
                << " in heap\n";
        for (std::size_t f = 0; f < program_.fields.size(); ++f) {
          const Field& field = program_.fields[f];
          if (field.type.kind != TypeKind::Reference) continue;
          const std::string read = "o." + field_name(program_, static_cast<std::int32_t>(f));
          out << "  requires forall o: " << class_name(program_, field.class_index) << " :: o in heap ==> " << read
              << " == null || " << read << " in heap\n";
        }
        out << "  modifies heap\n";
      }
      out << "  ensures outcome != " << outcome_code(outcome) << "  // " << outcome_name(outcome) << "\n{\n";
      for (std::size_t g = 0; g < program_.globals.size(); ++g)
        out << "  var " << global_name(program_, static_cast<std::int32_t>(g)) << ": " << type(program_.globals[g].type)
            << " := in_" << program_.globals[g].name << ";\n";
      for (const BoundedVariable& v : bounded_.variables)
        out << "  var " << v.name << ": " << type(v.type) << " := " << default_value(v.type) << ";\n";
      nodes(out, bounded_.body, "  ");
      out << "}\n";
    }
    return out.str();
  }

 private:
  const Program& program_;
  const BoundedProgram& bounded_;
};

}  // namespace

std::string dafny_outcome_method(Outcome outcome) { return "Outcome" + camel_outcome(outcome); }

std::string export_dafny(const Program& program, const VerifierExportOptions& options) {
  BoundedProgram bounded = bound_program(program, BoundingOptions{options.loop_bound});
  std::vector<Outcome> outcomes = options.outcomes;
  if (outcomes.empty()) outcomes.assign(std::begin(exported_outcomes), std::end(exported_outcomes));
  return DafnyWriter(program, bounded).write(outcomes);
}

ExportResult export_dafny_files(const Program& program, const ExportOptions& options) {
  VerifierExportOptions verifier;
  verifier.loop_bound = options.loop_bound;
  const std::string name = export_base_name(program.source ? program.source->path() : std::string("program")) + ".dfy";
  ExportResult result;
  result.files.push_back({name, export_dafny(program, verifier)});
  result.build_hint = "dafny /compile:0 /trace " + name + "";
  return result;
}

}  // namespace symref::interop
