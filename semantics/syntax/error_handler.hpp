// Syntax errors of the X3 grammar as symref diagnostics: `file:line:col: error: expected ...`.
//
// An expectation point (`a > b`) that fails throws x3::expectation_failure naming what it
// expected; the grammar's own errors are thrown as syntax_error (syntax_error.hpp), which
// derives from it.  The program rule catches both (report_syntax_error::on_error) and turns
// them into one Diagnostic.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/error_reporting.hpp>

#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/keywords.hpp"
#include "semantics/syntax/lexical.hpp"
#include "semantics/syntax/syntax_error.hpp"

namespace symref::grammar {

namespace x3 = boost::spirit::x3;

// The context slot holding the DiagnosticSink that collects the error.
struct diagnostic_sink_tag;

// "expected `;`" from what X3 says it expected: a rule's name as it stands ("expression"), or a
// literal, which X3 quotes as ';' or "main" and which we quote as `;` and `main`.
inline std::string expectation_message(std::string_view expected) {
  if (expected.size() >= 2 && (expected.front() == '\'' || expected.front() == '"') &&
      expected.back() == expected.front())
    return "expected `" + std::string(expected.substr(1, expected.size() - 2)) + "`";
  return "expected " + std::string(expected);
}

// The word starting at `where`, if it is a keyword; empty otherwise.
template <typename Iterator>
std::string_view keyword_at(Iterator where, Iterator last) {
  if (where == last) return {};
  const Iterator end = std::find_if_not(where, last, is_identifier_character);
  std::string_view word(&*where, static_cast<std::size_t>(end - where));
  return is_reserved_word(word) ? word : std::string_view{};
}

// Mixed into the ID of the program rule: X3 calls on_error when an expectation fails anywhere
// inside it.  The error becomes a Diagnostic at the failing position; parsing stops there.
struct report_syntax_error {
  template <typename Iterator, typename Exception, typename Context>
  x3::error_handler_result on_error(Iterator&, const Iterator& last, const Exception& failure,
                                    const Context& context) const {
    const auto& positions = x3::get<x3::error_handler_tag>(context).get().get_position_cache();
    DiagnosticSink& sink = x3::get<diagnostic_sink_tag>(context);
    if (dynamic_cast<const syntax_error<Iterator>*>(&failure) != nullptr) {
      sink.error_at_offset(static_cast<std::size_t>(failure.where() - positions.first()), failure.which());
      return x3::error_handler_result::fail;
    }
    // An expectation fails where the parser stood, which may be before white space: point at
    // what is there instead.
    const Iterator where = skipper_parser::skip_blanks(failure.where(), last);
    std::string message = expectation_message(failure.which());
    // A keyword where a name was expected is a common slip; say so.
    std::string_view keyword = keyword_at(where, last);
    if (!keyword.empty() && message.size() > 5 && message.compare(message.size() - 5, 5, " name") == 0)
      message += ", but `" + std::string(keyword) + "` is a keyword";
    sink.error_at_offset(static_cast<std::size_t>(where - positions.first()), std::move(message));
    return x3::error_handler_result::fail;
  }
};

}  // namespace symref::grammar
