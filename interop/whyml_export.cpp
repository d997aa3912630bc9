// `symref export --to whyml`: the program bounded at K as one ghost WhyML function per outcome,
// each ensuring the outcome does not happen (Why3 1.5).  One function per outcome keeps each
// verification condition small: Why3's split_vc on one function with every outcome multiplies goals.
#include <sstream>

#include "interop/bounded_program.hpp"
#include "interop/exporter.hpp"
#include "interop/verifier_export.hpp"
#include "semantics/faults.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::interop {

namespace {

class WhymlWriter final : public VerifierWriter {
 public:
  using VerifierWriter::VerifierWriter;

  std::string write(const std::vector<Outcome>& outcomes) const {
    std::ostringstream out;
    out << "(* " << source_path(program_) << " bounded at loop bound "
        << bounded_.loop_bound << ", exported by symref for Why3 1.5.\n"
        << "   Each function outcome_<name> runs the bounded program and ensures that the run does not end\n"
        << "   in that outcome; `why3 prove -P z3 FILE` proves it or not, function by function. *)\n\n"
        << "module Program\n"
        << "  use int.Int\n  use int.EuclideanDivision as E\n  use map.Map\n  use ref.Ref\n  use bool.Bool\n\n"
        << "  (* docs/language.md: `/` and `%` are Euclidean and total, a/0 = 0, a%0 = a. *)\n"
        << "  let function ediv (a b: int) : int = if b = 0 then 0 else E.div a b\n"
        << "  let function emod (a b: int) : int = if b = 0 then a else E.mod a b\n\n"
        << "  (* The end of a run, with its outcome's number. *)\n"
        << "  exception Stop int\n";
    obligations(out, outcomes, "      ");
    out << "end\n";
    return out.str();
  }

 private:
  static std::string type(const Type& t) { return t.kind == TypeKind::Bool ? "bool" : "int"; }
  static std::string default_value(const Type& t) { return t.kind == TypeKind::Bool ? "false" : "0"; }

  // Every variable is a reference cell; an int[] is two: its elements (a map) and its length.
  std::string expression(const Expression& e, const ActivationNaming* naming) const override {
    switch (e.kind) {
      case ExpressionKind::IntegerLiteral: return e.integer.to_string();
      case ExpressionKind::BooleanLiteral: return e.boolean ? "true" : "false";
      case ExpressionKind::This:
      case ExpressionKind::Variable: return "!" + variable_name(program_, e, naming);
      case ExpressionKind::ArrayLength: return "!" + variable_name(program_, e.operand(0), naming) + "_len";
      case ExpressionKind::ArrayRead:
        return "(Map.get !" + variable_name(program_, e.operand(0), naming) + " " + expression(e.operand(1), naming) + ")";
      case ExpressionKind::Unary:
        return std::string(e.unary_operator == UnaryOperator::Not ? "(not " : "(- ") + expression(e.operand(0), naming) +
               ")";
      case ExpressionKind::Binary: {
        const std::string l = expression(e.operand(0), naming), r = expression(e.operand(1), naming);
        switch (e.binary_operator) {
          case BinaryOperator::Divide: return "(ediv " + l + " " + r + ")";
          case BinaryOperator::Remainder: return "(emod " + l + " " + r + ")";
          // int.Int's `=` is for integers only; two booleans are equal when the first decides the second.
          case BinaryOperator::Equal:
            return e.operand(0).type.kind == TypeKind::Bool ? "(if " + l + " then " + r + " else not " + r + ")"
                                                            : "(" + l + " = " + r + ")";
          case BinaryOperator::NotEqual:
            return e.operand(0).type.kind == TypeKind::Bool ? "(if " + l + " then not " + r + " else " + r + ")"
                                                            : "(not (" + l + " = " + r + "))";
          case BinaryOperator::Implies: return "(if " + l + " then " + r + " else true)";
          default: return "(" + l + " " + operator_spelling(e.binary_operator) + " " + r + ")";
        }
      }
      case ExpressionKind::Conditional:
        return "(if " + expression(e.operand(0), naming) + " then " + expression(e.operand(1), naming) + " else " +
               expression(e.operand(2), naming) + ")";
      default: break;
    }
    return "?";
  }

  // Every variable is a reference cell.
  std::string introduced(const std::string& name) const override { return "!" + name; }

  void stop(std::ostream& out, const std::string& indent, Outcome outcome) const override {
    out << indent << "raise (Stop " << outcome_code(outcome) << ");  (* " << outcome_name(outcome) << " *)\n";
  }

  void stop_if(std::ostream& out, const std::string& indent, const std::string& condition, Outcome outcome) const override {
    out << indent << "if " << condition << " then\n";
    stop(out, indent + "  ", outcome);
  }

  // Never asked: the export rejects classes before bounding, so no reference is ever checked.
  std::string nil_test(const std::string& reference) const override { return "false"; }

  std::string outside_test(const std::string& index, std::int32_t array) const override {
    const std::string upper = fault_active(Fault::ExportBoundInclusive) ? " <= !" : " < !";
    return "not (0 <= " + index + " && " + index + upper + global_name(program_, array) + "_len)";
  }

  std::string negation(const std::string& condition) const override { return "not " + condition; }

  // Each arm ends in `()`, so that it is a sequence even when it is empty or ends in `;`.
  void open_branch(std::ostream& out, const std::string& indent, const std::string& condition) const override {
    out << indent << "if " << condition << " then begin\n";
  }
  void close_arm(std::ostream& out, const std::string& arm_indent) const override { out << arm_indent << "()\n"; }
  void open_else(std::ostream& out, const std::string& indent) const override { out << indent << "end else begin\n"; }
  void close_branch(std::ostream& out, const std::string& indent) const override { out << indent << "end;\n"; }

  void assign_variable(std::ostream& out, const std::string& indent, const std::string& variable,
                       const std::string& value) const override {
    out << indent << variable << " := " << value << ";\n";
  }
  void assign_element(std::ostream& out, const std::string& indent, const std::string& array, const std::string& index,
                      const std::string& value) const override {
    out << indent << array << " := Map.set !" << array << " " << index << " " << value << ";\n";
  }
  // Never asked: the export rejects classes before bounding.
  void assign_field(std::ostream&, const std::string&, const std::string&, const std::string&,
                    const std::string&) const override {}
  // a := b: arrays are values, both the elements and the length are copied.
  void assign_array(std::ostream& out, const std::string& indent, const BoundedNode& n) const override {
    const std::string array = variable_name(program_, *n.target.expression, n.target.naming);
    const std::string source = variable_name(program_, *n.value.expression, n.value.naming);
    out << indent << array << " := !" << source << ";\n" << indent << array << "_len := !" << source << "_len;\n";
  }

  void create(std::ostream&, const std::string&, const BoundedNode&) const override {}  // no classes in this export

  void obligation_head(std::ostream& out, Outcome outcome) const override {
    out << "\n  let ghost " << whyml_outcome_function(outcome);
    for (const VariableDeclaration& g : program_.globals) {
      if (g.type.kind == TypeKind::IntArray)
        out << " (in_" << g.name << ": map int int) (in_" << g.name << "_len: int)";
      else
        out << " (in_" << g.name << ": " << type(g.type) << ")";
    }
    if (program_.globals.empty()) out << " ()";
    out << " : int\n";
    for (const VariableDeclaration& g : program_.globals)
      if (g.type.kind == TypeKind::IntArray) out << "    requires { in_" << g.name << "_len >= 0 }\n";
    out << "    ensures { result <> " << outcome_code(outcome) << " }  (* " << outcome_name(outcome) << " *)\n  =\n";
  }

  void global_copy(std::ostream& out, std::int32_t g) const override {
    const std::string name = global_name(program_, g);
    const VariableDeclaration& global = program_.globals[g];
    out << "    let " << name << " = ref in_" << global.name << " in\n";
    if (global.type.kind == TypeKind::IntArray) out << "    let " << name << "_len = ref in_" << global.name << "_len in\n";
  }

  void variable_declaration(std::ostream& out, const BoundedVariable& v) const override {
    out << "    let " << v.name << " = ref (" << default_value(v.type) << ": " << type(v.type) << ") in\n";
  }

  void open_body(std::ostream& out) const override { out << "    try\n"; }
  void obligation_tail(std::ostream& out) const override { out << "      0\n    with Stop o -> o\n    end\n"; }
};

}  // namespace

std::string whyml_outcome_function(Outcome outcome) {
  std::string name = "outcome_";
  for (char c : outcome_name(outcome)) name += c == '-' ? '_' : c;
  return name;
}

std::string export_whyml(const Program& program, const VerifierExportOptions& options) {
  if (!program.classes.empty()) {
    const Class& first = program.classes.front();
    throw InputError(format_diagnostic(program.source.get(), source_path(program),
                                       Diagnostic{first.location, "the WhyML export has no classes or objects (class " +
                                                                      first.name + "); export to dafny or acsl instead"}));
  }
  BoundedProgram bounded = bound_program(program, BoundingOptions{options.loop_bound});
  return WhymlWriter(program, bounded).write(asked_outcomes(options));
}

ExportResult export_whyml_files(const Program& program, const ExportOptions& options) {
  return verifier_export_file(program, options, ".mlw", &export_whyml, "why3 prove -P z3");
}

}  // namespace symref::interop
