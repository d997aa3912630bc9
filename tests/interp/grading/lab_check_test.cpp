// Checking labs (interp/grading/lab_check, lab_template): questions without an answer the
// program determines, golden answers the program contradicts and wrong answers it accepts are
// each an error at the question's position in exercise.json; the template passes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "interp/grading/lab_check.hpp"
#include "interp/grading/lab_template.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref {
namespace {

namespace fs = std::filesystem;

class LabCheckTest : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = fs::temp_directory_path() /
                 ("symref_labcheck_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" + std::to_string(::getpid()));
    fs::remove_all(directory_);
    fs::create_directories(directory_ / "ex");
    write("ex/program.sym", "var x: int;\nvar y: int;\nmain {\n  if x > 0 {\n    if x < 0 {\n      y := 1;\n    }\n  }\n  assert y != 7;\n}\n");
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(directory_, ignored);
  }
  void write(const std::string& name, const std::string& text) { std::ofstream(directory_ / name) << text; }
  // The errors of a lab with these questions (one per line of exercise.json) and answers.
  std::vector<std::string> errors(const std::string& questions, const std::string& golden, const std::string& wrong = "") {
    write("ex/exercise.json", "{\"title\": \"t\", \"program\": \"program.sym\", \"questions\": [\n" + questions + "\n]}\n");
    write("ex/golden.json", golden);
    if (!wrong.empty()) write("ex/wrong.json", wrong);
    Lab lab = load_lab((directory_ / "ex").string());
    return check_lab(lab, GradingLimits{}).errors;
  }

  fs::path directory_;
};

// TT is infeasible (x > 0 and x < 0); TFT is the path through the then-branch; y == 7 fails the assert.
TEST_F(LabCheckTest, AGoodLabHasNoErrors) {
  auto found = errors(R"({"id": "pc", "kind": "path-condition", "branches": "TFT", "text": "?"},
{"id": "fails", "kind": "outcome-condition", "outcome": "assertion-failure", "text": "?"},
{"id": "n", "kind": "feasible-paths", "loop_bound": 10, "text": "?"})",
                      R"({"pc": "x > 0 && y != 7", "fails": "y == 7", "n": 4})", R"({"fails": "x == 7"})");
  EXPECT_TRUE(found.empty()) << found.front();
}

TEST_F(LabCheckTest, AnInfeasibleOrMissingPathAtItsPosition) {
  auto found = errors(R"({"id": "pc", "kind": "path-condition", "branches": "TTT", "text": "?"},
{"id": "pd", "kind": "path-condition", "branches": "FFFF", "text": "?"})",
                      R"({"pc": "false", "pd": "false"})");
  ASSERT_GE(found.size(), 2u);
  EXPECT_NE(found[0].find("exercise.json:2:52: error: question \"pc\": the path TTT is infeasible: no input takes it"), std::string::npos)
      << found[0];
  EXPECT_NE(found[1].find("exercise.json:3:52: error: question \"pd\": the lab's question has no answer"), std::string::npos) << found[1];
}

TEST_F(LabCheckTest, AnUnreachableOutcomeMustBeSaid) {
  auto found = errors(R"({"id": "oob", "kind": "outcome-condition", "outcome": "out-of-bounds", "text": "?"})", R"({"oob": "false"})");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find("no input ends in out-of-bounds; if the answer is meant to be false, say \"unreachable\": true"), std::string::npos)
      << found[0];
  EXPECT_TRUE(errors(R"({"id": "oob", "kind": "outcome-condition", "outcome": "out-of-bounds", "unreachable": true, "text": "?"})",
                     R"({"oob": "false"})")
                  .empty());
  auto reached = errors(R"({"id": "f", "kind": "outcome-condition", "outcome": "assertion-failure", "unreachable": true, "text": "?"})",
                        R"({"f": "y == 7"})");
  ASSERT_FALSE(reached.empty());
  EXPECT_NE(reached[0].find("says no input ends in assertion-failure, but some input does"), std::string::npos) << reached[0];
}

TEST_F(LabCheckTest, ACountNamesItsBound) {
  auto found = errors(R"({"id": "n", "kind": "feasible-paths", "text": "?"})", R"({"n": 4})");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find("exercise.json:2:1: error: question \"n\": a feasible-paths question names its \"loop_bound\""), std::string::npos)
      << found[0];
}

TEST_F(LabCheckTest, GoldenWrongMissingAndAWrongAnswerThatIsRight) {
  auto found = errors(R"({"id": "fails", "kind": "outcome-condition", "outcome": "assertion-failure", "text": "?"},
{"id": "n", "kind": "feasible-paths", "loop_bound": 10, "text": "?"})",
                      R"({"fails": "x == 7"})", R"({"fails": "7 == y"})");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_NE(found[0].find("exercise.json:2:1: error: question \"fails\": the answer in golden.json is wrong: on the input"), std::string::npos)
      << found[0];
  EXPECT_NE(found[1].find("exercise.json:3:1: error: question \"n\": golden.json has no answer to it"), std::string::npos) << found[1];
  EXPECT_NE(found[2].find("question \"fails\": the answer in wrong.json is right"), std::string::npos) << found[2];
}

TEST(LabTemplate, WritesFiveFilesThatPassTheCheckAndOverwritesNothing) {
  const fs::path directory = fs::temp_directory_path() / ("symref_lab_template_" + std::to_string(::getpid()));
  fs::remove_all(directory);
  auto written = write_lab_template((directory / "new-exercise").string());
  EXPECT_EQ(written.size(), 5u);
  Lab lab = load_lab((directory / "new-exercise").string());
  LabCheck check = check_lab(lab, GradingLimits{});
  EXPECT_TRUE(check.errors.empty()) << check.errors.front();
  EXPECT_EQ(check.questions, 4u);
  EXPECT_EQ(check.golden_answers, 4u);
  EXPECT_EQ(check.wrong_answers, 1u);
  EXPECT_THROW(write_lab_template((directory / "new-exercise").string()), InputError);
  fs::remove_all(directory);
}

}  // namespace
}  // namespace symref
