// Test helper: a program's tree as text, without positions, to compare the structure of two parses.
#pragma once

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "semantics/syntax/program.hpp"

namespace symref::testing {

namespace structure_detail {

// A piece of the text still to write: literal text, or a node of the tree to expand.
using Piece = std::variant<std::string, const Expression*, const Statement*, const Block*>;

// A leaf's whole text, or the head of an inner node's parenthesised form.
inline std::string head(const Expression& expression) {
  switch (expression.kind) {
    case ExpressionKind::IntegerLiteral: return expression.integer.to_string();
    case ExpressionKind::BooleanLiteral: return expression.boolean ? "true" : "false";
    case ExpressionKind::NilLiteral: return "nil";
    case ExpressionKind::This: return "this";
    case ExpressionKind::Variable: return expression.name;
    case ExpressionKind::ArrayLength: return "len";
    case ExpressionKind::FieldRead: return "." + expression.name;
    case ExpressionKind::ArrayRead: return "[]";
    case ExpressionKind::Unary: return expression.unary_operator == UnaryOperator::Not ? "!" : "neg";
    case ExpressionKind::Conditional: return "?";
    case ExpressionKind::Binary: {
      static const char* const names[] = {"+", "-", "*", "/", "%", "<", "<=", ">", ">=",
                                          "==", "!=", "&&", "||", "==>"};
      return names[static_cast<int>(expression.binary_operator)];
    }
  }
  return "?";
}

inline bool is_leaf(const Expression& expression) {
  switch (expression.kind) {
    case ExpressionKind::IntegerLiteral:
    case ExpressionKind::BooleanLiteral:
    case ExpressionKind::NilLiteral:
    case ExpressionKind::This:
    case ExpressionKind::Variable: return true;
    default: return false;
  }
}

// The pieces one node stands for, in writing order.
inline std::vector<Piece> expand(const Expression& expression) {
  if (is_leaf(expression)) return {head(expression)};
  std::vector<Piece> pieces{"(" + head(expression)};
  for (const auto& operand : expression.operands) {
    pieces.emplace_back(std::string(" "));
    pieces.emplace_back(operand.get());
  }
  pieces.emplace_back(std::string(")"));
  return pieces;
}

inline std::vector<Piece> expand(const Statement& statement) {
  auto part = [](const ExpressionPointer& expression) -> Piece {
    if (expression) return expression.get();
    return std::string("-");
  };
  std::vector<Piece> pieces{"[" + std::to_string(static_cast<int>(statement.kind)) + " ", part(statement.target),
                            std::string(" "), part(statement.value), std::string(" "), part(statement.receiver),
                            " " + statement.type_name + " " + statement.class_name + " " + statement.callee_name + " ("};
  for (const auto& argument : statement.arguments) {
    pieces.emplace_back(argument.get());
    pieces.emplace_back(std::string(" "));
  }
  pieces.emplace_back(std::string(") "));
  pieces.emplace_back(&statement.then_block);
  pieces.emplace_back(std::string(statement.has_else ? " else " : " "));
  pieces.emplace_back(&statement.else_block);
  pieces.emplace_back(std::string(" "));
  pieces.emplace_back(&statement.body);
  pieces.emplace_back(std::string("]"));
  return pieces;
}

inline std::vector<Piece> expand(const Block& block) {
  std::vector<Piece> pieces{std::string("{")};
  for (const Statement& statement : block.statements) {
    pieces.emplace_back(&statement);
    pieces.emplace_back(std::string(" "));
  }
  pieces.emplace_back(std::string("}"));
  return pieces;
}

// Writes `root` with an explicit stack, not by recursion: the tests print chains thousands of
// nodes deep, deeper than a sanitizer build's stack allows recursive calls.
inline std::string write(Piece root) {
  std::string out;
  std::vector<Piece> stack{std::move(root)};
  while (!stack.empty()) {
    Piece piece = std::move(stack.back());
    stack.pop_back();
    if (const std::string* text = std::get_if<std::string>(&piece)) {
      out += *text;
      continue;
    }
    std::vector<Piece> pieces = std::visit(
        [](auto node) -> std::vector<Piece> {
          if constexpr (std::is_same_v<decltype(node), std::string>)
            return {};
          else
            return expand(*node);
        },
        std::move(piece));
    for (auto it = pieces.rbegin(); it != pieces.rend(); ++it) stack.push_back(std::move(*it));
  }
  return out;
}

}  // namespace structure_detail

// An expression as a fully parenthesised prefix tree: (+ (* a b) c); `neg` is unary minus.
inline std::string structure(const Expression& expression) { return structure_detail::write(&expression); }

// A statement as [kind target value receiver types callee (arguments) then else body].
inline std::string structure(const Statement& statement) { return structure_detail::write(&statement); }

inline std::string structure(const Block& block) { return structure_detail::write(&block); }

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
