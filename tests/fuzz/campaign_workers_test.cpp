// Worker processes of a campaign: the same tallies as one process, a stalled Z3 check killed and its case resumed, a crash reported (campaign_workers.hpp).
#include "fuzz/campaign_workers.hpp"

#include <gtest/gtest.h>

#include "interp/solver/session/stall_watch.hpp"
#include "semantics/faults.hpp"

namespace symref::fuzz {
namespace {

// Properties that ask Z3 (correctness, pc_equals_wp, solvers_agree) among ones that do not.
CampaignOptions small_campaign() {
  CampaignOptions options;
  options.seed = 7;
  options.count = 20;
  options.level = 1;
  options.properties = {props::property_id("definedness"), props::property_id("correctness"), props::property_id("pc_equals_wp"),
                        props::property_id("solvers_agree"), props::property_id("completeness")};
  return options;
}

void expect_same_tallies(const CampaignResult& a, const CampaignResult& b, const CampaignOptions& options) {
  for (props::PropertyId kind : options.properties) {
    const PropertyTally& x = a.tallies[static_cast<std::size_t>(kind)];
    const PropertyTally& y = b.tallies[static_cast<std::size_t>(kind)];
    const std::string name(props::describe(kind).name);
    EXPECT_EQ(x.cases, y.cases) << name;
    EXPECT_EQ(x.checks, y.checks) << name;
    EXPECT_EQ(x.unknown, y.unknown) << name;
    EXPECT_EQ(x.skipped, y.skipped) << name;
  }
}

class CampaignWorkers : public ::testing::Test {
 protected:
  void SetUp() override { set_active_fault(Fault::None); }
};

// A worker checks each case as this process would: every case starts from the same solver state.
TEST_F(CampaignWorkers, OneWorkerTalliesAsOneProcess) {
  CampaignOptions in_process = small_campaign();
  in_process.settings.isolation_grace_milliseconds = 0;
  const CampaignResult expected = run_campaign(in_process);
  CampaignOptions supervised = small_campaign();
  const CampaignResult result = run_campaign_in_workers(supervised);
  ASSERT_FALSE(result.failure.has_value()) << result.failure->message;
  EXPECT_EQ(result.cases, expected.cases);
  EXPECT_EQ(result.stalls, 0u);
  ASSERT_EQ(result.case_records.size(), expected.case_records.size());
  for (std::size_t i = 0; i < expected.case_records.size(); ++i) {
    EXPECT_EQ(result.case_records[i].number, expected.case_records[i].number);
    EXPECT_EQ(result.case_records[i].digest, expected.case_records[i].digest);
  }
  expect_same_tallies(result, expected, supervised);
}

// The 5th published Z3 check sleeps 60 s, deaf to interrupts: the supervisor kills its worker
// 100 ms past the check's limit, counts one unknown for that property, and a new worker checks
// the case's later properties and the remaining cases.  Only the stalled property loses checks.
TEST_F(CampaignWorkers, AStalledCheckIsKilledAndItsCaseResumed) {
  CampaignOptions reference = small_campaign();
  reference.settings.isolation_grace_milliseconds = 0;
  const CampaignResult expected = run_campaign(reference);
  CampaignOptions options = small_campaign();
  options.simulated_trouble = {5, std::chrono::milliseconds(60'000), false};
  options.settings.timeout_milliseconds = 500;
  options.settings.isolation_grace_milliseconds = 100;
  const CampaignResult result = run_campaign_in_workers(options);
  ASSERT_FALSE(result.failure.has_value()) << result.failure->message;
  EXPECT_EQ(result.stalls, 1u);
  EXPECT_EQ(result.cases, options.count);
  ASSERT_EQ(result.case_records.size(), expected.case_records.size());  // each case recorded once
  std::uint64_t unknowns = 0, lost_checks = 0;
  for (props::PropertyId kind : options.properties) {
    const PropertyTally& got = result.tallies[static_cast<std::size_t>(kind)];
    const PropertyTally& want = expected.tallies[static_cast<std::size_t>(kind)];
    EXPECT_EQ(got.cases, options.count) << props::describe(kind).name;  // every property ran on every case
    unknowns += got.unknown - want.unknown;
    EXPECT_LE(got.checks, want.checks) << props::describe(kind).name;
    lost_checks += want.checks - got.checks;
  }
  EXPECT_EQ(unknowns, 1u);
  EXPECT_GT(lost_checks, 0u) << "the stalled property kept the checks of its killed worker";
}

// The 5th and 6th published checks stall (solvers_agree and completeness of one case: the 6th is
// the first of the worker that resumed the 5th's case).  With the default allowance of two stalls
// a case, its properties after the second stalled one (here substitution, which asks no solver)
// are counted unknown unchecked and the new worker goes on with the next case; with no allowance
// (0) they are checked.
TEST_F(CampaignWorkers, ACaseThatStallsTwiceHasItsLaterPropertiesCountedUnknown) {
  auto options_with = [](unsigned stalls_per_case) {
    CampaignOptions options = small_campaign();
    options.properties.push_back(props::property_id("substitution"));
    options.settings.timeout_milliseconds = 500;
    options.settings.isolation_grace_milliseconds = 100;
    options.settings.stalls_per_case = stalls_per_case;
    return options;
  };
  auto run = [&](unsigned stalls_per_case) {
    CampaignOptions options = options_with(stalls_per_case);
    options.simulated_trouble = {5, std::chrono::milliseconds(60'000), false, 6};
    return run_campaign_in_workers(options);
  };
  auto unknown = [](const CampaignResult& result, props::PropertyId kind) {
    return result.tallies[static_cast<std::size_t>(kind)].unknown;
  };
  const CampaignResult every_property = run(0);
  const CampaignResult given_up = run(2);
  std::uint64_t unknowns[2] = {0, 0};
  for (int r = 0; r < 2; ++r) {
    const CampaignResult& result = r == 0 ? every_property : given_up;
    ASSERT_FALSE(result.failure.has_value()) << result.failure->message;
    EXPECT_EQ(result.stalls, 2u);
    EXPECT_EQ(result.cases, options_with(0).count);
    for (props::PropertyId kind : options_with(0).properties) {
      EXPECT_EQ(result.tallies[static_cast<std::size_t>(kind)].cases, options_with(0).count) << props::describe(kind).name;
      unknowns[r] += unknown(result, kind);
    }
  }
  EXPECT_EQ(unknowns[0], 2u) << "one unknown per stall";
  EXPECT_EQ(unknowns[1], 3u) << "and one for the property after the second stall, unchecked";
  EXPECT_EQ(unknown(every_property, props::property_id("substitution")), 0u);
  EXPECT_EQ(unknown(given_up, props::property_id("substitution")), 1u);
  EXPECT_LT(given_up.tallies[static_cast<std::size_t>(props::property_id("substitution"))].checks,
            every_property.tallies[static_cast<std::size_t>(props::property_id("substitution"))].checks);
}

// A worker that crashes is the failure of the case it was checking, with its reproduce data: in
// one process the crash would have ended the campaign.
TEST_F(CampaignWorkers, ACrashedWorkerIsTheFailureOfItsCase) {
  CampaignOptions options = small_campaign();
  options.simulated_trouble = {5, std::chrono::milliseconds(0), true};
  const CampaignResult result = run_campaign_in_workers(options);
  ASSERT_TRUE(result.failure.has_value());
  EXPECT_NE(result.failure->message.find("died of signal 6"), std::string::npos) << result.failure->message;
  EXPECT_GE(result.failure->case_number, 1u);
  EXPECT_LE(result.failure->case_number, options.count);
  EXPECT_EQ(result.stalls, 0u);
}

// Two workers share the cases out and give the tallies of one.
TEST_F(CampaignWorkers, TwoWorkersTallyAsOne) {
  CampaignOptions one = small_campaign();
  const CampaignResult expected = run_campaign_in_workers(one);
  CampaignOptions two = small_campaign();
  two.jobs = 2;
  const CampaignResult result = run_campaign_in_workers(two);
  ASSERT_FALSE(result.failure.has_value()) << result.failure->message;
  EXPECT_EQ(result.cases, expected.cases);
  ASSERT_EQ(result.case_records.size(), expected.case_records.size());
  for (std::size_t i = 0; i < expected.case_records.size(); ++i) EXPECT_EQ(result.case_records[i].digest, expected.case_records[i].digest);
  expect_same_tallies(result, expected, two);
}

}  // namespace
}  // namespace symref::fuzz
