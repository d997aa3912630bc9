// Fusion adaptation of the X3 syntax tree (ast.hpp), so that the grammar fills its fields in order.
//
// Every node that the grammar fills by attribute propagation is adapted; compound expressions
// are built by semantic actions instead (grammar_def.hpp), and are not.
#pragma once

#include <boost/fusion/include/adapt_struct.hpp>

#include "semantics/syntax/ast.hpp"

BOOST_FUSION_ADAPT_STRUCT(symref::ast::identifier, name)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::unary_operator_token, kind)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::binary_operator_token, kind)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::integer_literal, digits)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::boolean_literal, value)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::array_length, array)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::type_expression, name, is_array)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::typed_name, name, type)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::argument_list, arguments)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::local_declaration, name, type, value)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::object_creation, class_name)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::assigned_expression, value, call)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::expression_statement, head, tail)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::return_statement, value)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::assert_statement, condition)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::assume_statement, condition)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::block, statements)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::else_if, condition, then_block)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::if_statement, condition, then_block, else_ifs, otherwise)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::while_statement, condition, body)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::procedure_declaration, name, parameters, body)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::method_declaration, name, parameters, return_type, body)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::class_declaration, name, members)
BOOST_FUSION_ADAPT_STRUCT(symref::ast::program, declarations, main_keyword, main)
