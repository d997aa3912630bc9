// Test helper: a program's tree as text, without positions, to compare the structure of two parses.
#pragma once

#include <string>

#include "semantics/syntax/program.hpp"

namespace symref::testing {

// An expression as a fully parenthesised prefix tree: (+ (* a b) c); `neg` is unary minus.
inline std::string structure(const Expression& expression) {
  auto with_operands = [&](const std::string& head) {
    std::string out = "(";
    out += head;
    for (const auto& operand : expression.operands) {
      out += ' ';
      out += structure(*operand);
    }
    return out + ")";
  };
  switch (expression.kind) {
    case ExpressionKind::IntegerLiteral: return expression.integer.to_string();
    case ExpressionKind::BooleanLiteral: return expression.boolean ? "true" : "false";
    case ExpressionKind::NilLiteral: return "nil";
    case ExpressionKind::This: return "this";
    case ExpressionKind::Variable: return expression.name;
    case ExpressionKind::ArrayLength: return with_operands("len");
    case ExpressionKind::FieldRead: return with_operands("." + expression.name);
    case ExpressionKind::ArrayRead: return with_operands("[]");
    case ExpressionKind::Unary: return with_operands(expression.unary_operator == UnaryOperator::Not ? "!" : "neg");
    case ExpressionKind::Conditional: return with_operands("?");
    case ExpressionKind::Binary: {
      static const char* const names[] = {"+", "-", "*", "/", "%", "<", "<=", ">", ">=",
                                          "==", "!=", "&&", "||", "==>"};
      return with_operands(names[static_cast<int>(expression.binary_operator)]);
    }
  }
  return "?";
}

inline std::string structure(const Block& block);

inline std::string structure(const Statement& statement) {
  auto part = [](const ExpressionPointer& expression) { return expression ? structure(*expression) : "-"; };
  std::string out = "[" + std::to_string(static_cast<int>(statement.kind)) + " " + part(statement.target) + " " +
                    part(statement.value) + " " + part(statement.receiver) + " " + statement.type_name + " " +
                    statement.class_name + " " + statement.callee_name + " (";
  for (const auto& argument : statement.arguments) out += structure(*argument) + " ";
  out += ") " + structure(statement.then_block) + (statement.has_else ? " else " : " ") +
         structure(statement.else_block) + " " + structure(statement.body) + "]";
  return out;
}

inline std::string structure(const Block& block) {
  std::string out = "{";
  for (const Statement& statement : block.statements) out += structure(statement) + " ";
  return out + "}";
}

// Declarations in the order the program keeps them, then main.
inline std::string structure(const Program& program) {
  std::string out;
  for (const auto& global : program.globals) out += "var " + global.name + ": " + global.type_name + "\n";
  for (const auto& declaration : program.classes) {
    out += "class " + declaration.name + " fields";
    for (auto field : declaration.fields)
      out += " " + program.fields[field].name + ":" + program.fields[field].type_name;
    out += " methods";
    for (auto method : declaration.methods) {
      out += ' ';
      out += std::to_string(method);
    }
    out += "\n";
  }
  for (const auto& callable : program.callables) {
    out += (callable.is_method ? "method " : "proc ") + callable.name + " " + std::to_string(callable.class_index) +
           " " + std::to_string(callable.parameter_count) + " :" + callable.return_type_name;
    for (const auto& local : callable.locals) out += " " + local.name + ":" + local.type_name;
    out += " " + structure(callable.body) + "\n";
  }
  return out + "main " + structure(program.main) + "\n";
}

}  // namespace symref::testing
