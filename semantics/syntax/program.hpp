// The program representation every engine runs on: the syntax of docs/language.md (§2 statements and
// arrays, §3 procedures, §4 classes and methods) after parsing, with names resolved, types
// assigned and variables placed in slots by the checker (semantics/syntax/checker.hpp).
//
// The parser fills in kinds, names, literals and source locations; the checker fills in the
// fields marked "resolved".  After checking, a Program is immutable: engines hold pointers into it
// and never copy program text while they step.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "semantics/syntax/source.hpp"
#include "semantics/values/integer.hpp"

namespace symref {

// ---------------------------------------------------------------------------------------------
// Types (docs/language.md#static-rules)

enum class TypeKind : std::uint8_t {
  Int,
  Bool,
  IntArray,   // int[]: global variables only
  Reference,  // an object of class `class_index`, or nil
  Nil,        // the type of the literal nil before the checker unifies it with a class
  Void,       // no value (statements; methods never have it)
};

struct Type {
  TypeKind kind = TypeKind::Void;
  std::int32_t class_index = -1;  // for Reference

  static Type integer() { return {TypeKind::Int, -1}; }
  static Type boolean() { return {TypeKind::Bool, -1}; }
  static Type int_array() { return {TypeKind::IntArray, -1}; }
  static Type reference(std::int32_t class_index) { return {TypeKind::Reference, class_index}; }
  static Type nil() { return {TypeKind::Nil, -1}; }
  bool is_reference_like() const { return kind == TypeKind::Reference || kind == TypeKind::Nil; }
  friend bool operator==(const Type&, const Type&) = default;
};

// ---------------------------------------------------------------------------------------------
// Expressions (side-effect free, §2 and §4)

enum class ExpressionKind : std::uint8_t {
  IntegerLiteral,
  BooleanLiteral,
  NilLiteral,
  This,         // resolved: local slot 0 of a method
  Variable,     // resolved: global or local slot
  ArrayLength,  // len(a); operands[0] is the Variable a
  FieldRead,    // e.f; operands[0] is e; resolved: field
  ArrayRead,    // a[i]; operands[0] is the Variable a, operands[1] is i
  Unary,
  Binary,
  Conditional,  // c ? a : b; operands c, a, b
};

enum class UnaryOperator : std::uint8_t { Not, Negate };

enum class BinaryOperator : std::uint8_t {
  Add, Subtract, Multiply, Divide, Remainder,
  Less, LessEqual, Greater, GreaterEqual,
  Equal, NotEqual,
  And, Or, Implies,  // lazy in their right operand (docs/language.md#expressions)
};

// How an operator is written in the language: "+", "<=", "==>", ...
const char* operator_spelling(BinaryOperator op);

// The precedence level of an operator, docs/language.md#expressions: 1 for `==>` (binding weakest)
// up to 7 for `*`, `/` and `%`.  Operators of one level chain: `a - b + c` is `(a - b) + c`.
constexpr int precedence_level(BinaryOperator op) {
  switch (op) {
    case BinaryOperator::Implies: return 1;
    case BinaryOperator::Or: return 2;
    case BinaryOperator::And: return 3;
    case BinaryOperator::Equal:
    case BinaryOperator::NotEqual: return 4;
    case BinaryOperator::Less:
    case BinaryOperator::LessEqual:
    case BinaryOperator::Greater:
    case BinaryOperator::GreaterEqual: return 5;
    case BinaryOperator::Add:
    case BinaryOperator::Subtract: return 6;
    case BinaryOperator::Multiply:
    case BinaryOperator::Divide:
    case BinaryOperator::Remainder: return 7;
  }
  return 0;
}

enum class Scope : std::uint8_t { Global, Local };

struct VariableSlot {
  Scope scope = Scope::Global;
  std::int32_t index = -1;  // into Program::globals, or into the enclosing Callable's locals
  friend bool operator==(const VariableSlot&, const VariableSlot&) = default;
};

struct Expression {
  ExpressionKind kind = ExpressionKind::IntegerLiteral;
  SourceLocation location;
  Type type;                      // resolved
  std::string name;               // Variable: the identifier; FieldRead: the field name
  VariableSlot variable;          // resolved, for Variable and This
  std::int32_t field = -1;        // resolved, for FieldRead: index into Program::fields
  UnaryOperator unary_operator = UnaryOperator::Not;
  BinaryOperator binary_operator = BinaryOperator::Add;
  Integer integer;                // IntegerLiteral
  bool boolean = false;           // BooleanLiteral
  std::vector<std::unique_ptr<Expression>> operands;

  const Expression& operand(std::size_t i) const { return *operands[i]; }

  Expression() = default;
  Expression(Expression&&) = default;
  Expression& operator=(Expression&&) = default;
  // Frees the operands with a loop, not a recursion: a chain of ten thousand `+` is ten thousand
  // levels deep.
  ~Expression();
};

using ExpressionPointer = std::unique_ptr<Expression>;

// Is `e` the operator of a chain that continues to its left, as the `+` of `(a - b) + c` (without
// the parentheses, which lowering drops): a Binary whose left operand is a Binary of the same
// level that associates to the left?  Such a left operand is no level deeper than the chain
// (parser.hpp, nesting depth); passes that recurse on expressions walk the chain in a loop.
inline bool continues_left_chain(const Expression& e) {
  if (e.kind != ExpressionKind::Binary || e.operands.size() != 2 || !e.operands[0]) return false;
  const Expression& left = *e.operands[0];
  const int level = precedence_level(e.binary_operator);
  // Comparisons do not chain, and `==>` associates to the right.
  return left.kind == ExpressionKind::Binary && precedence_level(left.binary_operator) == level &&
         (level == 2 || level == 3 || level == 6 || level == 7);
}

// True when `predicate` holds for `root` or one of its subexpressions.  Walks with a loop, not a
// recursion, in no particular order.
template <class Predicate>
bool any_subexpression(const Expression& root, Predicate&& predicate) {
  std::vector<const Expression*> pending{&root};
  while (!pending.empty()) {
    const Expression* e = pending.back();
    pending.pop_back();
    if (predicate(*e)) return true;
    for (const ExpressionPointer& operand : e->operands)
      if (operand) pending.push_back(operand.get());
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Statements

enum class StatementKind : std::uint8_t {
  LocalDeclaration,  // var u: T := e;          target: Variable u (local), value: e
  Assignment,        // h := e;                 target: Variable, ArrayRead or FieldRead
  New,               // h := new C;             target, class_index
  MethodCall,        // [h :=] e0.m(args);      target may be null, receiver, callee, arguments
  ProcedureCall,     // P(args);                callee, arguments
  Return,            // return e;               value
  If,                // if e {..} else {..}     value, then_block, else_block
  While,             // while e {..}            value, body
  Assert,            // assert e;               value
  Assume,            // assume e;               value
  Skip,
};

struct Statement;

struct Block {
  std::vector<Statement> statements;
  SourceLocation location;  // the opening brace
};

struct Statement {
  StatementKind kind = StatementKind::Skip;
  SourceLocation location;
  ExpressionPointer target;                // the assigned location h (see StatementKind)
  ExpressionPointer value;                 // the assigned, returned or tested expression
  ExpressionPointer receiver;              // MethodCall: e0
  std::vector<ExpressionPointer> arguments;
  std::string type_name;                   // LocalDeclaration: T as written
  Type declared_type;                      // LocalDeclaration: resolved T
  std::string class_name;                  // New: C as written
  std::int32_t class_index = -1;           // New: resolved C
  std::string callee_name;                 // MethodCall / ProcedureCall: as written
  std::int32_t callee = -1;                // resolved: index into Program::callables
  Block then_block;                        // If
  Block else_block;                        // If (empty when absent; `else if` is one nested If)
  bool has_else = false;
  Block body;                              // While

  // Resolved: does the statement (or, for If/While/Assert/Assume, its condition) read or write
  // a field or an array element, or call a method?  Then its definedness δ is not syntactically
  // true and the step forks D/E (docs/language.md#branch-letters).
  bool checks_definedness = false;

  Statement() = default;
  Statement(Statement&&) = default;
  Statement& operator=(Statement&&) = default;
  // Frees the nested statements with a loop, not a recursion: a chain of `else if` nests as
  // deeply as it is long.
  ~Statement();
};

// The If that an `else if` continues with: the one statement of an If's else block when it is
// an If itself, or null.  A chain of `else if`s nests as deeply as it is long; passes that recurse
// on statements follow it in a loop.
inline Statement* else_if(Statement& statement) {
  if (statement.kind != StatementKind::If || statement.else_block.statements.size() != 1) return nullptr;
  Statement& only = statement.else_block.statements.front();
  return only.kind == StatementKind::If ? &only : nullptr;
}
inline const Statement* else_if(const Statement& statement) { return else_if(const_cast<Statement&>(statement)); }

// Calls visit(s) for every statement of `block` and of the blocks nested in it, in the order they
// are written (a statement before its then, else and loop blocks), with a loop, not a recursion.
template <class Visitor>
void for_each_statement(const Block& block, Visitor&& visit) {
  std::vector<std::pair<const Block*, std::size_t>> pending{{&block, 0}};
  while (!pending.empty()) {
    const Block& current = *pending.back().first;
    const std::size_t index = pending.back().second++;
    if (index == current.statements.size()) {
      pending.pop_back();
      continue;
    }
    const Statement& statement = current.statements[index];
    visit(statement);
    for (const Block* nested : {&statement.body, &statement.else_block, &statement.then_block})
      if (!nested->statements.empty()) pending.emplace_back(nested, 0);
  }
}

// ---------------------------------------------------------------------------------------------
// Declarations

struct VariableDeclaration {
  std::string name;
  std::string type_name;  // as written
  Type type;              // resolved
  SourceLocation location;
};

struct Field {
  std::string name;
  std::string type_name;
  Type type;                      // resolved: Int, Bool or Reference
  std::int32_t class_index = -1;  // the declaring class
  std::int32_t position = -1;     // index among the declaring class's fields
  SourceLocation location;
};

// A procedure (§3) or a method (§4).  Locals occupy slots in this order: `this` (methods only),
// the parameters, then the `var` locals in textual order.
struct Callable {
  bool is_method = false;
  std::string name;
  std::int32_t class_index = -1;  // methods only
  std::vector<VariableDeclaration> locals;
  std::int32_t parameter_count = 0;  // not counting `this`
  std::string return_type_name;      // methods only, as written
  Type return_type;                  // methods only, resolved; Void for procedures
  Block body;
  SourceLocation location;

  std::int32_t first_parameter_slot() const { return is_method ? 1 : 0; }
  std::string display_name(const struct Program& program) const;
};

struct Class {
  std::string name;
  std::vector<std::int32_t> fields;   // indices into Program::fields, in declaration order
  std::vector<std::int32_t> methods;  // indices into Program::callables
  SourceLocation location;
};

struct Program {
  std::shared_ptr<const SourceFile> source;
  std::vector<VariableDeclaration> globals;
  std::vector<Class> classes;
  std::vector<Field> fields;
  std::vector<Callable> callables;
  Block main;
  SourceLocation main_location;

  // Resolved lookups by name.
  std::unordered_map<std::string, std::int32_t> global_index;
  std::unordered_map<std::string, std::int32_t> class_index;
  std::unordered_map<std::string, std::int32_t> procedure_index;  // into callables

  const Callable* find_method(std::int32_t class_id, const std::string& name) const;
  const Field* find_field(std::int32_t class_id, const std::string& name) const;
  std::string type_to_string(const Type& type) const;
};

}  // namespace symref
