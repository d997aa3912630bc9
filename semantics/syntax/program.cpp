// Small queries on the checked program representation.
#include "semantics/syntax/program.hpp"

namespace symref {

const char* operator_spelling(BinaryOperator op) {
  switch (op) {
    case BinaryOperator::Add: return "+";
    case BinaryOperator::Subtract: return "-";
    case BinaryOperator::Multiply: return "*";
    case BinaryOperator::Divide: return "/";
    case BinaryOperator::Remainder: return "%";
    case BinaryOperator::Less: return "<";
    case BinaryOperator::LessEqual: return "<=";
    case BinaryOperator::Greater: return ">";
    case BinaryOperator::GreaterEqual: return ">=";
    case BinaryOperator::Equal: return "==";
    case BinaryOperator::NotEqual: return "!=";
    case BinaryOperator::And: return "&&";
    case BinaryOperator::Or: return "||";
    case BinaryOperator::Implies: return "==>";
  }
  return "?";
}

Expression::~Expression() {
  bool deep = false;
  for (const ExpressionPointer& operand : operands) deep = deep || (operand && !operand->operands.empty());
  if (!deep) return;
  std::vector<ExpressionPointer> doomed = std::move(operands);
  while (!doomed.empty()) {
    ExpressionPointer last = std::move(doomed.back());
    doomed.pop_back();
    if (!last) continue;
    for (ExpressionPointer& operand : last->operands) doomed.push_back(std::move(operand));
    // `last` dies here with operands that are all null.
  }
}

Statement::~Statement() {
  if (then_block.statements.empty() && else_block.statements.empty() && body.statements.empty()) return;
  std::vector<Statement> doomed;
  const auto take = [&doomed](Block& block) {
    for (Statement& statement : block.statements) doomed.push_back(std::move(statement));
    block.statements.clear();
  };
  take(then_block);
  take(else_block);
  take(body);
  while (!doomed.empty()) {
    Statement last = std::move(doomed.back());
    doomed.pop_back();
    take(last.then_block);
    take(last.else_block);
    take(last.body);
    // `last` dies here with empty blocks.
  }
}

std::string Callable::display_name(const Program& program) const {
  if (is_method && class_index >= 0) return program.classes[class_index].name + "." + name;
  return name;
}

const Callable* Program::find_method(std::int32_t class_id, const std::string& name) const {
  if (class_id < 0 || class_id >= static_cast<std::int32_t>(classes.size())) return nullptr;
  for (std::int32_t index : classes[class_id].methods)
    if (callables[index].name == name) return &callables[index];
  return nullptr;
}

const Field* Program::find_field(std::int32_t class_id, const std::string& name) const {
  if (class_id < 0 || class_id >= static_cast<std::int32_t>(classes.size())) return nullptr;
  for (std::int32_t index : classes[class_id].fields)
    if (fields[index].name == name) return &fields[index];
  return nullptr;
}

std::string Program::type_to_string(const Type& type) const {
  switch (type.kind) {
    case TypeKind::Int: return "int";
    case TypeKind::Bool: return "bool";
    case TypeKind::IntArray: return "int[]";
    case TypeKind::Reference:
      return type.class_index >= 0 && type.class_index < static_cast<std::int32_t>(classes.size())
                 ? classes[type.class_index].name
                 : "<class>";
    case TypeKind::Nil: return "nil";
    case TypeKind::Void: return "void";
  }
  return "?";
}

}  // namespace symref
