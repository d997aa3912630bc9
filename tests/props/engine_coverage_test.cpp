// The engines' coverage in a campaign (props/engine_coverage.hpp): the workspace hands each engine
// its tally, the report explains a zero, and the JSON and the workers' counts carry every count.
#include "props/engine_coverage.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engines/apc/apc_coverage.hpp"
#include "engines/compact/compact_coverage.hpp"
#include "props/apc_subject.hpp"
#include "props/case_workspace.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/symbolic/symbolic_rule_table.hpp"
#include "support/tally_counts.hpp"

namespace symref::props {
namespace {

using testing::total_count;

TEST(EngineCoverage, OneTallyPerEngineInReportOrder) {
  EngineCoverage coverage;
  std::vector<std::string> engines;
  for (const RuleTally& tally : coverage.tallies()) engines.emplace_back(tally.table().engine);
  EXPECT_EQ(engines, (std::vector<std::string>{"forward", "trace", "compact", "compositional", "apc", "heap"}));
  EXPECT_TRUE(coverage.all_zero());
  EXPECT_THROW(coverage.of("no-such-engine"), std::logic_error);
}

TEST(EngineCoverage, JsonAndWorkerCountsKeepEveryCount) {
  EngineCoverage coverage;
  coverage.of("forward").count(Rule::IterationEnter, 7);
  coverage.of("apc").count(apc::ApcRule::Rule4Shifted, 2);
  coverage.of("compact").count(compact::CompactRule::ReturnPhase);
  const EngineCoverage back = coverage_from_json(coverage_to_json(coverage));
  EngineCoverage sent;
  add_coverage_counts(sent, coverage_counts(coverage));
  for (const EngineCoverage* copy : std::initializer_list<const EngineCoverage*>{&back, &sent})
    for (std::size_t e = 0; e < coverage.tallies().size(); ++e)
      for (std::size_t k = 0; k < coverage.tallies()[e].size(); ++k)
        EXPECT_EQ(copy->tallies()[e][k], coverage.tallies()[e][k]) << coverage.tallies()[e].table().rules[k].name;
  EXPECT_EQ(coverage_counts(coverage).size(), 3u);  // only the nonzero counts travel

  nlohmann::json unknown = coverage_to_json(coverage);
  unknown[0]["rules"][0]["name"] = "symbolic_teleport";
  EXPECT_THROW(coverage_from_json(unknown), std::runtime_error);
}

// The rest of the report's line that starts with `start`, its blanks before the count dropped.
std::string line_of(const std::string& report, const std::string& start) {
  const std::size_t begin = report.find(start);
  if (begin == std::string::npos) return "(no line " + start + ")";
  std::string line = report.substr(begin + start.size(), report.find('\n', begin) - begin - start.size());
  return line.substr(line.find_first_not_of(' '));
}

TEST(EngineCoverage, TheReportSaysWhyARuleIsZero) {
  EngineCoverage coverage;
  coverage.of("forward").count(Rule::AssignmentGlobal, 3);
  const std::string report = coverage_report(coverage, 1);
  EXPECT_NE(report.find("forward (forward symbolic execution"), std::string::npos) << report;
  EXPECT_NE(report.find("1 of 21 rules applied"), std::string::npos) << report;
  EXPECT_EQ(line_of(report, "  symbolic_method_call "), "0  needs level-3 programs");
  EXPECT_EQ(line_of(report, "  symbolic_assignment_global "), "3");
  EXPECT_NE(report.find("heap (exact heap summaries (draft)"), std::string::npos) << report;
  EXPECT_NE(report.find("not run, none of the campaign's properties ran it on these level-1 programs"), std::string::npos)
      << report;
  // At level 3 a method call is within reach: its 0 stands without an excuse.
  EXPECT_EQ(coverage_report(coverage, 3).find("needs level-3"), std::string::npos);
}

std::string corpus_text(const std::string& path) {
  std::ifstream file(std::string(SYMREF_SOURCE_DIR) + "/corpus/" + path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// The workspace's explorations and engine runs count into the engine's tally of the coverage it
// was handed; without one, there is no tally to count into.
TEST(EngineCoverage, TheWorkspaceHandsEachEngineItsTally) {
  TestCase unused;
  EngineCoverage coverage;
  CaseWorkspace workspace(unused, PropertySettings{});
  workspace.use_program_text(corpus_text("apc/sum_invariant.sym"));
  workspace.use_inputs({default_global_state(workspace.program())});
  workspace.count_rules_in(&coverage);
  workspace.forward_exploration();
  workspace.compact_exploration();
  ASSERT_NE(apc_for_first_assert(workspace), nullptr);
  EXPECT_GT(coverage.of("forward")[static_cast<std::size_t>(Rule::IterationEnter)], 0u);
  EXPECT_GT(total_count(coverage.of("compact")), 0u);
  EXPECT_GT(coverage.of("apc")[static_cast<std::size_t>(apc::ApcRule::Rule2StepNotInvariant)], 0u);
  EXPECT_TRUE(coverage.of("trace").all_zero());  // not explored
  EXPECT_TRUE(coverage.of("heap").all_zero());

  CaseWorkspace uncounted(unused, PropertySettings{});
  EXPECT_EQ(uncounted.rule_tally("forward"), nullptr);
}

}  // namespace
}  // namespace symref::props
