// The lab corpus (corpus/labs) checked against symref: every golden answer is confirmed by
// `symref wp --check` (conditions) or `symref explore` (path counts), every exercise's wrong answer
// on file is rejected by `wp --check` with an input that separates it — and the concrete run on
// that input agrees with the verdict — and `symref grade` marks the goldens correct and the wrong
// answer wrong.  The goldens were derived by hand (their "comment" says how), not by the tool.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/process.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const fs::path kLabs = fs::path(SYMREF_SOURCE_DIR) / "corpus" / "labs";
using Result = symref::testing::ProcessResult;
using symref::testing::read_file;

// symref in a scratch directory of its own (the tests of different exercises run in parallel).
Result symref(const std::vector<std::string>& args) {
  static const fs::path directory = [] {
    fs::path path = fs::temp_directory_path() / ("symref_labs_" + std::to_string(::getpid()));
    fs::create_directories(path);
    return path;
  }();
  return symref::testing::run_process(directory, SYMREF_BINARY, args);
}


std::vector<std::string> exercises() {
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(kLabs))
    if (entry.path().filename() == "exercise.json") out.push_back(fs::relative(entry.path().parent_path(), kLabs).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

// The `symref wp` arguments that compute the condition a question asks for.
std::vector<std::string> wp_arguments(const fs::path& program, const Json& question) {
  std::vector<std::string> args{"wp", program.string()};
  const std::string kind = question["kind"];
  if (kind == "path-condition") {
    args.insert(args.end(), {"--branches", question["branches"]});
    if (question.contains("outcome")) args.insert(args.end(), {"--outcome", question["outcome"]});
  } else if (kind == "outcome-condition") {
    args.insert(args.end(), {"--outcome", question["outcome"]});
  } else {
    args.insert(args.end(), {"--post", question["postcondition"]});
  }
  if (question.contains("loop_bound")) args.insert(args.end(), {"--loop-bound", std::to_string(question["loop_bound"].get<int>())});
  return args;
}

class LabExercise : public ::testing::TestWithParam<std::string> {};

TEST_P(LabExercise, GoldensConfirmedAndTheWrongAnswerRejected) {
  const fs::path directory = kLabs / GetParam();
  const Json exercise = Json::parse(read_file(directory / "exercise.json"));
  const Json golden = Json::parse(read_file(directory / "golden.json"));
  const Json wrong = Json::parse(read_file(directory / "wrong.json"));
  const fs::path program = directory / exercise["program"].get<std::string>();
  ASSERT_TRUE(fs::exists(directory / exercise["task"].get<std::string>()));
  EXPECT_TRUE(golden.contains("comment")) << "say how the goldens were derived";
  std::size_t wrong_answers = 0;

  for (const Json& question : exercise["questions"]) {
    const std::string id = question["id"], kind = question["kind"];
    SCOPED_TRACE(id);
    ASSERT_TRUE(golden.contains(id)) << "no golden answer";
    if (kind == "feasible-paths") {
      std::vector<std::string> args{"explore", program.string(), "--format", "json"};
      if (question.contains("loop_bound")) args.insert(args.end(), {"--loop-bound", std::to_string(question["loop_bound"].get<int>())});
      Result r = symref(args);
      ASSERT_EQ(r.code, 0) << r.err;
      int feasible = 0;
      const Json explored = Json::parse(r.out);
      for (const Json& path : explored["paths"])
        if (path["status"] == "sat" && (!question.contains("outcome") || path["outcome"] == question["outcome"])) ++feasible;
      EXPECT_EQ(feasible, golden[id].get<int>());
      ASSERT_FALSE(wrong.contains(id)) << "the wrong answer on file is a condition, checked by wp --check";
      continue;
    }
    auto args = wp_arguments(program, question);
    args.insert(args.end(), {"--check", golden[id].get<std::string>()});
    Result r = symref(args);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("check: equivalent"), std::string::npos) << r.out;
    if (!question.contains("loop_bound")) {
      EXPECT_EQ(r.out.find("cut by the loop bound"), std::string::npos)
          << "a golden must not depend on where the default bound cuts; a question that relies on a cut names its bound";
    }
    if (!wrong.contains(id)) continue;
    ++wrong_answers;
    args.back() = wrong[id].get<std::string>();
    Result rejected = symref(args);
    ASSERT_EQ(rejected.code, 4) << rejected.err;  // the checked answer is wrong
    ASSERT_NE(rejected.out.find("check: NOT equivalent"), std::string::npos) << rejected.out;
    const std::size_t at = rejected.out.find("  on the input ");
    ASSERT_NE(at, std::string::npos) << rejected.out;
    const std::string input = rejected.out.substr(at + 15, rejected.out.find('\n', at) - at - 15);
    // The concrete run on the separating input agrees with what the verdict says of the truth.
    const fs::path state = fs::temp_directory_path() / ("symref_labs_input_" + std::to_string(::getpid()) + ".json");
    std::ofstream(state) << input;
    Result run = symref({"run", program.string(), "--input", state.string(), "--json"});
    fs::remove(state);
    ASSERT_EQ(run.code, 0) << run.err;
    const Json concrete = Json::parse(run.out);
    const bool truth = rejected.out.find("is true\n") != std::string::npos;
    if (kind == "path-condition") {
      EXPECT_EQ(concrete["branches"] == question["branches"], truth) << input;
    } else if (kind == "outcome-condition") {
      EXPECT_EQ(concrete["outcome"] == question["outcome"], truth) << input;
    } else if (truth) {
      EXPECT_TRUE(concrete["outcome"] == "normal" || concrete["outcome"] == "blocked") << input;
    }
  }
  EXPECT_EQ(wrong_answers, 1u) << "each exercise has one wrong answer on file";

  // The grader: the goldens are all correct, the wrong answer is wrong with a separating input.
  Result graded = symref({"grade", directory.string(), (directory / "golden.json").string(), "--format", "json"});
  ASSERT_EQ(graded.code, 0) << graded.err;
  const Json report = Json::parse(graded.out);
  EXPECT_EQ(report["summary"]["correct"], exercise["questions"].size()) << graded.out;
  Result marked = symref({"grade", directory.string(), (directory / "wrong.json").string(), "--format", "json"});
  ASSERT_EQ(marked.code, 4) << marked.err;  // an answer is wrong
  const Json wrong_report = Json::parse(marked.out);
  EXPECT_EQ(wrong_report["summary"]["wrong"], 1);
  EXPECT_EQ(wrong_report["summary"]["missing"], exercise["questions"].size() - 1);
  for (const Json& question : wrong_report["exercises"][0]["questions"])
    if (question["mark"] == "wrong") {
      EXPECT_TRUE(question.contains("separating_input")) << question.dump();
    }
}

INSTANTIATE_TEST_SUITE_P(Corpus, LabExercise, ::testing::ValuesIn(exercises()), [](const auto& info) {
  std::string name = info.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
});

TEST(Labs, ThreeTiersOfAtLeastFourExercises) {
  std::map<std::string, int> tiers;
  for (const auto& exercise : exercises()) ++tiers[exercise.substr(0, exercise.find('/'))];
  EXPECT_GE(tiers["basic"], 4);
  EXPECT_GE(tiers["procedures"], 4);
  EXPECT_GE(tiers["objects"], 4);
  EXPECT_GE(exercises().size(), 12u);
}

TEST(Labs, TheWholeLabGradedAtOnce) {
  // One answers file for every exercise: the goldens, with one exercise's answers left out.
  Json answers = {{"student", "all goldens"}};
  const auto all = exercises();
  for (std::size_t k = 1; k < all.size(); ++k) {
    Json golden = Json::parse(read_file(kLabs / all[k] / "golden.json"));
    golden.erase("comment");
    answers[all[k]] = golden;
  }
  const fs::path file = fs::temp_directory_path() / ("symref_labs_all_" + std::to_string(::getpid()) + ".json");
  std::ofstream(file) << answers.dump(2);
  Result r = symref({"grade", kLabs.string(), file.string(), "--format", "json"});
  fs::remove(file);
  ASSERT_EQ(r.code, 0) << r.err;
  const Json report = Json::parse(r.out);
  EXPECT_EQ(report["student"], "all goldens");
  EXPECT_EQ(report["exercises"].size(), all.size());
  EXPECT_EQ(report["summary"]["wrong"], 0);
  EXPECT_EQ(report["summary"]["malformed"], 0);
  EXPECT_EQ(report["summary"]["missing"], report["exercises"][0]["questions"].size());
  EXPECT_EQ(report["summary"]["correct"].get<int>() + report["summary"]["missing"].get<int>(), report["summary"]["questions"].get<int>());
}

}  // namespace
