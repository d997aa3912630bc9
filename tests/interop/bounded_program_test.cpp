// The program bounded at K (interop/bounded_program.hpp): loops unrolled and calls inlined exactly
// as `explore --loop-bound K` bounds them, definedness checks in evaluation order.
#include "interop/bounded_program.hpp"

#include <gtest/gtest.h>

#include "semantics/faults.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::interop {
namespace {

using Kind = BoundedNodeKind;

// The kinds of the nodes along the first branch of every Branch, depth first: "S(bound)" for a
// stop, "B" for a branch, "N" nil check, "O" bounds check, "U" stop-unless, "A" assignment, "C" new.
void walk(const std::vector<BoundedNode>& nodes, std::string& out) {
  for (const BoundedNode& n : nodes) {
    switch (n.kind) {
      case Kind::Stop: out += "S(" + std::string(outcome_name(n.outcome)) + ") "; break;
      case Kind::StopIfNil: out += "N "; break;
      case Kind::StopIfOutside: out += "O "; break;
      case Kind::StopUnless: out += "U "; break;
      case Kind::Assign: out += "A "; break;
      case Kind::Create: out += "C "; break;
      case Kind::Branch:
        out += "B[ ";
        walk(n.then_nodes, out);
        out += "| ";
        walk(n.else_nodes, out);
        out += "] ";
        break;
    }
  }
}

std::string shape(const std::string& text, std::uint32_t k) {
  auto program = load_program_from_text("test.sym", text);
  BoundedProgram bounded = bound_program(*program, BoundingOptions{k});
  std::string out;
  walk(bounded.body, out);
  return out;
}

const char* counted_loop = "var i: int; main { i := 0; while i < 2 { i := i + 1; } }";

TEST(BoundedProgram, LoopRunsKTimesThenTheNextEntryEndsInBound) {
  EXPECT_EQ(shape(counted_loop, 2), "A B[ A B[ A B[ S(bound) | ] | ] | ] S(normal) ");
  EXPECT_EQ(shape(counted_loop, 0), "A B[ S(bound) | ] S(normal) ");
}

TEST(BoundedProgram, PlantedFaultUnrollsOneIterationShort) {
  ScopedFault fault(Fault::ExportLoopUnrolledOneShort);
  EXPECT_EQ(shape(counted_loop, 2), "A B[ A B[ S(bound) | ] | ] S(normal) ");
}

TEST(BoundedProgram, RecursionStopsAtKActiveFrames) {
  const char* text = "var x: int; proc P(n: int) { if n > 0 { P(n - 1); } } main { P(x); }";
  // Two activations bind their parameter and branch; the third call ends in bound.
  EXPECT_EQ(shape(text, 2), "A B[ A B[ S(bound) | ] | ] S(normal) ");
  EXPECT_EQ(shape(text, 0), "S(bound) S(normal) ");
}

TEST(BoundedProgram, LocationIsCheckedBeforeTheValue) {
  const char* text = "class C { field f: int; } var p: C; var a: int[]; var i: int; main { p.f := a[i]; }";
  EXPECT_EQ(shape(text, 1), "N O A S(normal) ");
}

TEST(BoundedProgram, LazyRightOperandIsCheckedOnlyWhereEvaluated) {
  const char* text = "class C { field f: int; } var p: C; main { assert p != nil && p.f > 0; }";
  EXPECT_EQ(shape(text, 1), "B[ N | ] U S(normal) ");
}

TEST(BoundedProgram, MethodTargetIsCheckedAfterTheBody) {
  const char* text =
      "class C { field f: int; method m(): int { this.f := 1; return 2; } } var p: C; var q: C;"
      " main { q.f := p.m(); }";
  // receiver nil check, this := p, body (this.f := 1 with its check, result := 2), then q's check.
  EXPECT_EQ(shape(text, 1), "N A N A A N A S(normal) ");
}

TEST(BoundedProgram, NewObjectIsCreatedAfterItsLocationIsChecked) {
  const char* text = "class C { field g: C; } var p: C; main { p.g := new C; }";
  EXPECT_EQ(shape(text, 1), "N C A S(normal) ");
}

}  // namespace
}  // namespace symref::interop
