// The compact corpus (corpus/compact/*.compact.json, goldens derived by hand): templates, finiteness,
// feasible leaves with their outcomes, and every feasible leaf's test replayed along its expansion.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace symref::testing {
namespace {

using json = nlohmann::json;

std::vector<std::filesystem::path> golden_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(SYMREF_SOURCE_DIR) / "corpus" / "compact"))
    if (entry.path().string().ends_with(".compact.json")) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

class CompactCorpus : public CommandTest, public ::testing::WithParamInterface<std::filesystem::path> {};

TEST_P(CompactCorpus, MatchesItsGolden) {
  const std::filesystem::path golden_path = GetParam();
  const json golden = json::parse(read_file(golden_path));
  std::string program = golden_path.string();
  program.replace(program.size() - std::string(".compact.json").size(), std::string::npos, ".sym");
  std::vector<std::string> args{"compact", program, "--format", "json"};
  for (const auto& option : golden["options"]) args.push_back(option.get<std::string>());
  ProcessResult result = run_command(SYMREF_BINARY, args);
  ASSERT_EQ(result.code, 0) << result.err << result.out;
  const json out = json::parse(result.out);

  EXPECT_EQ(out["engine"], "compact");
  EXPECT_EQ(out["finite"], golden["finite"]);
  ASSERT_EQ(out["templates"].size(), golden["templates"].size()) << out["templates"].dump(2);
  for (std::size_t k = 0; k < golden["templates"].size(); ++k) {
    const json& expected = golden["templates"][k];
    const json& actual = out["templates"][k];
    EXPECT_EQ(actual["id"], expected["id"]);
    EXPECT_EQ(actual["kind"], expected.value("kind", "loop"));
    EXPECT_EQ(actual["status"], expected["status"]) << actual.dump(2);
    EXPECT_EQ(actual["cycle"], expected["cycle"]);
    if (expected.contains("variables")) { EXPECT_EQ(actual["variables"], expected["variables"]); }
    if (expected.contains("exits")) {
      std::vector<std::string> letters;
      for (const auto& exit : actual["exits"]) letters.push_back(exit["letters"]);
      EXPECT_EQ(json(letters), expected["exits"]);
    }
    if (expected.contains("return_theta")) {
      // The goldens write the template's parameter as k.
      json theta = json::object();
      const std::string parameter = actual.value("parameter", "");
      for (const auto& [name, value] : actual["return_theta"].items()) {
        std::string text = value.get<std::string>();
        for (auto at = text.find(parameter); !parameter.empty() && at != std::string::npos; at = text.find(parameter))
          text.replace(at, parameter.size(), "k");
        theta[name] = text;
      }
      EXPECT_EQ(theta, expected["return_theta"]) << actual.dump(2);
    }
    if (expected.contains("reason_contains")) {
      const std::string reason = actual.value("reason", "");
      EXPECT_NE(reason.find(expected["reason_contains"].get<std::string>()), std::string::npos) << reason;
    }
    if (expected.contains("reason_names")) {
      // The reason names the variable that broke the rules, as a word of its own.
      const std::string reason = actual.value("reason", "");
      const std::string name = expected["reason_names"];
      EXPECT_NE(reason.find("variable " + name + " "), std::string::npos) << reason;
    }
  }

  std::set<std::pair<std::string, std::string>> feasible, wanted;
  for (const auto& path : out["paths"]) {
    if (path["status"] != "sat") continue;
    feasible.emplace(path["branches"], path["outcome"]);
    if (path["outcome"] != "bound") { EXPECT_EQ(path.value("replay", ""), "agrees") << path.dump(2); }
  }
  for (const auto& leaf : golden["feasible"]) {
    wanted.emplace(leaf["branches"], leaf["outcome"]);
    if (!leaf.contains("kappa")) continue;
    for (const auto& path : out["paths"])
      if (path["branches"] == leaf["branches"]) {
        std::vector<json> values;
        for (const auto& [name, value] : path["kappa"].items()) values.push_back(value);
        EXPECT_EQ(json(values), leaf["kappa"]) << path.dump(2);
      }
  }
  EXPECT_EQ(feasible, wanted) << result.out.substr(0, 4000);
}

INSTANTIATE_TEST_SUITE_P(Goldens, CompactCorpus, ::testing::ValuesIn(golden_files()),
                         [](const auto& info) {
                           std::string name = info.param.filename().string();
                           name = name.substr(0, name.find('.'));
                           return name;
                         });

}  // namespace
}  // namespace symref::testing
