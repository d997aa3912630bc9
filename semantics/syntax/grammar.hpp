// The X3 grammar of a whole program (docs/language.md#grammar): the declaration of its top rule.
// The rules are defined in grammar_def.hpp and compiled once, in grammar.cpp.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "semantics/syntax/ast.hpp"
#include "semantics/syntax/error_handler.hpp"

namespace symref::grammar {

namespace x3 = boost::spirit::x3;

// Syntax errors anywhere in a program are caught and reported by its rule.
struct program_class : report_syntax_error {};
using program_type = x3::rule<program_class, ast::program>;
BOOST_SPIRIT_DECLARE(program_type)

// The rule for a whole program, from its first declaration to the end of the text.
const program_type& program_rule();

// A condition on its own, e.g. a hand-computed path condition given on the command line: one
// expression and nothing after it.
struct condition_class : report_syntax_error {};
using condition_type = x3::rule<condition_class, ast::expression>;
BOOST_SPIRIT_DECLARE(condition_type)
const condition_type& condition_rule();

}  // namespace symref::grammar
