// Random well-typed programs of levels 1–3 with inputs, probes and updates (no lemma: the generators).
//
// Random well-typed programs, inputs, probe expressions and updates (no lemma: the generators the
// properties draw from), by level and size, deterministic in a seed.
//
// Level 1: globals of type int, bool and int[], if, while, assert, assume.  Level 2: plus
// recursive procedures with parameters and `var` locals.  Level 3: plus classes, fields, `new`,
// and methods with `this`, results and receivers that may be nil.  Loops and recursion follow
// patterns that usually terminate (a counter, a list walk, a fuel parameter) but not always.
#pragma once

#include <cstdint>

#include "props/random_source.hpp"
#include "props/test_case.hpp"

namespace symref::props {

// `size` (0..100, RapidCheck's size) scales the number of statements and the depth of expressions.
TestCase generate_test_case(std::uint64_t seed, int level, int size);

ProgramShape generate_program(RandomSource& random, int level, int size);
InputShape generate_input(RandomSource& random, const ProgramShape& program);

}  // namespace symref::props
