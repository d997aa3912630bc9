// The parser: source text to Program, for the grammar of LANGUAGE.md "Grammar" (Spirit X3 inside).
#pragma once

#include <cstddef>
#include <memory>

#include "semantics/syntax/program.hpp"
#include "semantics/syntax/source.hpp"

namespace symref {

// How deeply constructs may nest.  The parser, the lowering to Program, the checker, the printer
// and the engines all recurse on nesting, so this bounds their stack use: 200 levels cost the
// parser about 1 MB of stack in a Debug build with AddressSanitizer, far less otherwise, and well
// within the usual 8 MB; no hand-written program comes near it.
//
// Nesting depth, counted in levels:
//   - a body (of `main`, a procedure or a method) is at depth 1, and so are its statements;
//   - the block of an `if`, `else` or `while` is one level deeper than the statement, and so are
//     its statements; `else if` counts as an `else` block holding one `if`;
//   - an expression written directly in a statement (condition, value, target, argument, the
//     `e.m` of a method call) is one level deeper than the statement;
//   - an operand is one level deeper than its operator, the inside of parentheses one level
//     deeper than the parentheses; chains nest as they associate: in `a + b + c` = `(a + b) + c`
//     the `a` is three levels below the second `+`, in `a ==> b ==> c` the `c` is.
// A construct deeper than max_nesting_depth is an error at its position: "nesting deeper than
// 200 levels".  The grammar enforces the limit while it parses, so nothing recurses past it.
inline constexpr int max_nesting_depth = 100;

// Integer literals are unbounded, but their length is not: conversion is quadratic in it.
inline constexpr std::size_t max_integer_literal_digits = 100000;

// Parses a whole program and returns it with kinds, names, literals and locations filled in;
// the fields marked "resolved" in program.hpp are left to the checker (checker.hpp).
// Throws InputError holding the rendered diagnostic(s) when the text is not a program.
std::unique_ptr<Program> parse_program(std::shared_ptr<const SourceFile> source);

}  // namespace symref
