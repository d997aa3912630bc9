// The parser: source text to Program, for the grammar of docs/language.md#grammar (Spirit X3 inside).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "semantics/syntax/program.hpp"
#include "semantics/syntax/source.hpp"

namespace symref {

// How deeply constructs may nest.  The parser, the lowering to Program, the checker, the printer
// and the engines all recurse on nesting, so this bounds their stack use.  X3 spends about a dozen
// rule calls on each level of parentheses; at the deepest nesting allowed (98 pairs) the parser
// needs at most a third of the usual 8 MB of stack, in a Release build as in a sanitizer build,
// while twice as deep would use most of it in the latter.  No program written by hand comes near
// 100 levels.
//
// Nesting depth, counted in levels:
//   - a body (of `main`, a procedure or a method) is at depth 1, and so are its statements;
//   - the block of an `if`, `else` or `while` is one level deeper than the statement, and so are
//     its statements; an `if` with its `else if`s is one statement, all its conditions and blocks
//     one level deeper than it (a chain of 5,000 `else if`s is as deep as one `if`);
//   - an expression written directly in a statement (condition, value, target, argument, the
//     `e.m` of a method call) is one level deeper than the statement;
//   - an operand is one level deeper than its operator, the inside of parentheses one level
//     deeper than the parentheses.  A chain of operators of one level that associates to the left
//     (`+`/`-`, `*`/`/`/`%`, `&&`, `||`) counts as one operator with all the chain's operands one
//     level below it: `a + b - c + d` is two levels, however long the chain.  `==>` associates to
//     the right and nests: in `a ==> b ==> c` the `c` is two levels below the first `==>`.
// Real nesting is thus bounded; what grows without bound is only the left operand of a chain's
// operator (program.hpp, continues_left_chain) and the else part of an `else if`, and passes walk
// both in loops.
inline constexpr int max_nesting_depth = 100;
// The diagnostic for a construct past the limit, the same from parser, checker and printer.
inline std::string nesting_message() {
  return "nesting deeper than " + std::to_string(max_nesting_depth) + " levels";
}

// Integer literals are unbounded, but their length is not: conversion to Integer is quadratic in
// it (a literal of the longest length allowed takes a fraction of a second).
inline constexpr std::size_t max_integer_literal_digits = 100000;

// Parses a whole program and returns it with kinds, names, literals and locations filled in;
// the fields marked "resolved" in program.hpp are left to the checker (checker.hpp).
// Throws InputError holding the rendered diagnostic(s) when the text is not a program.
std::unique_ptr<Program> parse_program(std::shared_ptr<const SourceFile> source);

// Parses the whole source as one expression (a condition written on the command line).
ExpressionPointer parse_condition(std::shared_ptr<const SourceFile> source);

}  // namespace symref
