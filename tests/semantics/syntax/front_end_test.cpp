// Unit tests for the front end as a whole (semantics/syntax/front_end.hpp): files, and inputs
// meant to break it — garbage bytes, huge nesting, huge programs — which must be refused with a
// diagnostic, quickly, never crash or hang.
#include "semantics/syntax/front_end.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/parser.hpp"

namespace symref {
namespace {

// The first line of the diagnostics for `text`, or "(accepted)".
std::string first_error(const std::string& text) {
  try {
    load_program_from_text("t.sym", text);
  } catch (const InputError& error) {
    std::string rendered = error.what();
    return rendered.substr(0, rendered.find('\n'));
  }
  return "(accepted)";
}

std::string repeat(const std::string& piece, int times) {
  std::string out;
  out.reserve(piece.size() * static_cast<std::size_t>(times));
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

const std::string nesting_error = "error: nesting deeper than 100 levels";

// ---------------------------------------------------------------------------------------------
// Files

TEST(FrontEnd, LoadsAProgramFromAFile) {
  const std::string path = ::testing::TempDir() + "front_end_test_program.sym";
  std::ofstream(path) << "var x: int;\nmain { x := x + 1; }\n";
  auto program = load_program(path);
  EXPECT_EQ(program->source->path(), path);
  EXPECT_EQ(program->main.statements[0].value->type, Type::integer());
  std::remove(path.c_str());
}

TEST(FrontEnd, SaysWhenAFileCannotBeOpened) {
  try {
    load_program("/nonexistent/directory/program.sym");
    FAIL() << "loaded";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "/nonexistent/directory/program.sym: error: cannot open file\n");
  }
}

TEST(FrontEnd, ReportsSyntaxErrorsBeforeTypeErrors) {
  EXPECT_EQ(first_error("main { x := 1 }"), "t.sym:1:15: error: expected `;`");
  EXPECT_EQ(first_error("main { x := 1; }"), "t.sym:1:8: error: undeclared variable `x`");
}

// ---------------------------------------------------------------------------------------------
// The nesting limit (parser.hpp): exactly max_nesting_depth levels pass, one more is refused at
// the construct that is one level too deep.

TEST(FrontEnd, AcceptsNestingUpToTheLimit) {
  // main's statements are at depth 1, the assigned expression at 2, and each pair of
  // parentheses adds one: 98 pairs put the literal at depth 100.
  EXPECT_EQ(first_error("var x: int; main { x := " + repeat("(", 98) + "1" + repeat(")", 98) + "; }"), "(accepted)");
  EXPECT_EQ(first_error("var x: int; main { x := " + repeat("(", 99) + "1" + repeat(")", 99) + "; }"),
            "t.sym:1:124: " + nesting_error);
  // Blocks: an if at depth 1 has its condition and block at 2; 99 nested ifs put the innermost
  // condition and block at 100, and the 100th if's condition is one level too deep.
  EXPECT_EQ(first_error("main { " + repeat("if true { ", 99) + repeat("} ", 99) + "}"), "(accepted)");
  EXPECT_EQ(first_error("main { " + repeat("if true { ", 100) + repeat("} ", 100) + "}"),
            "t.sym:1:1001: " + nesting_error);
  // A chain of one level is one operator with its operands one level below: inside 97
  // parentheses (depth 99) a chain of any length has its operands at 100; inside 98 it is refused
  // at its first operator, whose operands would be at 101.
  EXPECT_EQ(first_error("var x: int; main { x := " + repeat("(", 97) + "1" + repeat(" + 1", 1000) + repeat(")", 97) + "; }"),
            "(accepted)");
  const std::string too_deep = "var x: int; main { x := " + repeat("(", 98) + "1" + repeat(" + 1", 1000) + repeat(")", 98) + "; }";
  EXPECT_EQ(first_error(too_deep), "t.sym:1:" + std::to_string(too_deep.find('+') + 1) + ": " + nesting_error);
  // An `else if` is at the depth of its `if`: 98 nested ifs, the innermost with 1000 `else if`s.
  EXPECT_EQ(first_error("main { " + repeat("if true { ", 98) + "if true { }" + repeat(" else if true { }", 1000) +
                        repeat(" }", 98) + " }"),
            "(accepted)");
}

// The shapes that generated programs and long case splits have: chains and `else if`s far longer
// than the nesting limit, which are no nesting at all.
TEST(FrontEnd, AcceptsLongChainsAndElseIfChains) {
  const std::string prefix = "var x: int; var b: bool; main { ";
  EXPECT_EQ(first_error(prefix + "x := 1" + repeat(" + 1", 99) + "; }"), "(accepted)");
  EXPECT_EQ(first_error(prefix + "x := x" + repeat(" - x * 2 / 3 % 4", 10000) + "; }"), "(accepted)");
  EXPECT_EQ(first_error(prefix + "assert b" + repeat(" && x > 0", 5000) + "; }"), "(accepted)");
  EXPECT_EQ(first_error(prefix + "b := b" + repeat(" || !b && b", 5000) + "; }"), "(accepted)");
  EXPECT_EQ(first_error(prefix + "if b { x := 0; }" + repeat(" else if x > 1 { x := 1; }", 5000) + " else { skip; } }"),
            "(accepted)");
  // A type error deep in a chain is found, at its place.
  const std::string wrong = prefix + "x := 1" + repeat(" + 1", 5000) + " + b" + repeat(" + 1", 10) + "; }";
  EXPECT_EQ(first_error(wrong), "t.sym:1:" + std::to_string(wrong.find(" + b") + 2) +
                                    ": error: operator `+` needs int operands, not int and bool");
}

// How long these take is measured by bench/front_end_benchmark.sh, not here.
TEST(FrontEnd, RefusesTheDeepestInputsWithoutExhaustingTheStack) {
  constexpr int huge = 200000;
  const std::string prefix = "var x: int; var b: bool; main { ";
  // Each is refused at a construct one level too deep: the 99th parenthesis's inside, the 100th
  // if's condition, the first branch of the 99th `?:`, the right operand of the 99th `==>`, ...
  EXPECT_EQ(first_error(prefix + "x := " + repeat("(", huge) + "1" + repeat(")", huge) + "; }"),
            "t.sym:1:137: " + nesting_error);
  EXPECT_EQ(first_error(prefix + repeat("if b { ", huge) + repeat("}", huge) + " }"), "t.sym:1:729: " + nesting_error);
  EXPECT_EQ(first_error(prefix + "{ }"), "t.sym:1:33: error: expected statement or `}`");  // blocks are not statements
  EXPECT_EQ(first_error(prefix + "b := " + repeat("!", huge) + "b; }"), "t.sym:1:137: " + nesting_error);
  EXPECT_EQ(first_error(prefix + "x := " + repeat("-", huge) + "1; }"), "t.sym:1:137: " + nesting_error);
  EXPECT_EQ(first_error(prefix + "x := " + repeat("b ? 1 : ", huge) + "0; }"), "t.sym:1:826: " + nesting_error);
  EXPECT_EQ(first_error(prefix + "b := " + repeat("b ==> ", huge) + "b; }"), "t.sym:1:632: " + nesting_error);
  // Nesting through chains is real: 1 + (1 + (1 + ..., refused inside the 99th parenthesis.
  EXPECT_EQ(first_error(prefix + "x := " + repeat("1 + (", huge) + "1" + repeat(")", huge) + "; }"),
            "t.sym:1:533: " + nesting_error);
  // Chains and `else if`s are no nesting: the longest are accepted, as quickly.
  EXPECT_EQ(first_error(prefix + "if b { skip; }" + repeat(" else if b { skip; }", huge) + " }"), "(accepted)");
  EXPECT_EQ(first_error(prefix + "x := 1" + repeat(" + 1", huge) + "; }"), "(accepted)");
  EXPECT_EQ(first_error(prefix + "b := b" + repeat(" && b", huge) + "; }"), "(accepted)");
  EXPECT_EQ(first_error(prefix + "x := " + "x" + repeat(".f", huge) + "; }"),
            "t.sym:1:236: " + nesting_error);
  EXPECT_EQ(first_error(prefix + "x := " + repeat("a[", huge) + "0" + repeat("]", huge) + "; }"),
            "t.sym:1:236: " + nesting_error);
}

// ---------------------------------------------------------------------------------------------
// Garbage

TEST(FrontEnd, RefusesGarbageWithADiagnostic) {
  EXPECT_EQ(first_error(""), "t.sym:1:1: error: expected `main`, `var`, `proc` or `class`");
  EXPECT_EQ(first_error(std::string("main {\0}", 8)), "t.sym:1:7: error: expected statement or `}`");
  EXPECT_EQ(first_error(std::string("\0\0\0", 3)), "t.sym:1:1: error: expected `main`, `var`, `proc` or `class`");
  EXPECT_EQ(first_error("main { x\xff := 1; }"), "t.sym:1:9: error: expected `:=` or `(`");
  EXPECT_EQ(first_error("\xef\xbb\xbfmain {}"), "t.sym:1:1: error: expected `main`, `var`, `proc` or `class`");
  EXPECT_EQ(first_error("main { // \xc3\x28 invalid UTF-8 in a comment is fine\n}"), "(accepted)");
  EXPECT_EQ(first_error("main { x := \xe2\x82; }"), "t.sym:1:13: error: expected expression");
}

TEST(FrontEnd, NeverCrashesOnRandomBytes) {
  std::mt19937 random(7);
  const std::string alphabet = "main{}()[];:=<>!-+*/%&|?.,_ \n\t09azAZ/\\\"'\x01\xff";
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    const int length = std::uniform_int_distribution<int>(0, 200)(random);
    for (int k = 0; k < length; ++k)
      text += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(random)];
    try {
      load_program_from_text("random.sym", text);
    } catch (const InputError&) {
      // the normal outcome
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Size

// Its time (a tenth of a second in a Release build) is measured by bench/front_end_benchmark.sh.
TEST(FrontEnd, ParsesAMegabyteProgram) {
  std::string text = "var x: int; var y: int; var a: int[];\nproc p(k: int) { x := k; }\nmain {\n";
  int lines = 0;
  for (; text.size() < 1000000; ++lines) text += "  x := x + 1; y := x * 2 - y; if x < y { a[0] := x; } else { p(y); }\n";
  text += "}\n";
  auto program = load_program_from_text("big.sym", text);
  EXPECT_EQ(program->main.statements.size(), 3u * static_cast<std::size_t>(lines));
}

}  // namespace
}  // namespace symref
