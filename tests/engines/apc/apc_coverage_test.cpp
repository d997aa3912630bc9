// The apc engine's rule coverage (engines/apc/apc_rules.def): the rules of §3.1, §4 and Algorithm 2
// that the corpus programs written for them apply, and the ones they do not.
#include <gtest/gtest.h>

#include <string>

#include "engines/apc/apc_analysis.hpp"
#include "engines/apc/apc_coverage.hpp"
#include "semantics/syntax/front_end.hpp"
#include "support/tally_counts.hpp"

namespace symref::apc {
namespace {

// The tally of one analysis (apc and apc^K built, nothing solved) of corpus/apc/NAME.sym.
RuleTally tally_of(const std::string& name, LoopProcessing processing) {
  auto program = load_program(std::string(SYMREF_SOURCE_DIR) + "/corpus/apc/" + name + ".sym");
  terms::TermManager terms(program.get());
  RuleTally tally(apc_rule_table());
  ApcOptions options;
  options.loop_processing = processing;
  options.unfold = 3;
  options.solving.resource_limit = 5'000'000;
  options.coverage = &tally;
  ApcAnalysis analysis(*program, terms, options);
  analysis.build();
  return tally;
}

using testing::count;

TEST(ApcCoverage, TheTableHasOneNamedEntryPerRule) {
  const CoverageTable& table = apc_rule_table();
  EXPECT_EQ(table.engine, "apc");
  EXPECT_EQ(table.rules.size(), static_cast<std::size_t>(ApcRule::TooManyLoopSummaries) + 1);
  EXPECT_EQ(table.rules[static_cast<std::size_t>(ApcRule::Rule2)].name, "rule_2");
}

// i += 4 is rule 2, n untouched rule 1; nothing else of §3.1 or §4 applies, and light means no Algorithm 2.
TEST(ApcCoverage, OneLoopAppliesRulesOneAndTwoOnly) {
  RuleTally tally = tally_of("one_loop", LoopProcessing::Light);
  EXPECT_EQ(count(tally, ApcRule::Rule2), 1u);
  EXPECT_GE(count(tally, ApcRule::Rule1), 1u);
  EXPECT_EQ(count(tally, ApcRule::ProcessLoopLight), 1u);
  EXPECT_GE(count(tally, ApcRule::LoopEntry), 1u);
  EXPECT_GE(count(tally, ApcRule::ClosureOverCounters), 1u);
  EXPECT_EQ(count(tally, ApcRule::Unfolding), 1u);
  for (ApcRule none :
       {ApcRule::Rule3, ApcRule::Rule4, ApcRule::NoRuleStar, ApcRule::ProcessLoopHeavy, ApcRule::InnerLoop,
        ApcRule::ArraySingleWriter, ApcRule::ArrayWriterNotInvariant, ApcRule::InnerLoopSum, ApcRule::GuidedSearch})
    EXPECT_EQ(count(tally, none), 0u) << apc_rule_table().rules[static_cast<std::size_t>(none)].name;
}

// k := i: only one path writes k, with a value naming its counter, so rule 4 shifts it.
TEST(ApcCoverage, LastWriteShiftsRuleFour) {
  RuleTally tally = tally_of("last_write", LoopProcessing::Light);
  EXPECT_GE(count(tally, ApcRule::Rule4), 1u);
  EXPECT_GE(count(tally, ApcRule::Rule4Shifted), 1u);
  EXPECT_EQ(count(tally, ApcRule::NoRuleStar), 0u);
}

// j += i with i moving: rule 2's invariance test refuses j's step, and j stays ⋆.
TEST(ApcCoverage, SumInvariantRefusesRuleTwo) {
  RuleTally tally = tally_of("sum_invariant", LoopProcessing::Light);
  EXPECT_GE(count(tally, ApcRule::Rule2StepNotInvariant), 1u);
  EXPECT_EQ(count(tally, ApcRule::NoRuleStar), 1u);
  EXPECT_EQ(count(tally, ApcRule::Rule2), 1u);  // i += 1
}

// i := 5 on one path and 7 on the other: rule 3 is refused, rule 4 too (two paths change i).
TEST(ApcCoverage, StarNegatedRefusesRuleThree) {
  RuleTally tally = tally_of("star_negated", LoopProcessing::Light);
  EXPECT_GE(count(tally, ApcRule::Rule3DifferingValues), 1u);
  EXPECT_EQ(count(tally, ApcRule::Rule3), 0u);
  EXPECT_EQ(count(tally, ApcRule::Rule4), 0u);
  EXPECT_EQ(count(tally, ApcRule::NoRuleStar), 1u);  // i
}

// a[i] := 7 with i moving: the single-writer rule's invariance test refuses it.
TEST(ApcCoverage, ArrayFillRefusesTheSingleWriterRule) {
  RuleTally tally = tally_of("array_fill", LoopProcessing::Light);
  EXPECT_GE(count(tally, ApcRule::ArrayWriterNotInvariant), 1u);
  EXPECT_EQ(count(tally, ApcRule::ArraySingleWriter), 0u);
}

// Fig. 3 heavy: the inner loop gets s_1_1 and line 24 finds s = max(0, n − (i + κ)); light has
// neither, but leaves j at ⋆ because the outer path's θ_1(j) names the inner counter.
TEST(ApcCoverage, FigureThreeHeavyFindsTheDependency) {
  RuleTally heavy = tally_of("figure3", LoopProcessing::Heavy);
  EXPECT_GE(count(heavy, ApcRule::InnerLoop), 1u);
  EXPECT_GE(count(heavy, ApcRule::InnerLoopSum), 1u);
  EXPECT_GE(count(heavy, ApcRule::DependencyLinear), 1u);
  EXPECT_EQ(count(heavy, ApcRule::InnerSumSeveralCounters), 0u);  // one inner counter: a plain substitution
  RuleTally light = tally_of("figure3", LoopProcessing::Light);
  EXPECT_EQ(count(light, ApcRule::InnerLoopSum), 0u);
  EXPECT_EQ(count(light, ApcRule::DependencyLinear), 0u);
  EXPECT_GE(count(light, ApcRule::InnerCounterStar), 1u);
}

// An inner loop with two paths: Σκ̄ ↦ s proved for the parts that are functions of the sum.
TEST(ApcCoverage, InnerTwoPathsProvesTheSum) {
  RuleTally tally = tally_of("inner_two_paths", LoopProcessing::Heavy);
  EXPECT_GE(count(tally, ApcRule::InnerSumSeveralCounters), 1u);
}

}  // namespace
}  // namespace symref::apc
