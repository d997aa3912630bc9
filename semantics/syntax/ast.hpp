// The syntax tree the X3 grammar builds (docs/language.md#grammar), before parser.cpp lowers it to Program.
//
// Nodes derive from x3::position_tagged; their source positions live in the x3::error_handler's
// position cache.  Compound expressions are built by the grammar's semantic actions, each
// recording its height so that the grammar can enforce max_nesting_depth on what it parses in
// loops.  A chain of left-associative operators of one level is one flat node (binary_chain), and
// an `if` holds its `else if`s in a list, so that the tree is as deep as the nesting (parser.hpp).
#pragma once

#include <string>
#include <vector>

#include <boost/optional.hpp>
#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>
#include <boost/spirit/home/x3/support/ast/variant.hpp>

#include "semantics/syntax/program.hpp"

namespace symref::ast {

namespace x3 = boost::spirit::x3;

// ---------------------------------------------------------------------------------------------
// Tokens that carry a position

struct identifier : x3::position_tagged {
  std::string name;
};

struct unary_operator_token : x3::position_tagged {
  UnaryOperator kind = UnaryOperator::Not;
};

struct binary_operator_token : x3::position_tagged {
  BinaryOperator kind = BinaryOperator::Add;
};

// A punctuation mark or keyword whose only content is where it is (`?`, `[`, `(`, `main`).
struct token_position : x3::position_tagged {};

// ---------------------------------------------------------------------------------------------
// Expressions

struct integer_literal : x3::position_tagged {
  std::string digits;
};

struct boolean_literal : x3::position_tagged {
  bool value = false;
};

struct nil_literal : x3::position_tagged {};

struct this_reference : x3::position_tagged {};

// len(a)
struct array_length : x3::position_tagged {
  identifier array;
};

struct parenthesized;
struct unary_operation;
struct binary_operation;
struct binary_chain;
struct conditional;
struct field_access;
struct element_access;

struct expression : x3::variant<integer_literal, boolean_literal, nil_literal, this_reference, identifier,
                                array_length, x3::forward_ast<parenthesized>, x3::forward_ast<unary_operation>,
                                x3::forward_ast<binary_operation>, x3::forward_ast<binary_chain>,
                                x3::forward_ast<conditional>,
                                x3::forward_ast<field_access>, x3::forward_ast<element_access>> {
  using base_type::base_type;
  using base_type::operator=;
};

struct parenthesized {
  token_position open;  // `(`
  expression inner;
  int height = 1;
};

struct unary_operation {
  unary_operator_token operator_token;
  expression operand;
  int height = 1;
};

struct binary_operation {
  expression left;
  binary_operator_token operator_token;
  expression right;
  int height = 1;
};

// One operator of a chain and its right operand.
struct chain_link {
  binary_operator_token operator_token;
  expression operand;
};

// first op1 e1 op2 e2 ..., all operators of one level that associates to the left: ((first op1
// e1) op2 e2) ...
struct binary_chain {
  expression first;
  std::vector<chain_link> rest;
  int height = 1;
};

struct conditional {
  expression condition;
  token_position question_mark;
  expression when_true;
  expression when_false;
  int height = 1;
};

// e.f, and the e.m of a method call
struct field_access {
  expression object;
  identifier field;
  int height = 1;
};

// a[i]
struct element_access {
  expression array;
  token_position open_bracket;
  expression index;
  int height = 1;
};

// ---------------------------------------------------------------------------------------------
// Statements

// `int`, `bool`, `int[]` or a class name.
struct type_expression : x3::position_tagged {
  std::string name;
  bool is_array = false;
};

// `x: T`, in `var x: T;`, `field x: T;` and parameter lists.
struct typed_name : x3::position_tagged {
  identifier name;
  type_expression type;
};

struct argument_list : x3::position_tagged {
  std::vector<expression> arguments;
};

// var u: T := e;
struct local_declaration : x3::position_tagged {
  identifier name;
  type_expression type;
  expression value;
};

// new C
struct object_creation : x3::position_tagged {
  identifier class_name;
};

// The right-hand side of `:=` other than `new C`: an expression, or with arguments the method
// call `e.m(args)` (the expression is then the e.m; parser.cpp checks that it has that form).
struct assigned_expression {
  expression value;
  boost::optional<argument_list> call;
};

struct assignment_source : x3::variant<object_creation, assigned_expression> {
  using base_type::base_type;
  using base_type::operator=;
};

// What follows the leading expression of a statement: `:= ...` or `(args)`.
struct statement_tail : x3::variant<assignment_source, argument_list> {
  using base_type::base_type;
  using base_type::operator=;
};

// A statement that starts with an expression: `h := ...;`, `e.m(args);` or `P(args);`.
// What the head must be (an assignable location, e.m, or a procedure name) is decided by
// parser.cpp, after the parse, because the grammar cannot tell them apart without backtracking.
struct expression_statement : x3::position_tagged {
  expression head;
  statement_tail tail;
};

struct return_statement : x3::position_tagged {
  expression value;
};

struct assert_statement : x3::position_tagged {
  expression condition;
};

struct assume_statement : x3::position_tagged {
  expression condition;
};

struct skip_statement : x3::position_tagged {};

struct if_statement;
struct while_statement;

struct statement : x3::variant<local_declaration, expression_statement, return_statement, assert_statement,
                               assume_statement, skip_statement, x3::forward_ast<if_statement>,
                               x3::forward_ast<while_statement>> {
  using base_type::base_type;
  using base_type::operator=;
};

struct block : x3::position_tagged {
  std::vector<statement> statements;
};

// `if e { ... }` after an `else`; positioned at its `if`.
struct else_if : x3::position_tagged {
  expression condition;
  block then_block;
};

// if e { ... } else if e { ... } ... else { ... }
struct if_statement : x3::position_tagged {
  expression condition;
  block then_block;
  std::vector<else_if> else_ifs;
  boost::optional<block> otherwise;
};

struct while_statement : x3::position_tagged {
  expression condition;
  block body;
};

// ---------------------------------------------------------------------------------------------
// Declarations

struct procedure_declaration : x3::position_tagged {
  identifier name;
  std::vector<typed_name> parameters;
  block body;
};

struct method_declaration : x3::position_tagged {
  identifier name;
  std::vector<typed_name> parameters;
  type_expression return_type;
  block body;
};

// A field `field f: T;` or a method.
struct class_member : x3::variant<typed_name, method_declaration> {
  using base_type::base_type;
  using base_type::operator=;
};

struct class_declaration : x3::position_tagged {
  identifier name;
  std::vector<class_member> members;
};

// A global variable `var x: T;`, a procedure or a class.
struct declaration : x3::variant<typed_name, procedure_declaration, class_declaration> {
  using base_type::base_type;
  using base_type::operator=;
};

struct program {
  std::vector<declaration> declarations;
  token_position main_keyword;
  block main;
};

// The number of nesting levels from a node down to its deepest leaf, the node itself included.
struct height_visitor {
  using result_type = int;
  int operator()(const integer_literal&) const { return 1; }
  int operator()(const boolean_literal&) const { return 1; }
  int operator()(const nil_literal&) const { return 1; }
  int operator()(const this_reference&) const { return 1; }
  int operator()(const identifier&) const { return 1; }
  int operator()(const array_length&) const { return 2; }  // len and its array
  template <typename Compound>
  int operator()(const x3::forward_ast<Compound>& compound) const { return compound.get().height; }
};

inline int height_of(const expression& node) { return node.apply_visitor(height_visitor{}); }

}  // namespace symref::ast
