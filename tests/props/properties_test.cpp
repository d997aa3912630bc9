// Every property (Lemmas 2.1–4.4, Theorems 2.3–4.5) holds on random programs of every level.
//
// Every property of props/properties.hpp holds on a bounded number of random programs of every
// level at a fixed seed (the planted faults in tests/props.cmake show each one able to fail).
#include <gtest/gtest.h>

#include <map>

#include "props/apc_subject.hpp"
#include "props/campaign.hpp"
#include "props/campaign_shards.hpp"
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
  CampaignOptions options;
  options.seed = 2024;
  options.count = 40;
  options.level = GetParam().level;
  options.properties = {GetParam().property};
  options.shrink_limit = 300;
  const CampaignResult result = run_campaign(options);
  ASSERT_FALSE(result.failure.has_value()) << result.failure->message << "\nprogram:\n"
                                           << result.failure->program << "input: " << result.failure->input;
  EXPECT_EQ(result.cases, options.count);
  const PropertyTally& tally = result.tallies[static_cast<std::size_t>(GetParam().property)];
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

TEST(Campaign, OneSeedRepeatsItsRun) {
  CampaignOptions options;
  options.seed = 99;
  options.count = 10;
  options.level = 2;
  options.properties = {property_id("completeness"), property_id("definedness")};
  const CampaignResult first = run_campaign(options);
  const CampaignResult second = run_campaign(options);
  for (PropertyId kind : options.properties)
    EXPECT_EQ(first.tallies[static_cast<std::size_t>(kind)].checks, second.tallies[static_cast<std::size_t>(kind)].checks);
}

// A planted fault is caught and the counterexample is shrunk and reproducible: the same seed
// gives the same shrunk program.
TEST(Campaign, CatchesAPlantedFaultAndShrinksIt) {
  CampaignOptions options;
  options.seed = 1;
  options.count = 60;
  options.level = 1;
  options.properties = {property_id("definedness")};
  set_active_fault(Fault::ArrayBoundOffByOne);
  const CampaignResult first = run_campaign(options);
  const CampaignResult second = run_campaign(options);
  set_active_fault(Fault::None);
  ASSERT_TRUE(first.failure.has_value());
  EXPECT_EQ(first.failure->property, "definedness");
  EXPECT_NE(first.failure->message.find("Lemma 4.3"), std::string::npos) << first.failure->message;
  EXPECT_LE(std::count(first.failure->program.begin(), first.failure->program.end(), '\n'), 12) << first.failure->program;
  ASSERT_TRUE(second.failure.has_value());
  EXPECT_EQ(first.failure->program, second.failure->program);
  EXPECT_EQ(first.failure->input, second.failure->input);
  EXPECT_EQ(first.failure->case_number, second.failure->case_number);
}

// The reproduce line runs to the end of the failing case's batch: the last case of a shorter
// batch is another program (RapidCheck sizes a batch's cases by its length), so `--count 49` does
// not give case 49 of a `--time` run, while `--count 50` does.
TEST(Campaign, TheReproduceLineGivesTheFailingCasesProgram) {
  auto digests = [](std::uint64_t count) {
    CampaignOptions options;
    options.seed = 1;
    options.count = count;
    options.level = 1;
    options.properties = {property_id("definedness")};
    std::map<std::uint64_t, std::uint64_t> by_case;
    for (const CaseRecord& record : run_campaign(options).case_records) by_case[record.number] = record.digest;
    return by_case;
  };
  const auto short_batch = digests(49), full_batch = digests(50), longer = digests(75);
  EXPECT_EQ(short_batch.at(48), full_batch.at(48));
  EXPECT_NE(short_batch.at(49), full_batch.at(49));
  EXPECT_EQ(full_batch.at(49), longer.at(49));
  CampaignOptions timed;
  timed.seed = 1;
  timed.level = 1;
  timed.seconds = 60;
  EXPECT_EQ(reproduce_line(timed, {}, "", 49), "symref fuzz --seed 1 --level 1 --count 50");
  EXPECT_EQ(reproduce_line(timed, {}, "", 50), "symref fuzz --seed 1 --level 1 --count 50");
  CampaignOptions counted = timed;
  counted.seconds = 0;
  counted.count = 49;  // the campaign's own last batch was the short one
  EXPECT_EQ(reproduce_line(counted, {}, "", 49), "symref fuzz --seed 1 --level 1 --count 49");
}

// A campaign run with another time limit per check (--solver-timeout) is reproduced with it: the
// limit decides which checks end unknown.
TEST(Campaign, TheReproduceLineCarriesASolverTimeOutOtherThanTheDefault) {
  CampaignOptions options;
  options.seed = 3;
  options.level = 2;
  options.count = 100;
  EXPECT_EQ(reproduce_line(options, {}, "", 7), "symref fuzz --seed 3 --level 2 --count 25");
  options.settings.timeout_milliseconds = 60000;
  EXPECT_EQ(reproduce_line(options, {}, "", 7), "symref fuzz --seed 3 --level 2 --count 25 --solver-timeout 60000");
}

}  // namespace
}  // namespace symref::props

namespace symref::props {
namespace {

// The apc properties share one analysis per case, target and loop processing (apc_subject.hpp):
// asked again, the workspace hands out the analysis it built; another processing is another one.
// A shard's stalls (checks killed with their worker) survive its JSON and add up in a merge.
TEST(Campaign, StallsAreKeptInShardResultsAndSummed) {
  CampaignOptions options;
  CampaignResult first, second;
  first.tallies.resize(all_properties().size());
  second.tallies.resize(all_properties().size());
  first.stalls = 2;
  second.stalls = 5;
  const CampaignResult read = shard_from_json(shard_to_json(options, first, ""));
  EXPECT_EQ(read.stalls, 2u);
  EXPECT_EQ(merge_campaign_results({read, second}).stalls, 7u);
  EXPECT_EQ(stalls_note(second), " (5 of them solver stalls, killed)");
  EXPECT_EQ(stalls_note(CampaignResult{}), "");
}

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
