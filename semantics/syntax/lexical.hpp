// The tokens of docs/language.md#lexical-structure as X3 parsers: the skipper (white space and
// comments), keywords that stop at a word boundary, identifiers that are not keywords, and
// integer literals.
//
// They are written by hand rather than composed from X3's character classes, which consult
// the C locale and may not be given bytes above 0x7f: the input can be any bytes at all.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>

#include "semantics/syntax/keywords.hpp"
#include "semantics/syntax/parser.hpp"
#include "semantics/syntax/syntax_error.hpp"

namespace symref::grammar {

namespace x3 = boost::spirit::x3;

// White space, `// ...` to the end of the line and `/* ... */` (not nested).  An unterminated
// `/*` is an error at its start: it would otherwise swallow the rest of the file silently.
struct skipper_parser : x3::parser<skipper_parser> {
  using attribute_type = x3::unused_type;
  static const bool has_attribute = false;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, const Iterator& last, const Context&, RContext&, Attribute&) const {
    const Iterator start = first;
    first = skip_blanks(first, last);
    if (last - first >= 2 && first[0] == '/' && first[1] == '*') throw syntax_error<Iterator>(first, "unterminated comment");
    return first != start;
  }

  // The first position from `first` on that is not white space or a comment; an unterminated
  // comment stops it at its `/*`.
  template <typename Iterator>
  static Iterator skip_blanks(Iterator first, const Iterator& last) {
    while (first != last) {
      const char c = *first;
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        ++first;
      } else if (c == '/' && last - first >= 2 && first[1] == '/') {
        first = std::find(first, last, '\n');
      } else if (c == '/' && last - first >= 2 && first[1] == '*') {
        constexpr std::string_view end_mark = "*/";
        Iterator end = std::search(first + 2, last, end_mark.begin(), end_mark.end());
        if (end == last) return first;
        first = end + 2;
      } else {
        break;
      }
    }
    return first;
  }
};

inline constexpr skipper_parser skipper{};

// A keyword: the word itself, not followed by an identifier character (`if` but not `iffy`).
struct keyword_parser : x3::parser<keyword_parser> {
  using attribute_type = x3::unused_type;
  static const bool has_attribute = false;

  std::string_view word;
  constexpr explicit keyword_parser(std::string_view word) : word(word) {}

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, const Iterator& last, const Context& context, RContext&, Attribute&) const {
    x3::skip_over(first, last, context);
    if (static_cast<std::size_t>(last - first) < word.size() || !std::equal(word.begin(), word.end(), first))
      return false;
    Iterator end = first + static_cast<std::ptrdiff_t>(word.size());
    if (end != last && is_identifier_character(*end)) return false;
    first = end;
    return true;
  }
};

inline keyword_parser keyword(std::string_view word) { return keyword_parser(word); }

// An identifier that is not a keyword; its attribute is its text.
struct identifier_parser : x3::parser<identifier_parser> {
  using attribute_type = std::string;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, const Iterator& last, const Context& context, RContext&, Attribute& attribute) const {
    x3::skip_over(first, last, context);
    if (first == last || !is_identifier_start(*first)) return false;
    Iterator end = std::find_if_not(first, last, is_identifier_character);
    if (is_reserved_word(std::string_view(&*first, static_cast<std::size_t>(end - first)))) return false;
    x3::traits::move_to(first, end, attribute);
    first = end;
    return true;
  }
};

inline constexpr identifier_parser identifier_token{};

// An integer literal: its digits.  Digits run into letters (`12ab`) and overlong literals are
// errors at the literal's start.
struct integer_parser : x3::parser<integer_parser> {
  using attribute_type = std::string;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, const Iterator& last, const Context& context, RContext&, Attribute& attribute) const {
    x3::skip_over(first, last, context);
    Iterator end = std::find_if_not(first, last, [](char c) { return c >= '0' && c <= '9'; });
    if (end == first) return false;
    if (end != last && is_identifier_character(*end))
      throw syntax_error<Iterator>(first, "identifiers cannot start with a digit");
    if (static_cast<std::size_t>(end - first) > max_integer_literal_digits)
      throw syntax_error<Iterator>(first, "integer literal longer than " + std::to_string(max_integer_literal_digits) +
                                              " digits");
    x3::traits::move_to(first, end, attribute);
    first = end;
    return true;
  }
};

inline constexpr integer_parser integer_token{};

}  // namespace symref::grammar

namespace boost::spirit::x3 {

// What an expectation failure names: `while`.
template <>
struct get_info<symref::grammar::keyword_parser> {
  using result_type = std::string;
  std::string operator()(const symref::grammar::keyword_parser& parser) const {
    return "`" + std::string(parser.word) + "`";
  }
};

}  // namespace boost::spirit::x3
