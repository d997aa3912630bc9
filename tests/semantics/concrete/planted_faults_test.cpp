// The rule tests can fail: with a planted fault (semantics/faults.hpp) switched on, the same
// programs and assertions as in concrete_rules_test.cpp see the wrong rule, state or letters.
#include <gtest/gtest.h>

#include "semantics/faults.hpp"
#include "tests/semantics/concrete/concrete_fixture.hpp"

namespace symref {
namespace {

using testing::ConcreteRun;
using Rules = std::vector<std::string>;

TEST(ConcretePlantedFaults, LocalFrameNotRestoredIsSeenAfterTheReturn) {
  const char* text =
      "var out: int;\n"
      "proc inner(x: int) { var y: int := 1; x := 100; y := 200; }\n"
      "proc outer(x: int) { var y: int := 7; inner(x + 1); out := x * 1000 + y; }\n"
      "main { outer(3); }";
  {
    ConcreteRun run(text);
    run.finish();
    EXPECT_EQ(run.global("out"), "3007");
  }
  ScopedFault fault(Fault::LocalFrameNotRestored);
  ConcreteRun run(text);
  run.finish();
  EXPECT_EQ(run.global("out"), "100200");  // the callee's x and y leaked into the caller's slots
}

TEST(ConcretePlantedFaults, StrictConjunctionReadsOutOfBounds) {
  ScopedFault fault(Fault::StrictConjunction);
  ConcreteRun run("var a: int[]; var i: int; var b: bool; main { b := i < len(a) && a[i] > 0; }");
  run.set_int("i", 5);
  EXPECT_EQ(run.finish(), (Rules{"error_out_of_bounds"}));  // correct: assignment_global, b = false
}

TEST(ConcretePlantedFaults, TruncatingDivision) {
  ScopedFault fault(Fault::TruncatingDivision);
  ConcreteRun run("var q: int; var r: int; main { q := -7 / 2; r := -7 % 2; }");
  run.finish();
  EXPECT_EQ(run.global("q"), "-3");  // correct: -4
  EXPECT_EQ(run.global("r"), "-1");  // correct: 1
}

}  // namespace
}  // namespace symref
