// `symref export --to acsl`: the program bounded at K as one C function per outcome with an ACSL
// contract ensuring the outcome does not happen, for Frama-C WP with `-wp-rte`.
//
// C has no unbounded integers, so values are `long long` and every overflow is a run-time-error
// goal of WP: a proof of "this outcome does not happen" counts only when every goal of its
// function (and of the division helpers) is proved, and it covers the inputs that fit in 64 bits.
// No function is called `main`: WP would assume zero-initialised globals there.
#include <sstream>

#include "interop/bounded_program.hpp"
#include "interop/exporter.hpp"
#include "interop/verifier_export.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::interop {

namespace {

[[noreturn]] void reject(const Program& program, SourceLocation location, const std::string& message) {
  throw InputError(format_diagnostic(program.source.get(), source_path(program), Diagnostic{location, message}));
}

class AcslWriter final : public VerifierWriter {
 public:
  using VerifierWriter::VerifierWriter;

  std::string write(const std::vector<Outcome>& outcomes) {
    std::ostringstream out;
    out << "// " << source_path(program_) << " bounded at loop bound "
        << bounded_.loop_bound << ", exported by symref for Frama-C WP.\n"
        << "// Each function outcome_<name> runs the bounded program and ensures that the run does not end in\n"
        << "// that outcome: `frama-c -wp -wp-rte -wp-prover z3 FILE`.  Integers are long long: a proof counts\n"
        << "// only when every goal of its function (overflows included) and of sr_div/sr_mod is proved, and\n"
        << "// it covers the inputs that fit in 64 bits.\n\n"
        << "/*@ // docs/language.md: `/` and `%` are Euclidean and total, a/0 == 0, a%0 == a (ACSL's / truncates).\n"
        << "    logic integer sr_ediv(integer a, integer b) =\n"
        << "      b == 0 ? 0 : (a % b >= 0 ? a / b : (b > 0 ? a / b - 1 : a / b + 1));\n"
        << "    logic integer sr_emod(integer a, integer b) =\n"
        << "      b == 0 ? a : (a % b >= 0 ? a % b : (b > 0 ? a % b + b : a % b - b));\n*/\n\n"
        << "/*@ requires !(a == -9223372036854775807 - 1 && b == -1);\n"
        << "    assigns \\nothing;\n    ensures \\result == sr_ediv(a, b); */\n"
        << "static long long sr_div(long long a, long long b) {\n"
        << "  if (b == 0) return 0;\n  long long q = a / b;\n"
        << "  if (a % b < 0) { if (b > 0) q = q - 1; else q = q + 1; }\n  return q;\n}\n\n"
        << "/*@ requires !(a == -9223372036854775807 - 1 && b == -1);\n"
        << "    assigns \\nothing;\n    ensures \\result == sr_emod(a, b); */\n"
        << "static long long sr_mod(long long a, long long b) {\n"
        << "  if (b == 0) return a;\n  long long r = a % b;\n"
        << "  if (r < 0) { if (b > 0) r = r + b; else r = r - b; }\n  return r;\n}\n";
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      out << "\nstruct " << class_name(program_, static_cast<std::int32_t>(c)) << " {\n";
      for (std::int32_t field : program_.classes[c].fields)
        out << "  " << type(program_.fields[field].type) << " " << field_name(program_, field) << ";\n";
      if (program_.classes[c].fields.empty()) out << "  char no_fields;  // C has no empty structs\n";
      out << "};\n";
    }
    for (const VariableDeclaration& g : program_.globals)
      if (g.type.kind == TypeKind::IntArray) arrays_.push_back("in_" + g.name);
    for (const BoundedVariable& v : bounded_.variables)
      if (v.created) pool_.push_back(&v);
    heap_contract_ = heap_contract(pool_);
    obligations(out, outcomes, "  ");
    return out.str();
  }

 private:
  std::string type(const Type& t) const {
    if (t.kind == TypeKind::Bool) return "_Bool";
    if (t.kind == TypeKind::Reference) return "struct " + class_name(program_, t.class_index) + " *";
    return "long long";
  }

  std::string literal(const Expression& e) const {
    static const Integer lowest = *Integer::from_decimal("-9223372036854775807");
    static const Integer highest = *Integer::from_decimal("9223372036854775807");
    if (e.integer < lowest || highest < e.integer)
      reject(program_, e.location, "the integer " + e.integer.to_string() + " does not fit the ACSL export's 64-bit C integers");
    return e.integer.to_string() + "LL";
  }

  std::string expression(const Expression& e, const ActivationNaming* naming) const override {
    switch (e.kind) {
      case ExpressionKind::IntegerLiteral: return literal(e);
      case ExpressionKind::BooleanLiteral: return e.boolean ? "1" : "0";
      case ExpressionKind::NilLiteral: return "0";
      case ExpressionKind::FieldRead: return "(" + expression(e.operand(0), naming) + ")->" + field_name(program_, e.field);
      case ExpressionKind::This:
      case ExpressionKind::Variable: return variable_name(program_, e, naming);
      case ExpressionKind::ArrayLength: return variable_name(program_, e.operand(0), naming) + "_len";
      case ExpressionKind::ArrayRead:
        return variable_name(program_, e.operand(0), naming) + "[" + expression(e.operand(1), naming) + "]";
      case ExpressionKind::Unary:
        return std::string(e.unary_operator == UnaryOperator::Not ? "!" : "-") + "(" + expression(e.operand(0), naming) +
               ")";
      case ExpressionKind::Binary: {
        const std::string l = expression(e.operand(0), naming), r = expression(e.operand(1), naming);
        switch (e.binary_operator) {
          case BinaryOperator::Divide: return "sr_div(" + l + ", " + r + ")";
          case BinaryOperator::Remainder: return "sr_mod(" + l + ", " + r + ")";
          case BinaryOperator::Implies: return "(!(" + l + ") || (" + r + "))";
          default: return "(" + l + " " + operator_spelling(e.binary_operator) + " " + r + ")";
        }
      }
      case ExpressionKind::Conditional:
        return "(" + expression(e.operand(0), naming) + " ? " + expression(e.operand(1), naming) + " : " +
               expression(e.operand(2), naming) + ")";
      default: break;
    }
    return "?";
  }

  // The input heap: every input reference nil or valid, and so every reference field of a valid
  // object; each pool object valid, separate from the others and unreachable from the inputs
  // (no input reference and no field of a valid object points to it).
  std::string heap_contract(const std::vector<const BoundedVariable*>& pool) const {
    std::ostringstream out;
    for (const VariableDeclaration& g : program_.globals)
      if (g.type.kind == TypeKind::Reference)
        out << " requires in_" << g.name << " == \\null || \\valid(in_" << g.name << ");\n   ";
    for (std::size_t f = 0; f < program_.fields.size(); ++f) {
      const Field& field = program_.fields[f];
      if (field.type.kind != TypeKind::Reference) continue;
      const std::string read = "o->" + field_name(program_, static_cast<std::int32_t>(f));
      out << " requires \\forall struct " << class_name(program_, field.class_index) << " *o; \\valid(o) ==> " << read
          << " == \\null || \\valid(" << read << ");\n   ";
    }
    for (std::size_t k = 0; k < pool.size(); ++k) {
      const std::string object = "new_" + pool[k]->name;
      const std::int32_t class_index = pool[k]->type.class_index;
      out << " requires \\valid(" << object << ");\n   ";
      for (const VariableDeclaration& g : program_.globals)
        if (g.type.kind == TypeKind::Reference && g.type.class_index == class_index)
          out << " requires in_" << g.name << " != " << object << ";\n   ";
      for (std::size_t f = 0; f < program_.fields.size(); ++f) {
        const Field& field = program_.fields[f];
        if (field.type.kind != TypeKind::Reference || field.type.class_index != class_index) continue;
        out << " requires \\forall struct " << class_name(program_, field.class_index) << " *o; \\valid(o) ==> o->"
            << field_name(program_, static_cast<std::int32_t>(f)) << " != " << object << ";\n   ";
      }
      for (std::size_t j = k + 1; j < pool.size(); ++j)
        if (pool[j]->type.class_index == class_index)
          out << " requires \\separated(" << object << ", new_" << pool[j]->name << ");\n   ";
    }
    return out.str();
  }

  void stop(std::ostream& out, const std::string& indent, Outcome outcome) const override {
    out << indent << "return " << outcome_code(outcome) << ";  // " << outcome_name(outcome) << "\n";
  }

  void stop_if(std::ostream& out, const std::string& indent, const std::string& condition, Outcome outcome) const override {
    out << indent << "if (" << condition << ")\n";
    stop(out, indent + "  ", outcome);
  }

  std::string nil_test(const std::string& reference) const override { return "(" + reference + ") == 0"; }

  std::string outside_test(const std::string& index, std::int32_t array) const override {
    return "!(0 <= " + index + " && " + index + " < " + global_name(program_, array) + "_len)";
  }

  std::string negation(const std::string& condition) const override { return "!(" + condition + ")"; }

  void open_branch(std::ostream& out, const std::string& indent, const std::string& condition) const override {
    out << indent << "if (" << condition << ") {\n";
  }
  void open_else(std::ostream& out, const std::string& indent) const override { out << indent << "} else {\n"; }
  void close_branch(std::ostream& out, const std::string& indent) const override { out << indent << "}\n"; }

  void assign_variable(std::ostream& out, const std::string& indent, const std::string& variable,
                       const std::string& value) const override {
    out << indent << variable << " = " << value << ";\n";
  }
  void assign_element(std::ostream& out, const std::string& indent, const std::string& array, const std::string& index,
                      const std::string& value) const override {
    out << indent << array << "[" << index << "] = " << value << ";\n";
  }
  void assign_field(std::ostream& out, const std::string& indent, const std::string& object, const std::string& field,
                    const std::string& value) const override {
    out << indent << "(" << object << ")->" << field << " = " << value << ";\n";
  }
  void assign_array(std::ostream&, const std::string&, const BoundedNode& n) const override {
    reject(program_, n.target.expression->location, "the ACSL export has no whole-array assignment (arrays are values)");
  }

  // A new object is one of the function's pool parameters, separate from the input heap.
  void create(std::ostream& out, const std::string& indent, const BoundedNode& n) const override {
    out << indent << n.name << " = new_" << n.name << ";\n";
    for (std::int32_t field : program_.classes[n.class_index].fields)
      out << indent << n.name << "->" << field_name(program_, field) << " = 0;\n";
  }

  void obligation_head(std::ostream& out, Outcome outcome) const override {
    out << "\n/*@";
    for (const std::string& a : arrays_)
      out << " requires " << a << "_len >= 0;\n    requires \\valid(" << a << " + (0 .. " << a << "_len - 1));\n   ";
    for (std::size_t i = 0; i < arrays_.size(); ++i)
      for (std::size_t j = i + 1; j < arrays_.size(); ++j)
        out << " requires \\separated(" << arrays_[i] << " + (0 .. " << arrays_[i] << "_len - 1), " << arrays_[j]
            << " + (0 .. " << arrays_[j] << "_len - 1));\n   ";
    out << heap_contract_ << " ensures \\result != " << outcome_code(outcome) << ";  // " << outcome_name(outcome) << "\n*/\n"
        << "int " << acsl_outcome_function(outcome) << "(";
    bool first = true;
    for (const VariableDeclaration& g : program_.globals) {
      out << (first ? "" : ", ");
      first = false;
      if (g.type.kind == TypeKind::IntArray)
        out << "long long *in_" << g.name << ", long long in_" << g.name << "_len";
      else
        out << type(g.type) << " in_" << g.name;
    }
    for (const BoundedVariable* v : pool_) {
      out << (first ? "" : ", ") << type(v->type) << "new_" << v->name;
      first = false;
    }
    out << (first ? "void" : "") << ") {\n";
  }

  void global_copy(std::ostream& out, std::int32_t g) const override {
    const VariableDeclaration& global = program_.globals[g];
    const std::string name = global_name(program_, g);
    if (global.type.kind == TypeKind::IntArray)
      out << "  long long *" << name << " = in_" << global.name << ";\n  long long " << name << "_len = in_" << global.name
          << "_len;\n";
    else
      out << "  " << type(global.type) << " " << name << " = in_" << global.name << ";\n";
  }

  void variable_declaration(std::ostream& out, const BoundedVariable& v) const override {
    out << "  " << type(v.type) << " " << v.name << " = 0;\n";
  }

  void obligation_tail(std::ostream& out) const override { out << "}\n"; }

  std::vector<std::string> arrays_;          // the int[] inputs, as the functions' parameters name them
  std::vector<const BoundedVariable*> pool_;  // one object per `new` of the bounded program
  std::string heap_contract_;
};

}  // namespace

std::string acsl_outcome_function(Outcome outcome) { return whyml_outcome_function(outcome); }

std::string export_acsl(const Program& program, const VerifierExportOptions& options) {
  BoundedProgram bounded = bound_program(program, BoundingOptions{options.loop_bound});
  return AcslWriter(program, bounded).write(asked_outcomes(options));
}

ExportResult export_acsl_files(const Program& program, const ExportOptions& options) {
  return verifier_export_file(program, options, ".c", &export_acsl, "frama-c -wp -wp-rte -wp-prover z3");
}

}  // namespace symref::interop
