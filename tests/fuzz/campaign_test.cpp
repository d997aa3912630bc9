// A campaign (fuzz/campaign.hpp): one seed repeats its run, a planted fault is caught and shrunk, the
// reproduce line gives the failing case, shards keep their stalls, and workers count rule coverage as one process does.
#include "fuzz/campaign.hpp"

#include <gtest/gtest.h>

#include <map>

#include "fuzz/campaign_shards.hpp"
#include "fuzz/campaign_workers.hpp"
#include "semantics/faults.hpp"
#include "support/tally_counts.hpp"

namespace symref::fuzz {
namespace {

using testing::total_count;

TEST(Campaign, OneSeedRepeatsItsRun) {
  CampaignOptions options;
  options.seed = 99;
  options.count = 10;
  options.level = 2;
  options.properties = {props::property_id("completeness"), props::property_id("definedness")};
  const CampaignResult first = run_campaign(options);
  const CampaignResult second = run_campaign(options);
  for (props::PropertyId kind : options.properties)
    EXPECT_EQ(first.tallies[static_cast<std::size_t>(kind)].checks, second.tallies[static_cast<std::size_t>(kind)].checks);
}

// A planted fault is caught and the counterexample is shrunk and reproducible: the same seed
// gives the same shrunk program.
TEST(Campaign, CatchesAPlantedFaultAndShrinksIt) {
  CampaignOptions options;
  options.seed = 1;
  options.count = 60;
  options.level = 1;
  options.properties = {props::property_id("definedness")};
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
    options.properties = {props::property_id("definedness")};
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

// A shard's stalls (checks killed with their worker) survive its JSON and add up in a merge.
TEST(Campaign, StallsAreKeptInShardResultsAndSummed) {
  CampaignOptions options;
  CampaignResult first, second;
  first.tallies.resize(props::all_properties().size());
  second.tallies.resize(props::all_properties().size());
  first.stalls = 2;
  second.stalls = 5;
  const CampaignResult read = shard_from_json(shard_to_json(options, first, ""));
  EXPECT_EQ(read.stalls, 2u);
  EXPECT_EQ(merge_campaign_results({read, second}).stalls, 7u);
  EXPECT_EQ(stalls_note(second), " (5 of them solver stalls, killed)");
  EXPECT_EQ(stalls_note(CampaignResult{}), "");
}


CampaignOptions small_campaign() {
  CampaignOptions options;
  options.seed = 3;
  options.count = 10;
  options.level = 2;
  options.properties = {props::property_id("correctness"), props::property_id("compact_soundness"),
                        props::property_id("apc_unsat_no_path"), props::property_id("compositional_outcomes")};
  options.settings.isolation_grace_milliseconds = 0;
  return options;
}

// A campaign counts only with --coverage, and its worker processes send the same counts as one
// process adds up.
TEST(EngineCoverage, CampaignsCountInOneProcessAndInWorkers) {
  set_active_fault(Fault::None);
  CampaignOptions plain = small_campaign();
  EXPECT_FALSE(run_campaign(plain).coverage.has_value());

  CampaignOptions counted = small_campaign();
  counted.coverage = true;
  const CampaignResult one = run_campaign(counted);
  ASSERT_TRUE(one.coverage.has_value());
  EXPECT_GT(total_count(one.coverage->tallies()[0]), 0u);  // forward, for correctness
  EXPECT_TRUE(one.coverage->of("heap").all_zero());  // no heap property chosen

  counted.jobs = 2;
  counted.settings.isolation_grace_milliseconds = props::PropertySettings{}.isolation_grace_milliseconds;
  const CampaignResult workers = run_campaign_in_workers(counted);
  ASSERT_TRUE(workers.coverage.has_value());
  for (std::size_t e = 0; e < one.coverage->tallies().size(); ++e)
    for (std::size_t k = 0; k < one.coverage->tallies()[e].size(); ++k)
      EXPECT_EQ(workers.coverage->tallies()[e][k], one.coverage->tallies()[e][k])
          << one.coverage->tallies()[e].table().rules[k].name;
}

}  // namespace
}  // namespace symref::fuzz
