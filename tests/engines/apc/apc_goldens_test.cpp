// The hand-derived expectations of corpus/apc: each NAME.apc.json gives the verdict and the answers
// of the direct and unfolded queries that `symref apc` must reproduce on NAME.sym.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "engines/apc/apc_analysis.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::apc {
namespace {

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
    terms::TermManager terms(program.get());
    ApcOptions options;
    options.timeout_milliseconds = 10'000;
    ApcAnalysis analysis(*program, terms, options);
    analysis.run();
    std::string name = entry.path().filename().string();
    EXPECT_EQ(std::string(to_string(analysis.verdict())), golden["verdict"]) << name;
    EXPECT_TRUE(accepts(golden["direct"], solver::to_string(analysis.direct().status))) << name;
    EXPECT_TRUE(accepts(golden["unfolded"], solver::to_string(analysis.unfolded().status))) << name;
    if (analysis.witness())
      EXPECT_TRUE(fails_target(*program, analysis.witness()->input, analysis.flowgraph().target_location)) << name;
    ++checked;
  }
  EXPECT_GE(checked, 11u);
}

}  // namespace
}  // namespace symref::apc
