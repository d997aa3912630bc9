// Constructors and queries of the generated program structure.
#include "props/program_shape.hpp"

namespace symref::props {

const VariableShape* ProgramShape::find_global(const std::string& name) const {
  for (const auto& global : globals)
    if (global.name == name) return &global;
  return nullptr;
}

const CallableShape* ProgramShape::find_procedure(const std::string& name) const {
  for (const auto& procedure : procedures)
    if (procedure.name == name) return &procedure;
  return nullptr;
}

const CallableShape* ProgramShape::find_method(std::int32_t class_index, const std::string& name) const {
  if (class_index < 0 || static_cast<std::size_t>(class_index) >= classes.size()) return nullptr;
  for (const auto& method : classes[class_index].methods)
    if (method.name == name) return &method;
  return nullptr;
}

const VariableShape* ProgramShape::find_field(std::int32_t class_index, const std::string& name) const {
  if (class_index < 0 || static_cast<std::size_t>(class_index) >= classes.size()) return nullptr;
  for (const auto& field : classes[class_index].fields)
    if (field.name == name) return &field;
  return nullptr;
}

ExpressionShape integer_literal(const Integer& value) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::IntegerLiteral;
  e.type = ShapeType::integer();
  e.integer = value;
  return e;
}

ExpressionShape boolean_literal(bool value) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::BooleanLiteral;
  e.type = ShapeType::boolean();
  e.boolean = value;
  return e;
}

ExpressionShape nil_literal(ShapeType type) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::Nil;
  e.type = type;
  return e;
}

ExpressionShape variable(const std::string& name, ShapeType type) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::Variable;
  e.type = type;
  e.name = name;
  return e;
}

ExpressionShape this_expression(std::int32_t class_index) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::This;
  e.type = ShapeType::object(class_index);
  return e;
}

ExpressionShape length_of(const std::string& array) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::Length;
  e.type = ShapeType::integer();
  e.name = array;
  return e;
}

ExpressionShape field_read(ExpressionShape object, const std::string& field, ShapeType type) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::FieldRead;
  e.type = type;
  e.name = field;
  e.operands.push_back(std::move(object));
  return e;
}

ExpressionShape array_read(const std::string& array, ExpressionShape index) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::ArrayRead;
  e.type = ShapeType::integer();
  e.name = array;
  e.operands.push_back(std::move(index));
  return e;
}

ExpressionShape unary(UnaryOperator op, ExpressionShape operand) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::Unary;
  e.type = op == UnaryOperator::Not ? ShapeType::boolean() : ShapeType::integer();
  e.unary_operator = op;
  e.operands.push_back(std::move(operand));
  return e;
}

namespace {
// The arithmetic operators give an int, the others a bool.
ShapeType binary_result_type(BinaryOperator op) {
  switch (op) {
    case BinaryOperator::Add:
    case BinaryOperator::Subtract:
    case BinaryOperator::Multiply:
    case BinaryOperator::Divide:
    case BinaryOperator::Remainder: return ShapeType::integer();
    default: return ShapeType::boolean();
  }
}
}  // namespace

ExpressionShape binary(BinaryOperator op, ExpressionShape left, ExpressionShape right) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::Binary;
  e.type = binary_result_type(op);
  e.binary_operator = op;
  e.operands.push_back(std::move(left));
  e.operands.push_back(std::move(right));
  return e;
}

ExpressionShape conditional(ExpressionShape condition, ExpressionShape when_true, ExpressionShape when_false) {
  ExpressionShape e;
  e.kind = ExpressionShapeKind::Conditional;
  e.type = when_true.type;
  e.operands.push_back(std::move(condition));
  e.operands.push_back(std::move(when_true));
  e.operands.push_back(std::move(when_false));
  return e;
}

bool is_nil_like(const ExpressionShape& expression) {
  if (expression.kind == ExpressionShapeKind::Nil) return true;
  return expression.kind == ExpressionShapeKind::Conditional && is_nil_like(expression.operands[1]) &&
         is_nil_like(expression.operands[2]);
}

namespace {
std::size_t expression_weight(const ExpressionShape& e) {
  std::size_t weight = 1;
  if (e.kind == ExpressionShapeKind::IntegerLiteral && !e.integer.is_small()) weight += 2;
  for (const auto& operand : e.operands) weight += expression_weight(operand);
  return weight;
}

std::size_t expressions_weight(const std::vector<ExpressionShape>& expressions) {
  std::size_t weight = 0;
  for (const auto& e : expressions) weight += expression_weight(e);
  return weight;
}

std::size_t statements_weight(const std::vector<StatementShape>& statements) {
  std::size_t weight = 0;
  for (const auto& s : statements)
    weight += 4 + expressions_weight(s.target) + expressions_weight(s.value) + expressions_weight(s.receiver) +
              expressions_weight(s.arguments) + statements_weight(s.body) + statements_weight(s.else_body);
  return weight;
}

std::size_t callable_weight(const CallableShape& callable) {
  std::size_t weight = 2 + statements_weight(callable.body) + expressions_weight(callable.result);
  for (const auto& local : callable.locals) weight += 2 + expression_weight(local.initial);
  return weight;
}
}  // namespace


std::size_t program_weight(const ProgramShape& program) {
  std::size_t weight = statements_weight(program.main);
  for (const auto& procedure : program.procedures) weight += callable_weight(procedure);
  for (const auto& cls : program.classes)
    for (const auto& method : cls.methods) weight += callable_weight(method);
  return weight;
}

}  // namespace symref::props
