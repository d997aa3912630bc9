// The iterator and context types with which the X3 grammar is compiled (grammar.cpp) and called
// (parser.cpp); they must agree exactly, so they are written down once, here.
#pragma once

#include <string>

#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/error_reporting.hpp>

#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/error_handler.hpp"
#include "semantics/syntax/lexical.hpp"
#include "semantics/syntax/nesting.hpp"

namespace symref::grammar {

namespace x3 = boost::spirit::x3;

using iterator_type = std::string::const_iterator;

// The source positions of syntax tree nodes (x3::position_tagged) are kept by x3::error_handler.
using position_handler_type = x3::error_handler<iterator_type>;

using phrase_context_type = x3::phrase_parse_context<skipper_parser>::type;

// Outermost first, as parser.cpp wraps the program rule: the position handler, the diagnostics
// sink, the nesting depth counter.
using context_type = x3::context<
    nesting_depth_tag, int,
    x3::context<diagnostic_sink_tag, DiagnosticSink,
                x3::context<x3::error_handler_tag, std::reference_wrapper<position_handler_type>, phrase_context_type>>>;

}  // namespace symref::grammar
