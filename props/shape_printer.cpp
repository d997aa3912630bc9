// Printing generated program structures; the declarations kept are those reachable from `main`.
#include "props/shape_printer.hpp"

#include <set>
#include <sstream>
#include <utility>

namespace symref::props {

namespace {

bool is_postfix(const ExpressionShape& e) {
  return e.kind == ExpressionShapeKind::Variable || e.kind == ExpressionShapeKind::This ||
         e.kind == ExpressionShapeKind::FieldRead || e.kind == ExpressionShapeKind::ArrayRead ||
         e.kind == ExpressionShapeKind::Length || e.kind == ExpressionShapeKind::BooleanLiteral ||
         e.kind == ExpressionShapeKind::Nil ||
         (e.kind == ExpressionShapeKind::IntegerLiteral && e.integer.sign() >= 0);
}

class Printer {
 public:
  explicit Printer(const ProgramShape& program) : program_(program) {}

  std::string expression(const ExpressionShape& e) {
    switch (e.kind) {
      case ExpressionShapeKind::IntegerLiteral: return e.integer.to_string();
      case ExpressionShapeKind::BooleanLiteral: return e.boolean ? "true" : "false";
      case ExpressionShapeKind::Nil: return "nil";
      case ExpressionShapeKind::Variable: return e.name;
      case ExpressionShapeKind::This: return "this";
      case ExpressionShapeKind::Length: return "len(" + e.name + ")";
      case ExpressionShapeKind::FieldRead: return postfix(e.operands[0]) + "." + e.name;
      case ExpressionShapeKind::ArrayRead: return e.name + "[" + expression(e.operands[0]) + "]";
      case ExpressionShapeKind::Unary:
        return std::string(e.unary_operator == UnaryOperator::Not ? "!" : "-") + postfix(e.operands[0]);
      case ExpressionShapeKind::Binary:
        return postfix(e.operands[0]) + " " + operator_spelling(e.binary_operator) + " " + postfix(e.operands[1]);
      case ExpressionShapeKind::Conditional:
        return postfix(e.operands[0]) + " ? " + postfix(e.operands[1]) + " : " + postfix(e.operands[2]);
    }
    return "?";
  }

  // An operand: parenthesized unless it is a primary or a postfix chain.
  std::string postfix(const ExpressionShape& e) { return is_postfix(e) ? expression(e) : "(" + expression(e) + ")"; }

  void statements(const std::vector<StatementShape>& list, const std::string& indent, std::ostringstream& out) {
    for (const auto& s : list) statement(s, indent, out);
  }

  void statement(const StatementShape& s, const std::string& indent, std::ostringstream& out) {
    switch (s.kind) {
      case StatementShapeKind::Assign:
        out << indent << expression(s.target[0]) << " := " << expression(s.value[0]) << ";\n";
        break;
      case StatementShapeKind::New:
        out << indent << expression(s.target[0]) << " := new " << program_.classes[s.class_index].name << ";\n";
        break;
      case StatementShapeKind::MethodCall:
        out << indent;
        if (!s.target.empty()) out << expression(s.target[0]) << " := ";
        out << postfix(s.receiver[0]) << "." << s.callee << "(" << arguments(s.arguments) << ");\n";
        break;
      case StatementShapeKind::ProcedureCall:
        out << indent << s.callee << "(" << arguments(s.arguments) << ");\n";
        break;
      case StatementShapeKind::If:
        out << indent << "if " << expression(s.value[0]) << " {\n";
        statements(s.body, indent + "  ", out);
        if (s.has_else) {
          out << indent << "} else {\n";
          statements(s.else_body, indent + "  ", out);
        }
        out << indent << "}\n";
        break;
      case StatementShapeKind::While:
        out << indent << "while " << expression(s.value[0]) << " {\n";
        statements(s.body, indent + "  ", out);
        out << indent << "}\n";
        break;
      case StatementShapeKind::Assert: out << indent << "assert " << expression(s.value[0]) << ";\n"; break;
      case StatementShapeKind::Assume: out << indent << "assume " << expression(s.value[0]) << ";\n"; break;
      case StatementShapeKind::Skip: out << indent << "skip;\n"; break;
    }
  }

  std::string arguments(const std::vector<ExpressionShape>& list) {
    std::string text;
    for (std::size_t k = 0; k < list.size(); ++k) text += (k == 0 ? "" : ", ") + expression(list[k]);
    return text;
  }

  std::string type_name(const ShapeType& type) {
    switch (type.kind) {
      case ShapeType::Kind::Int: return "int";
      case ShapeType::Kind::Bool: return "bool";
      case ShapeType::Kind::IntArray: return "int[]";
      case ShapeType::Kind::Object: return program_.classes[type.class_index].name;
    }
    return "?";
  }

  void callable(const CallableShape& c, const std::string& indent, std::ostringstream& out) {
    out << indent << (c.is_method ? "method " : "proc ") << c.name << "(";
    for (std::size_t k = 0; k < c.parameters.size(); ++k)
      out << (k == 0 ? "" : ", ") << c.parameters[k].name << ": " << type_name(c.parameters[k].type);
    out << ")";
    if (c.is_method) out << ": " << type_name(c.return_type);
    out << " {\n";
    for (const auto& local : c.locals)
      out << indent << "  var " << local.name << ": " << type_name(local.type) << " := " << expression(local.initial)
          << ";\n";
    statements(c.body, indent + "  ", out);
    if (c.is_method) out << indent << "  return " << expression(c.result[0]) << ";\n";
    out << indent << "}\n";
  }

 private:
  const ProgramShape& program_;
};

// What the program text must declare: the globals, fields, classes and callables reachable from
// `main` (a call makes its callee reachable).
class UsedDeclarations {
 public:
  explicit UsedDeclarations(const ProgramShape& program) : program_(program) {
    statements(program.main);
    while (!pending_.empty()) {
      const CallableShape* c = pending_.back();
      pending_.pop_back();
      for (const auto& parameter : c->parameters) type(parameter.type);
      for (const auto& local : c->locals) {
        type(local.type);
        expression(local.initial);
      }
      statements(c->body);
      if (c->is_method) {
        classes.insert(c->class_index);
        type(c->return_type);
        for (const auto& e : c->result) expression(e);
      }
    }
  }

  std::set<std::string> globals;
  std::set<std::pair<std::int32_t, std::string>> fields;
  std::set<std::int32_t> classes;
  std::set<const CallableShape*> callables;

 private:
  void type(const ShapeType& t) {
    if (t.is_object()) classes.insert(t.class_index);
  }
  void reach(const CallableShape* c) {
    if (c != nullptr && callables.insert(c).second) pending_.push_back(c);
  }
  void expression(const ExpressionShape& e) {
    type(e.type);
    switch (e.kind) {
      case ExpressionShapeKind::Variable:
      case ExpressionShapeKind::Length:
      case ExpressionShapeKind::ArrayRead:
        if (const VariableShape* global = program_.find_global(e.name)) {
          globals.insert(e.name);
          type(global->type);
        }
        break;
      case ExpressionShapeKind::FieldRead: {
        const std::int32_t owner = e.operands[0].type.class_index;
        fields.emplace(owner, e.name);
        classes.insert(owner);
        break;
      }
      default: break;
    }
    for (const auto& operand : e.operands) expression(operand);
  }
  void statements(const std::vector<StatementShape>& list) {
    for (const auto& s : list) {
      for (const auto& e : s.target) expression(e);
      for (const auto& e : s.value) expression(e);
      for (const auto& e : s.receiver) expression(e);
      for (const auto& e : s.arguments) expression(e);
      if (s.kind == StatementShapeKind::New) classes.insert(s.class_index);
      if (s.kind == StatementShapeKind::ProcedureCall) reach(program_.find_procedure(s.callee));
      if (s.kind == StatementShapeKind::MethodCall) reach(program_.find_method(s.receiver[0].type.class_index, s.callee));
      statements(s.body);
      statements(s.else_body);
    }
  }

  const ProgramShape& program_;
  std::vector<const CallableShape*> pending_;
};

}  // namespace

std::string print_program_shape(const ProgramShape& program) {
  UsedDeclarations used(program);
  // A printed field's type needs its class too.
  for (const auto& [owner, name] : used.fields)
    if (const VariableShape* field = program.find_field(owner, name))
      if (field->type.is_object()) used.classes.insert(field->type.class_index);
  Printer printer(program);
  std::ostringstream out;
  for (const auto& global : program.globals)
    if (used.globals.contains(global.name)) out << "var " << global.name << ": " << printer.type_name(global.type) << ";\n";
  for (std::size_t c = 0; c < program.classes.size(); ++c) {
    const auto index = static_cast<std::int32_t>(c);
    if (!used.classes.contains(index)) continue;
    const ClassShape& cls = program.classes[c];
    out << "\nclass " << cls.name << " {\n";
    for (const auto& field : cls.fields)
      if (used.fields.contains({index, field.name}))
        out << "  field " << field.name << ": " << printer.type_name(field.type) << ";\n";
    for (const auto& method : cls.methods)
      if (used.callables.contains(&method)) printer.callable(method, "  ", out);
    out << "}\n";
  }
  for (const auto& procedure : program.procedures)
    if (used.callables.contains(&procedure)) {
      out << "\n";
      printer.callable(procedure, "", out);
    }
  out << "\nmain {\n";
  printer.statements(program.main, "  ", out);
  out << "}\n";
  return out.str();
}

}  // namespace symref::props
