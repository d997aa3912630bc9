// The exception the X3 grammar throws for errors that are not "expected ...": nesting too deep,
// an unterminated comment, digits running into letters, an overlong literal, chained comparisons.
#pragma once

#include <string>

#include <boost/spirit/home/x3.hpp>

namespace symref::grammar {

// Derives from x3::expectation_failure so that it unwinds through the grammar like one and is
// reported by the same handler (error_handler.hpp), with its message as it stands.
template <typename Iterator>
class syntax_error : public boost::spirit::x3::expectation_failure<Iterator> {
 public:
  syntax_error(Iterator where, const std::string& message)
      : boost::spirit::x3::expectation_failure<Iterator>(where, message) {}
};

}  // namespace symref::grammar
