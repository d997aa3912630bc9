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

class DafnyWriter final : public VerifierWriter {
 public:
  using VerifierWriter::VerifierWriter;

  std::string write(const std::vector<Outcome>& outcomes) const {
    std::ostringstream out;
    out << "// " << source_path(program_) << " bounded at loop bound " << bounded_.loop_bound << ", exported by symref for Dafny 2.3.\n"
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
    obligations(out, outcomes, "  ");
    return out.str();
  }

 private:
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

  std::string expression(const Expression& e, const ActivationNaming* naming) const override {
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

  void stop(std::ostream& out, const std::string& indent, Outcome outcome) const override {
    out << indent << "outcome := " << outcome_code(outcome) << "; return;  // " << outcome_name(outcome) << "\n";
  }

  void stop_if(std::ostream& out, const std::string& indent, const std::string& condition, Outcome outcome) const override {
    out << indent << "if " << condition << " {\n";
    stop(out, indent + "  ", outcome);
    out << indent << "}\n";
  }

  std::string nil_test(const std::string& reference) const override { return reference + " == null"; }

  std::string outside_test(const std::string& index, std::int32_t array) const override {
    const std::string upper = fault_active(Fault::ExportBoundInclusive) ? " <= |" : " < |";
    return "!(0 <= " + index + " && " + index + upper + global_name(program_, array) + "|)";
  }

  std::string negation(const std::string& condition) const override { return "!(" + condition + ")"; }

  void open_branch(std::ostream& out, const std::string& indent, const std::string& condition) const override {
    out << indent << "if " << condition << " {\n";
  }
  void open_else(std::ostream& out, const std::string& indent) const override { out << indent << "} else {\n"; }
  void close_branch(std::ostream& out, const std::string& indent) const override { out << indent << "}\n"; }

  void assign_variable(std::ostream& out, const std::string& indent, const std::string& variable,
                       const std::string& value) const override {
    out << indent << variable << " := " << value << ";\n";
  }
  void assign_element(std::ostream& out, const std::string& indent, const std::string& array, const std::string& index,
                      const std::string& value) const override {
    out << indent << array << " := Set(" << array << ", " << index << ", " << value << ");\n";
  }
  void assign_field(std::ostream& out, const std::string& indent, const std::string& object, const std::string& field,
                    const std::string& value) const override {
    out << indent << "(" << object << ")." << field << " := " << value << ";\n";
  }

  void create(std::ostream& out, const std::string& indent, const BoundedNode& n) const override {
    out << indent << n.name << " := new " << class_name(program_, n.class_index) << ";\n";
    for (std::int32_t field : program_.classes[n.class_index].fields)
      out << indent << n.name << "." << field_name(program_, field) << " := " << default_value(program_.fields[field].type)
          << ";\n";
  }

  void obligation_head(std::ostream& out, Outcome outcome) const override {
    const bool objects = !program_.classes.empty();
    out << "\nmethod " << dafny_outcome_method(outcome) << "(";
    for (std::size_t g = 0; g < program_.globals.size(); ++g)
      out << (g == 0 ? "" : ", ") << "in_" << program_.globals[g].name << ": " << type(program_.globals[g].type);
    // The input heap: a set closed under every reference field, holding every input reference.
    if (objects) out << (program_.globals.empty() ? "" : ", ") << "ghost heap: set<object>";
    out << ") returns (outcome: int)\n";
    if (objects) {
      for (std::size_t g = 0; g < program_.globals.size(); ++g)
        if (program_.globals[g].type.kind == TypeKind::Reference)
          out << "  requires in_" << program_.globals[g].name << " == null || in_" << program_.globals[g].name << " in heap\n";
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
  }

  void global_copy(std::ostream& out, std::int32_t g) const override {
    out << "  var " << global_name(program_, g) << ": " << type(program_.globals[g].type) << " := in_"
        << program_.globals[g].name << ";\n";
  }

  void variable_declaration(std::ostream& out, const BoundedVariable& v) const override {
    out << "  var " << v.name << ": " << type(v.type) << " := " << default_value(v.type) << ";\n";
  }

  void obligation_tail(std::ostream& out) const override { out << "}\n"; }
};

}  // namespace

std::string dafny_outcome_method(Outcome outcome) { return "Outcome" + camel_outcome(outcome); }

std::string export_dafny(const Program& program, const VerifierExportOptions& options) {
  BoundedProgram bounded = bound_program(program, BoundingOptions{options.loop_bound});
  return DafnyWriter(program, bounded).write(asked_outcomes(options));
}

ExportResult export_dafny_files(const Program& program, const ExportOptions& options) {
  return verifier_export_file(program, options, ".dfy", &export_dafny, "dafny /compile:0 /trace");
}

}  // namespace symref::interop
