// Shrinking test cases by edits that keep programs well typed (no lemma).
//
// Shrinking test cases without leaving the well-typed programs (no lemma: what makes a
// counterexample small): drop statements, replace a compound statement by its body, simplify an
// expression to a smaller one of the same type, lower constants, drop inputs, objects and values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "props/test_case.hpp"

namespace symref::props {

// One edit of a test case, named by its kind and the position of what it changes in a fixed
// traversal order, so that candidates can be listed cheaply and built one at a time.
struct ShrinkEdit {
  enum class Kind : std::uint8_t {
    RemoveStatements,   // list `site`, statements [first, first + count)
    SpliceBody,         // statement `site`: replaced by its body (variant 0) or else body (variant 1)
    DropElse,           // statement `site`
    RemoveInput,        // input `site`
    RemoveProbe,        // probe `site`
    RemoveUpdate,       // update `site`
    RemoveLocal,        // the `first`-th local of callable `site` (unused)
    ReplaceExpression,  // expression `site` by its `first`-th simpler replacement
    RemoveObject,       // object `first` of input `site`
    SimplifyValue,      // value `first` of input `site` (globals, then object fields) by variant `count`
  };
  Kind kind;
  std::size_t site = 0;
  std::size_t first = 0;
  std::size_t count = 0;
};

// Every edit of `test_case`, the most reducing first.
std::vector<ShrinkEdit> shrink_edits(const TestCase& test_case);
// The test case after one edit (edits from shrink_edits of that same test case).
TestCase apply_shrink_edit(const TestCase& test_case, const ShrinkEdit& edit);

}  // namespace symref::props
