// The hand-derived expectations of corpus/apc: each NAME.apc.json gives the verdict and the answers
// of the direct and unfolded queries that `symref apc` must reproduce on NAME.sym, under light and
// heavy loop processing (an object "light" or "heavy" in the golden overrides for that mode).
// Every query runs under a resource limit (Z3's rlimit; "rlimit" in a golden overrides the
// default), not a wall-clock time-out, so the answers do not depend on the machine's load; the
// time-out is only a backstop that the limit reaches first.  "no_direct" leaves the direct query
// out (MatrIR's, which Z3 does not decide within the limit); "witness": false skips the witness
// search, so the verdict is unreachable or unknown (HW, HWM: apc is sat, their witnesses need more
// loop passes than the search affords).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "engines/apc/apc_analysis.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::apc {
namespace {

// Z3 4.8.12 spends about 0.4 M units a second on the loaded CI machine: 5 M is seconds, enough for
// every query the goldens need to decide (the slowest, Hello's apc^K, needs well under 2 M).
constexpr std::uint64_t kDefaultResourceLimit = 5'000'000;
constexpr unsigned kBackstopMilliseconds = 300'000;

// A golden answer is one string, or a list of the answers allowed (a solver may time out).
bool accepts(const nlohmann::json& golden, std::string_view answer) {
  if (golden.is_string()) return golden == answer;
  for (const auto& allowed : golden)
    if (allowed == answer) return true;
  return false;
}

TEST(ApcGoldens, CorpusVerdicts) {
  std::filesystem::path directory = std::filesystem::path(SYMREF_SOURCE_DIR) / "corpus" / "apc";
  std::size_t checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    if (entry.path().extension() != ".sym") continue;
    std::filesystem::path golden_path = entry.path();
    golden_path.replace_extension(".apc.json");
    ASSERT_TRUE(std::filesystem::exists(golden_path)) << golden_path;
    auto golden = nlohmann::json::parse(std::ifstream(golden_path));
    auto program = load_program(entry.path().string());
    std::string name = entry.path().filename().string();
    for (LoopProcessing processing : {LoopProcessing::Light, LoopProcessing::Heavy}) {
      const char* mode = processing == LoopProcessing::Light ? "light" : "heavy";
      const nlohmann::json& expected = golden.contains(mode) ? golden[mode] : golden;
      terms::TermManager terms(program.get());
      ApcOptions options;
      options.loop_processing = processing;
      options.solving.resource_limit = golden.value("rlimit", kDefaultResourceLimit);
      options.solving.timeout_milliseconds = kBackstopMilliseconds;
      options.direct = !golden.value("no_direct", false);
      options.witness = golden.value("witness", true);
      ApcAnalysis analysis(*program, terms, options);
      analysis.run();
      EXPECT_EQ(std::string(to_string(analysis.verdict())), expected["verdict"]) << name << " " << mode;
      if (options.direct) {
        EXPECT_TRUE(accepts(expected["direct"], solver::to_string(analysis.direct().status))) << name << " " << mode;
      }
      EXPECT_TRUE(accepts(expected["unfolded"], solver::to_string(analysis.unfolded().status))) << name << " " << mode;
      if (analysis.witness()) {
        EXPECT_TRUE(fails_target(*program, analysis.witness()->input, analysis.flowgraph().target_location)) << name << " " << mode;
      }
    }
    ++checked;
  }
  EXPECT_GE(checked, 19u);
}

}  // namespace
}  // namespace symref::apc
