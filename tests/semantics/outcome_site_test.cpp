// Where a run stopped (semantics/outcome_site.hpp), read off the concrete machine's stack of
// closures: the statement, a method call's caller half `h := r`, the end of a body under a step
// limit, and each caller at its call — procedure calls (passed) and method calls (waiting).
#include "semantics/outcome_site.hpp"

#include <gtest/gtest.h>

#include "tests/semantics/concrete/concrete_fixture.hpp"

namespace symref {
namespace {

using testing::ConcreteRun;

std::string describe(const Program& program, const OutcomeSite& site) {
  std::string out = site.statement_text(program) + " |";
  for (const SiteFrame& frame : site.stack)
    out += std::string(&frame == &site.stack.front() ? " " : ", ") + frame_name(program, frame) + " " +
           std::to_string(frame.location.line) + ":" + std::to_string(frame.location.column);
  return out;
}

constexpr const char* kProgram =
    "class C {\n"                             // 1
    "  field f: int;\n"                       // 2
    "  method get(k: int): int {\n"           // 3
    "    assert k > 1;\n"                     // 4
    "    return k;\n"                         // 5
    "  }\n"                                   // 6
    "}\n"                                     // 7
    "var c: C; var d: C; var n: int;\n"       // 8
    "proc p(k: int) {\n"                      // 9
    "  if k > 0 {\n"                          // 10
    "    d.f := c.get(k);\n"                  // 11
    "  }\n"                                   // 12
    "}\n"                                     // 13
    "main {\n"                                // 14
    "  p(n);\n"                               // 15
    "  n := 1;\n"                             // 16
    "}\n";                                    // 17

TEST(OutcomeSite, AnAssertInAMethodCalledFromAProcedure) {
  ConcreteRun run(kProgram);
  run.set_object("c", run.object("C"));
  run.set_int("n", 1);
  ConcreteMachine& machine = run.start();
  EXPECT_EQ(machine.run(RunLimits{}), Outcome::AssertionFailure);
  EXPECT_EQ(describe(run.program(), machine.site()), "assert k > 1 | C.get 4:5, p 11:5, main 15:3");
  EXPECT_FALSE(machine.site().awaiting_result);
}

TEST(OutcomeSite, TheCallerWaitsAtItsMethodCallAndTheResultHalfIsShownAsSuch) {
  ConcreteRun run(kProgram);
  run.set_object("c", run.object("C"));  // d stays nil: the result's h := r fails
  run.set_int("n", 2);
  ConcreteMachine& machine = run.start();
  EXPECT_EQ(machine.run(RunLimits{}), Outcome::NilDereference);
  EXPECT_EQ(describe(run.program(), machine.site()), "d.f := r | p 11:5, main 15:3");
  EXPECT_TRUE(machine.site().awaiting_result);
}

TEST(OutcomeSite, AStepLimitInsideTheMethodShowsEveryCaller) {
  ConcreteRun run(kProgram);
  run.set_object("c", run.object("C"));
  run.set_int("n", 2);
  ConcreteMachine& machine = run.start();
  // p(n), if, the call c.get(k), assert: the fourth step would be the return.
  EXPECT_EQ(machine.run(RunLimits{4, 100}), Outcome::Bound);
  EXPECT_EQ(describe(run.program(), machine.site()), "return k | C.get 5:5, p 11:5, main 15:3");
}

TEST(OutcomeSite, AStepLimitAtTheEndOfABodyNamesTheBody) {
  ConcreteRun run("var n: int;\nproc p() {\n  n := 1;\n}\nmain {\n  p();\n  n := 2;\n}\n");
  ConcreteMachine& machine = run.start();
  EXPECT_EQ(machine.run(RunLimits{2, 100}), Outcome::Bound);  // the call, n := 1; then ε of p
  EXPECT_EQ(describe(run.program(), machine.site()), "end of body | p 2:10, main 6:3");
}

}  // namespace
}  // namespace symref
