// The compact engine's rule coverage (engines/compact/compact_rules.def): the template kinds, §5
// rules, instances and ∀τ brackets that corpus programs apply, and the ones they do not.
#include <gtest/gtest.h>

#include <string>

#include "engines/compact/compact_coverage.hpp"
#include "engines/compact/compact_explorer.hpp"
#include "semantics/syntax/front_end.hpp"
#include "support/tally_counts.hpp"

namespace symref::compact {
namespace {

// The tally of one compact exploration of corpus/compact/NAME.sym (loop bound 2, tests off).
RuleTally tally_of(const std::string& name, std::uint32_t max_instances = 8) {
  auto program = load_program(std::string(SYMREF_SOURCE_DIR) + "/corpus/compact/" + name + ".sym");
  terms::TermManager terms(program.get());
  RuleTally tally(compact_rule_table());
  CompactOptions options;
  options.limits.loop_bound = 2;
  options.max_instances = max_instances;
  options.generate_tests = false;
  options.coverage = &tally;
  explore_compact(*program, terms, options);
  return tally;
}

using testing::count;

// countIf (Fig. 2): one loop whose two cycles each give a template, k and i moved by constants;
// instantiated at the loop, its ∀τ queries decided by the brackets.  No recursion anywhere.
TEST(CompactCoverage, CountIfBuildsAndInstantiatesLoopTemplates) {
  RuleTally tally = tally_of("count_if");
  EXPECT_EQ(count(tally, CompactRule::LoopTemplate), 2u);
  EXPECT_GE(count(tally, CompactRule::ThetaOffset), 3u);  // i in both cycles, k in one
  EXPECT_GE(count(tally, CompactRule::LoopInstance), 1u);
  EXPECT_GE(count(tally, CompactRule::ChooseTemplate), 1u);  // two usable templates at one loop
  EXPECT_GE(count(tally, CompactRule::BracketsUnderSat) + count(tally, CompactRule::BracketsOverUnsat) +
                count(tally, CompactRule::BracketsOverUnsatSeveralForalls),
            1u);
  for (CompactRule none : {CompactRule::RecursionTemplate, CompactRule::RecursionInstance, CompactRule::ReturnPhase,
                           CompactRule::FailsNotConstantOffset, CompactRule::LoopWithoutTemplate})
    EXPECT_EQ(count(tally, none), 0u) << compact_rule_table().rules[static_cast<std::size_t>(none)].name;
}

// i := 2 * i is no initial value plus a constant: §5.1's rules fail the template.
TEST(CompactCoverage, DoublingFailsTheTemplate) {
  RuleTally tally = tally_of("fail_doubling");
  EXPECT_EQ(count(tally, CompactRule::FailsNotConstantOffset), 1u);
  EXPECT_EQ(count(tally, CompactRule::LoopTemplate), 0u);
  EXPECT_EQ(count(tally, CompactRule::LoopInstance), 0u);
}

// length recurses directly: a recursion template whose return phase moves c by 1, instantiated at
// the procedure's entry and popped at its exit.
TEST(CompactCoverage, RecursiveLengthHasARecursionTemplateAndItsReturnPhase) {
  RuleTally tally = tally_of("recursive_length");
  EXPECT_EQ(count(tally, CompactRule::RecursionTemplate), 1u);
  EXPECT_EQ(count(tally, CompactRule::ReturnPathOffset), 1u);
  EXPECT_GE(count(tally, CompactRule::RecursionInstance), 1u);
  EXPECT_GE(count(tally, CompactRule::ReturnPhase), 1u);
  EXPECT_EQ(count(tally, CompactRule::LoopTemplate), 0u);
  EXPECT_EQ(count(tally, CompactRule::InstancesExhausted), 0u);
}

// A path whose instances are used up runs a templated loop classically; late_assert's one
// instance leaves the loop by its only exit, so eight are never used up.
TEST(CompactCoverage, InstancesRunOut) {
  EXPECT_EQ(count(tally_of("late_assert", 8), CompactRule::InstancesExhausted), 0u);
  EXPECT_GE(count(tally_of("late_assert", 0), CompactRule::InstancesExhausted), 1u);
}

}  // namespace
}  // namespace symref::compact
