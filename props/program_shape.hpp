// The typed structure of a generated program (§2–§4 constructs), printed and shrunk well typed.
//
// The typed structure of a generated program (docs/language.md §2–§4 constructs), from which random
// programs are printed as source text and which shrinking edits without leaving the well-typed ones.
//
// Everything refers to declarations by name, so that dropping a statement or simplifying an
// expression never invalidates the rest; the printer leaves out the declarations nothing uses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/syntax/program.hpp"
#include "semantics/values/integer.hpp"

namespace symref::props {

// int, bool, int[] (globals only) or a reference to an object of class `class_index`.
struct ShapeType {
  enum class Kind : std::uint8_t { Int, Bool, IntArray, Object };
  Kind kind = Kind::Int;
  std::int32_t class_index = -1;  // into ProgramShape::classes, for Object

  static ShapeType integer() { return {Kind::Int, -1}; }
  static ShapeType boolean() { return {Kind::Bool, -1}; }
  static ShapeType int_array() { return {Kind::IntArray, -1}; }
  static ShapeType object(std::int32_t class_index) { return {Kind::Object, class_index}; }
  bool is_object() const { return kind == Kind::Object; }
  friend bool operator==(const ShapeType&, const ShapeType&) = default;
};

enum class ExpressionShapeKind : std::uint8_t {
  IntegerLiteral,
  BooleanLiteral,
  Nil,
  Variable,    // name: a global, parameter or `var` local
  This,
  Length,      // len(name)
  FieldRead,   // operands[0].name
  ArrayRead,   // name[operands[0]]
  Unary,
  Binary,
  Conditional,
};

struct ExpressionShape {
  ExpressionShapeKind kind = ExpressionShapeKind::IntegerLiteral;
  ShapeType type;                // a Nil literal carries the class its context expects
  Integer integer;               // IntegerLiteral
  bool boolean = false;          // BooleanLiteral
  std::string name;              // Variable, Length and ArrayRead: the variable; FieldRead: the field
  UnaryOperator unary_operator = UnaryOperator::Not;
  BinaryOperator binary_operator = BinaryOperator::Add;
  std::vector<ExpressionShape> operands;
};

enum class StatementShapeKind : std::uint8_t {
  Assign,          // target := value (target a Variable, ArrayRead or FieldRead shape)
  New,             // target := new class_name
  MethodCall,      // [target :=] receiver.callee(arguments); has_target says which
  ProcedureCall,   // callee(arguments)
  If,              // if value { body } else { else_body }
  While,           // while value { body }
  Assert,
  Assume,
  Skip,
};

struct StatementShape {
  StatementShapeKind kind = StatementShapeKind::Skip;
  std::vector<ExpressionShape> target;    // zero or one: the assigned location
  std::vector<ExpressionShape> value;     // zero or one: the assigned value or the condition
  std::vector<ExpressionShape> receiver;  // zero or one: MethodCall
  std::vector<ExpressionShape> arguments;
  std::string callee;                     // MethodCall (a method of the receiver's class), ProcedureCall
  std::int32_t class_index = -1;          // New
  std::vector<StatementShape> body;       // If: then, While: body
  std::vector<StatementShape> else_body;  // If
  bool has_else = false;
};

struct VariableShape {
  std::string name;
  ShapeType type;
};

// A `var u: T := e;` at the top of a body.
struct LocalShape {
  std::string name;
  ShapeType type;
  ExpressionShape initial;
};

// A procedure (§3) or a method (§4): parameters, `var` locals, statements, and for a method the
// returned expression (its final `return e;`).
struct CallableShape {
  std::string name;
  bool is_method = false;
  std::int32_t class_index = -1;  // methods
  std::vector<VariableShape> parameters;
  std::vector<LocalShape> locals;
  std::vector<StatementShape> body;
  ShapeType return_type;                 // methods
  std::vector<ExpressionShape> result;   // methods: exactly one
};

struct ClassShape {
  std::string name;
  std::vector<VariableShape> fields;
  std::vector<CallableShape> methods;
};

struct ProgramShape {
  int level = 1;  // 1: globals, ints, bools, arrays, loops, assert/assume; 2: + procedures; 3: + classes
  std::vector<VariableShape> globals;
  std::vector<ClassShape> classes;
  std::vector<CallableShape> procedures;
  std::vector<StatementShape> main;

  const VariableShape* find_global(const std::string& name) const;
  const CallableShape* find_procedure(const std::string& name) const;
  const CallableShape* find_method(std::int32_t class_index, const std::string& name) const;
  const VariableShape* find_field(std::int32_t class_index, const std::string& name) const;
};

// Small constructors, so that generators and shrinkers read like the syntax they build.
ExpressionShape integer_literal(const Integer& value);
ExpressionShape boolean_literal(bool value);
ExpressionShape nil_literal(ShapeType type);
ExpressionShape variable(const std::string& name, ShapeType type);
ExpressionShape this_expression(std::int32_t class_index);
ExpressionShape length_of(const std::string& array);
ExpressionShape field_read(ExpressionShape object, const std::string& field, ShapeType type);
ExpressionShape array_read(const std::string& array, ExpressionShape index);
ExpressionShape unary(UnaryOperator op, ExpressionShape operand);
ExpressionShape binary(BinaryOperator op, ExpressionShape left, ExpressionShape right);
ExpressionShape conditional(ExpressionShape condition, ExpressionShape when_true, ExpressionShape when_false);

// A nil literal, or a conditional whose branches are both nil-like: the checker gives it a class
// only from its context, so it cannot be dereferenced or called (docs/language.md#static-rules).
bool is_nil_like(const ExpressionShape& expression);

// Number of statements, counting nested ones, and of expression nodes: the size shrinking lowers.
std::size_t program_weight(const ProgramShape& program);

}  // namespace symref::props
