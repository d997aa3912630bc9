// Every property (Lemmas 2.1–4.4, Theorems 2.3–4.5) holds on random programs of every level.
//
// Every property of props/properties.hpp holds on a bounded number of random programs of every
// level at a fixed seed (the planted faults in tests/props.cmake show each one able to fail).
#include <gtest/gtest.h>

#include "fuzz/campaign.hpp"
#include "props/apc_subject.hpp"
#include "props/generator.hpp"
#include "semantics/faults.hpp"

namespace symref::props {
namespace {

struct PropertyAtLevel {
  PropertyId property;
  int level;
};

class PropertyHolds : public ::testing::TestWithParam<PropertyAtLevel> {};

TEST_P(PropertyHolds, OnRandomPrograms) {
  set_active_fault(Fault::None);
  fuzz::CampaignOptions options;
  options.seed = 2024;
  options.count = 40;
  options.level = GetParam().level;
  options.properties = {GetParam().property};
  options.shrink_limit = 300;
  const fuzz::CampaignResult result = fuzz::run_campaign(options);
  ASSERT_FALSE(result.failure.has_value()) << result.failure->message << "\nprogram:\n"
                                           << result.failure->program << "input: " << result.failure->input;
  EXPECT_EQ(result.cases, options.count);
  const fuzz::PropertyTally& tally = result.tallies[static_cast<std::size_t>(GetParam().property)];
  EXPECT_EQ(tally.cases, options.count);
  EXPECT_GT(tally.checks, 0u) << "the property checked nothing";
}

std::vector<PropertyAtLevel> every_property_at_every_level() {
  std::vector<PropertyAtLevel> out;
  for (PropertyId id = 0; id < all_properties().size(); ++id)
    for (int level = all_properties()[id].min_level; level <= all_properties()[id].max_level; ++level) out.push_back({id, level});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Props, PropertyHolds, ::testing::ValuesIn(every_property_at_every_level()),
                         [](const ::testing::TestParamInfo<PropertyAtLevel>& info) {
                           return std::string(describe(info.param.property).name) + "_level" + std::to_string(info.param.level);
                         });

// The apc properties share one analysis per case, target and loop processing (apc_subject.hpp):
// asked again, the workspace hands out the analysis it built; another processing is another one.
TEST(ApcSubject, OneAnalysisPerCaseTargetAndLoopProcessing) {
  PropertySettings settings;
  int shared = 0;
  for (std::uint64_t seed = 1; seed <= 60 && shared < 3; ++seed) {
    const TestCase test_case = generate_test_case(seed, 1, 60);
    CaseWorkspace workspace(test_case, settings);
    apc::ApcAnalysis* heavy = apc_for_first_assert(workspace, apc::LoopProcessing::Heavy);
    if (heavy == nullptr) {
      EXPECT_EQ(apc_for_first_assert(workspace, apc::LoopProcessing::Heavy), nullptr);
      continue;
    }
    ++shared;
    EXPECT_EQ(apc_for_first_assert(workspace, apc::LoopProcessing::Heavy), heavy) << "seed " << seed;
    const SourceLocation target = heavy->flowgraph().target_location;
    EXPECT_EQ(apc_for_assert(workspace, target, apc::LoopProcessing::Heavy), heavy) << "seed " << seed;
    apc::ApcAnalysis* light = apc_for_first_assert(workspace, apc::LoopProcessing::Light);
    ASSERT_NE(light, nullptr) << "seed " << seed;
    EXPECT_NE(light, heavy) << "seed " << seed;
    EXPECT_EQ(light->options().loop_processing, apc::LoopProcessing::Light);
    EXPECT_EQ(apc_for_first_assert(workspace, apc::LoopProcessing::Light), light) << "seed " << seed;
    EXPECT_EQ(workspace.apc_analyses().size(), 2u) << "seed " << seed;
  }
  EXPECT_EQ(shared, 3) << "fewer than three of 60 level-1 programs had an assert the apc engine takes";
}

}  // namespace
}  // namespace symref::props
