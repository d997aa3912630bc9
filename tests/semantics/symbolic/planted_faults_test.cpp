// The symbolic rule tests can fail: with a planted fault (semantics/faults.hpp) switched on, the
// successors of the programs of symbolic_rules_test.cpp add other conditions or substitutions.
#include <gtest/gtest.h>

#include "semantics/faults.hpp"
#include "tests/semantics/symbolic/symbolic_fixture.hpp"

namespace symref {
namespace {

using testing::SymbolicRun;
using Lines = std::vector<std::string>;

TEST(SymbolicPlantedFaults, BranchNotNegated) {
  ScopedFault fault(Fault::BranchNotNegated);
  SymbolicRun run("var x: int; main { if x > 0 { skip; } }");
  EXPECT_EQ(run.step_all(), (Lines{"choice_then [0 < x] T running", "choice_else [0 < x] F running"}));
}

TEST(SymbolicPlantedFaults, LoopExitNotNegated) {
  ScopedFault fault(Fault::LoopExitNotNegated);
  SymbolicRun run("var i: int; main { while i < 2 { i := i + 1; } }");
  EXPECT_EQ(run.step_all(), (Lines{"iteration_enter [i < 2] T running", "iteration_exit [i < 2] F running"}));
}

TEST(SymbolicPlantedFaults, ArrayBoundOffByOne) {
  ScopedFault fault(Fault::ArrayBoundOffByOne);
  SymbolicRun run("var a: int[]; var i: int; main { a[i] := 5; }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "assignment_array [0 <= i && i <= len(a)] D running",
                                "error_out_of_bounds [!(0 <= i && i <= len(a))] E out-of-bounds",
                            }));
}

TEST(SymbolicPlantedFaults, NewFieldsNotDefaulted) {
  ScopedFault fault(Fault::NewFieldsNotDefaulted);
  SymbolicRun run("class C { field v: int; } var p: C; main { p := new C; }");
  run.advance();
  EXPECT_EQ(run.field("C", "v"), "v");  // correct: v[new#1 := 0]
}

TEST(SymbolicPlantedFaults, ThisByNameInTraceMode) {
  ScopedFault fault(Fault::ThisByName);
  SymbolicRun run(
      "class N { field v: int; field next: N;\n"
      "  method advance(): int { cur := this.next; return this.v; } }\n"
      "var cur: N; var r: int; main { r := cur.advance(); }",
      EngineMode::Trace);
  run.take(0);
  EXPECT_EQ(run.trace(), (Lines{"cur != nil"}));  // correct: cur != nil, this#1 := cur
  EXPECT_EQ(run.locals(1), "this=cur");
}

}  // namespace
}  // namespace symref
