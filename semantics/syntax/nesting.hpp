// The X3 directive `nested[p]` that enforces max_nesting_depth (parser.hpp) while parsing.
//
// The grammar recurses only through `nested[...]`: it counts the levels entered in an int that
// the parser puts into the context (x3::with<nesting_depth_tag>), and throws a syntax_error at
// the construct that would go one level too deep — before parsing it, so that 200,000 nested
// parentheses cost 200 levels of stack, not 200,000.  Chains that the grammar parses in a loop
// (a + b + c) do not recurse; their actions check the height of what they build
// (check_nesting below).
#pragma once

#include <string>

#include <boost/spirit/home/x3.hpp>

#include "semantics/syntax/syntax_error.hpp"
#include "semantics/syntax/parser.hpp"

namespace symref::grammar {

namespace x3 = boost::spirit::x3;

// The context slot holding the number of levels entered (an int).
struct nesting_depth_tag;

template <typename Subject>
struct nested_directive : x3::unary_parser<Subject, nested_directive<Subject>> {
  using base_type = x3::unary_parser<Subject, nested_directive<Subject>>;
  static const bool is_pass_through_unary = true;
  static const bool handles_container = Subject::handles_container;

  constexpr explicit nested_directive(const Subject& subject) : base_type(subject) {}

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, const Iterator& last, const Context& context, RContext& rcontext,
             Attribute& attribute) const {
    int& depth = x3::get<nesting_depth_tag>(context);
    x3::skip_over(first, last, context);  // so that the error points at the construct itself
    if (depth >= max_nesting_depth) throw syntax_error<Iterator>(first, nesting_message());
    ++depth;
    struct leave_level {
      int& depth;
      ~leave_level() { --depth; }
    } leave{depth};
    return this->subject.parse(first, last, context, rcontext, attribute);
  }
};

struct nested_generator {
  template <typename Subject>
  constexpr nested_directive<typename x3::extension::as_parser<Subject>::value_type> operator[](
      const Subject& subject) const {
    return nested_directive<typename x3::extension::as_parser<Subject>::value_type>(x3::as_parser(subject));
  }
};

inline constexpr nested_generator nested{};

// For a node that a semantic action has just built, `height` levels high: throws at `where` (the
// node's operator) if its deepest leaf lies below max_nesting_depth.  The levels entered so far
// are the node's exact depth when it is the root of an expression and a lower bound otherwise, so
// the check never refuses too early, and the check at each expression's root misses nothing.
template <typename Iterator, typename Context>
void check_nesting(const Context& context, int height, Iterator where) {
  const int depth = x3::get<nesting_depth_tag>(context);
  if (depth + height - 1 > max_nesting_depth) throw syntax_error<Iterator>(where, nesting_message());
}

}  // namespace symref::grammar

namespace boost::spirit::x3 {

// An expectation failure on `nested[p]` names what p is.
template <typename Subject>
struct get_info<symref::grammar::nested_directive<Subject>> {
  using result_type = std::string;
  std::string operator()(const symref::grammar::nested_directive<Subject>& directive) const {
    return what(directive.subject);
  }
};

}  // namespace boost::spirit::x3
