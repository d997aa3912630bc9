// The printer: expressions, statements and whole programs back in the concrete syntax of docs/language.md.
//
// Parentheses are written exactly where the precedence and associativity of docs/language.md
// "Grammar" need them (`?:` and `==>` associate to the right, `==`, `!=` and the comparisons do
// not associate, the other binary operators associate to the left), so parsing the output gives
// back the same tree: print(parse(print(parse(text)))) == print(parse(text)).
#pragma once

#include <string>

#include "semantics/syntax/program.hpp"

namespace symref {

// `x + 1`, `p.next.val`, `c ? a : -b`.
std::string print_expression(const Program& program, const Expression& expression);

// One statement on one line, as traces show it, without its `;` and without nested blocks:
// `x := x + 1`, `p.next := new Node`, `r := p.m(1, x)`, `if x < y`, `while i < n`, `skip`.
std::string print_statement_head(const Program& program, const Statement& statement);

// A statement with its blocks, over several lines, each line starting with `indent` and nested
// blocks indented two spaces further; ends with a line break.
std::string print_statement(const Program& program, const Statement& statement, const std::string& indent = "");

// The whole program, declarations in source order (or, when the program was not parsed:
// globals, classes, procedures), ending with `main`.
std::string print_program(const Program& program);

}  // namespace symref
