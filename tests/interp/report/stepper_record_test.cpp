// The stepper's record of a lockstep run (interp/report/stepper_record): one entry per transition
// after the initial one, both rule names, the checks, and V0∘σ beside the concrete values.
#include <gtest/gtest.h>

#include "interp/report/stepper_record.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::report {
namespace {

TEST(StepperRecord, EveryStepWithBothRulesAndItsChecks) {
  auto program = load_program_from_text("test.sym", "var x: int;\nvar y: int;\nproc p(v: int) {\n  y := v + 1;\n}\nmain {\n  if x > 2 {\n    p(x);\n  }\n}\n");
  terms::TermManager terms(program.get());
  GlobalState input = default_global_state(*program);
  input.globals[0] = Value::integer(Integer(5));
  StepperRecord record = record_lockstep(*program, terms, input, 100);
  EXPECT_TRUE(record.failure.empty()) << record.failure;
  const auto& steps = record.json["steps"];
  // Initial, choice_then, procedure_call, assignment_global, procedure_return.
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_EQ(steps[1]["concrete_rule"], "concrete_choice_then");
  EXPECT_EQ(steps[1]["symbolic_rule"], "symbolic_choice_then");
  EXPECT_EQ(steps[1]["letters"], "T");
  EXPECT_EQ(steps[1]["line"], 7);
  EXPECT_EQ(steps[1]["added"][0], "2 < x");
  EXPECT_EQ(steps[2]["concrete_rule"], "concrete_procedure_call");
  EXPECT_EQ(steps[3]["concrete"]["closures"][0]["name"], "p");
  EXPECT_EQ(steps[3]["symbolic"]["closures"][0]["locals"][0][1], "x");  // τ(v) = x
  EXPECT_EQ(steps[3]["concrete"]["globals"][1][1], "6");
  EXPECT_EQ(steps[3]["symbolic"]["globals"][1][1], "x + 1");
  EXPECT_EQ(steps[3]["symbolic"]["composed"][1][1], "6");  // V0∘σ(y)
  for (std::size_t k = 1; k < steps.size(); ++k)
    EXPECT_TRUE(steps[k]["checks"]["same_rule"] && steps[k]["checks"]["path_condition"] && steps[k]["checks"]["states"]) << k;
  EXPECT_EQ(record.json["outcome"], "normal");
  EXPECT_EQ(record.json["branches"], "T");
}

TEST(StepperRecord, CutAtItsStepLimit) {
  auto program = load_program_from_text("test.sym", "var x: int;\nmain {\n  while true {\n    x := x + 1;\n  }\n}\n");
  terms::TermManager terms(program.get());
  StepperRecord record = record_lockstep(*program, terms, default_global_state(*program), 7);
  EXPECT_EQ(record.json["steps"].size(), 8u);
  EXPECT_EQ(record.json["truncated"], true);
  EXPECT_EQ(record.json["outcome"], "bound");
}

}  // namespace
}  // namespace symref::report
