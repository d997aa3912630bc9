// The forward (§2–§4.1) and trace (§4) engines' rule coverage: an exploration handed a tally of
// symbolic_rule_table counts each successor's rule under the name `--trace` prints.
#include <gtest/gtest.h>

#include <string>

#include "interp/explore/explorer.hpp"
#include "semantics/symbolic/symbolic_rule_table.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref {
namespace {

// A loop, a choice and an assert over globals and an array; no procedures, no objects.
constexpr const char* kProgram = R"(var a: int[];
var i: int;
var n: int;

main {
  assume n <= 2;
  i := 0;
  while i < n {
    if a[i] > 0 {
      a[i] := 0;
    }
    i := i + 1;
  }
  assert i == n;
}
)";

RuleTally tally_of(const std::string& text, EngineMode engine) {
  auto program = load_program_from_text("coverage.sym", text);
  terms::TermManager terms(program.get());
  RuleTally tally(symbolic_rule_table(engine));
  ExploreOptions options;
  options.engine = engine;
  options.limits.loop_bound = 3;
  options.generate_tests = false;
  options.check_agreement = false;
  options.rule_tally = &tally;
  Explorer(*program, terms, options).explore();
  return tally;
}

TEST(RuleCoverage, TheTablesAreTheRulesUnderTheirTraceNames) {
  const CoverageTable& forward = symbolic_rule_table(EngineMode::Forward);
  EXPECT_EQ(forward.engine, "forward");
  EXPECT_EQ(symbolic_rule_table(EngineMode::Trace).engine, "trace");
  ASSERT_EQ(forward.rules.size(), static_cast<std::size_t>(Rule::HeapInitialization));
  EXPECT_EQ(forward.rules[static_cast<std::size_t>(Rule::IterationEnter)].name, symbolic_rule_name(Rule::IterationEnter));
  EXPECT_EQ(forward.rules[static_cast<std::size_t>(Rule::MethodCall)].level, 3);
  EXPECT_EQ(forward.rules[static_cast<std::size_t>(Rule::ProcedureCall)].level, 2);
}

TEST(RuleCoverage, ForwardCountsTheRulesItsSuccessorsTook) {
  for (EngineMode engine : {EngineMode::Forward, EngineMode::Trace}) {
    RuleTally tally = tally_of(kProgram, engine);
    auto count = [&](Rule rule) { return tally[static_cast<std::size_t>(rule)]; };
    for (Rule applied : {Rule::AssumeHolds, Rule::AssumeFails, Rule::AssignmentGlobal, Rule::IterationEnter, Rule::IterationExit,
                         Rule::ChoiceThen, Rule::ChoiceElse, Rule::AssignmentArray, Rule::ErrorOutOfBounds, Rule::AssertHolds})
      EXPECT_GE(count(applied), 1u) << symbolic_rule_name(applied);
    // The loop runs at most twice (n <= 2), so its exit is taken on every path that ends normally.
    EXPECT_GE(count(Rule::IterationExit), 3u);
    for (Rule absent : {Rule::ProcedureCall, Rule::ProcedureReturn, Rule::MethodCall, Rule::ObjectCreation, Rule::AssignmentField,
                        Rule::ErrorNilDereference, Rule::Skip, Rule::AssignmentLocal})
      EXPECT_EQ(count(absent), 0u) << symbolic_rule_name(absent);
  }
}

}  // namespace
}  // namespace symref
