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

class WhymlWriter {
 public:
  WhymlWriter(const Program& program, const BoundedProgram& bounded) : program_(program), bounded_(bounded) {}

  static std::string type(const Type& t) { return t.kind == TypeKind::Bool ? "bool" : "int"; }
  static std::string default_value(const Type& t) { return t.kind == TypeKind::Bool ? "false" : "0"; }

  // Every variable is a reference cell; an int[] is two: its elements (a map) and its length.
  std::string expression(const Expression& e, const ActivationNaming* naming) const {
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

  std::string operand(const BoundedOperand& o) const {
    return o.expression != nullptr ? expression(*o.expression, o.naming) : "!" + o.name;
  }

  void stop(std::ostream& out, const std::string& indent, Outcome outcome) const {
    out << indent << "raise (Stop " << outcome_code(outcome) << ");  (* " << outcome_name(outcome) << " *)\n";
  }

  void guarded_stop(std::ostream& out, const std::string& indent, const std::string& condition, Outcome outcome) const {
    out << indent << "if " << condition << " then\n";
    stop(out, indent + "  ", outcome);
  }

  void nodes(std::ostream& out, const std::vector<BoundedNode>& list, const std::string& indent) const {
    for (const BoundedNode& node : list) this->node(out, node, indent);
  }

  void node(std::ostream& out, const BoundedNode& n, const std::string& indent) const {
    const std::string inner = indent + "  ";
    switch (n.kind) {
      case BoundedNodeKind::Stop: stop(out, indent, n.outcome); return;
      case BoundedNodeKind::StopIfNil: return;  // no classes in this export
      case BoundedNodeKind::StopIfOutside: {
        const std::string index = operand(n.subject);
        const std::string upper = fault_active(Fault::ExportBoundInclusive) ? " <= !" : " < !";
        guarded_stop(out, indent,
                     "not (0 <= " + index + " && " + index + upper + global_name(program_, n.array) + "_len)",
                     Outcome::OutOfBounds);
        return;
      }
      case BoundedNodeKind::StopUnless: guarded_stop(out, indent, "not " + operand(n.subject), n.outcome); return;
      case BoundedNodeKind::Branch:
        out << indent << "if " << operand(n.subject) << " then begin\n";
        nodes(out, n.then_nodes, inner);
        out << inner << "()\n";
        if (!n.else_nodes.empty()) {
          out << indent << "end else begin\n";
          nodes(out, n.else_nodes, inner);
          out << inner << "()\n";
        }
        out << indent << "end;\n";
        return;
      case BoundedNodeKind::Assign: {
        const std::string value = operand(n.value);
        const Expression* target = n.target.expression;
        if (target == nullptr) {
          out << indent << n.target.name << " := " << value << ";\n";
        } else if (target->kind == ExpressionKind::ArrayRead) {
          const std::string array = variable_name(program_, target->operand(0), n.target.naming);
          out << indent << array << " := Map.set !" << array << " " << expression(target->operand(1), n.target.naming)
              << " " << value << ";\n";
        } else if (target->type.kind == TypeKind::IntArray) {
          // a := b: arrays are values, both the elements and the length are copied.
          const std::string array = variable_name(program_, *target, n.target.naming);
          const std::string source = variable_name(program_, *n.value.expression, n.value.naming);
          out << indent << array << " := !" << source << ";\n" << indent << array << "_len := !" << source << "_len;\n";
        } else {
          out << indent << variable_name(program_, *target, n.target.naming) << " := " << value << ";\n";
        }
        return;
      }
      case BoundedNodeKind::Create: return;  // no classes in this export
    }
  }

  std::string write(const std::vector<Outcome>& outcomes) const {
    std::ostringstream out;
    out << "(* " << (program_.source ? program_.source->path() : std::string("program")) << " bounded at loop bound "
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
    for (Outcome outcome : outcomes) {
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
      for (std::size_t g = 0; g < program_.globals.size(); ++g) {
        const std::string name = global_name(program_, static_cast<std::int32_t>(g));
        const VariableDeclaration& global = program_.globals[g];
        out << "    let " << name << " = ref in_" << global.name << " in\n";
        if (global.type.kind == TypeKind::IntArray)
          out << "    let " << name << "_len = ref in_" << global.name << "_len in\n";
      }
      for (const BoundedVariable& v : bounded_.variables)
        out << "    let " << v.name << " = ref (" << default_value(v.type) << ": " << type(v.type) << ") in\n";
      out << "    try\n";
      nodes(out, bounded_.body, "      ");
      out << "      0\n    with Stop o -> o\n    end\n";
    }
    out << "end\n";
    return out.str();
  }

 private:
  const Program& program_;
  const BoundedProgram& bounded_;
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
    const std::string path = program.source ? program.source->path() : std::string("program");
    throw InputError(format_diagnostic(program.source.get(), path,
                                       Diagnostic{first.location, "the WhyML export has no classes or objects (class " +
                                                                      first.name + "); export to dafny or acsl instead"}));
  }
  BoundedProgram bounded = bound_program(program, BoundingOptions{options.loop_bound});
  std::vector<Outcome> outcomes = options.outcomes;
  if (outcomes.empty()) outcomes.assign(std::begin(exported_outcomes), std::end(exported_outcomes));
  return WhymlWriter(program, bounded).write(outcomes);
}

ExportResult export_whyml_files(const Program& program, const ExportOptions& options) {
  VerifierExportOptions verifier;
  verifier.loop_bound = options.loop_bound;
  const std::string name = export_base_name(program.source ? program.source->path() : std::string("program")) + ".mlw";
  ExportResult result;
  result.files.push_back({name, export_whyml(program, verifier)});
  result.build_hint = "why3 prove -P z3 " + name + "";
  return result;
}

}  // namespace symref::interop
