// Labs and grading (interp/grading/lab, grader): exercise.json read with positions, answers marked
// correct, wrong, malformed (with the diagnostic at the answer's position), undecided or missing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "interp/grading/grader.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref {
namespace {

namespace fs = std::filesystem;

class GraderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = fs::temp_directory_path() / ("symref_grader_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
                                              "_" + std::to_string(::getpid()));
    fs::remove_all(directory_);
    fs::create_directories(directory_ / "ex");
    write("ex/program.sym", "var x: int;\nvar y: int;\nmain {\n  if x > 0 {\n    y := x;\n  }\n  assert y != 2;\n}\n");
    write("ex/exercise.json", R"({
  "title": "t", "program": "program.sym",
  "questions": [
    {"id": "pc", "kind": "path-condition", "branches": "TT", "text": "?"},
    {"id": "count", "kind": "feasible-paths", "text": "?"},
    {"id": "fails", "kind": "outcome-condition", "outcome": "assertion-failure", "text": "?"},
    {"id": "wp", "kind": "weakest-precondition", "postcondition": "y == 1", "text": "?"}
  ]
})");
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(directory_, ignored);
  }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(directory_ / name) << text;
    return (directory_ / name).string();
  }
  GradeReport grade(const std::string& answers) {
    Lab lab = load_lab((directory_ / "ex").string());
    lab_ = std::make_unique<Lab>(std::move(lab));
    return grade_answers(*lab_, write("answers.json", answers), GradingLimits{});
  }
  static const QuestionGrade& question(const GradeReport& report, const std::string& id) {
    for (const auto& grade : report.exercises.at(0).questions)
      if (grade.question->id == id) return grade;
    throw std::runtime_error("no question " + id);
  }

  fs::path directory_;
  std::unique_ptr<Lab> lab_;
};

TEST_F(GraderTest, CorrectWrongAndMissing) {
  GradeReport report = grade(R"({"student": "ada", "pc": "x > 0 && x != 2", "count": 4, "fails": "x == 3"})");
  EXPECT_EQ(report.student, "ada");
  EXPECT_FALSE(report.malformed());
  EXPECT_EQ(question(report, "pc").mark, Mark::Correct);
  // TT, TF (x == 2), FT, FF (y is an input too, so y == 2 can fail the assert): four feasible leaves.
  EXPECT_EQ(question(report, "count").mark, Mark::Correct);
  const QuestionGrade& fails = question(report, "fails");
  EXPECT_EQ(fails.mark, Mark::Wrong);
  ASSERT_TRUE(fails.separating_input);
  EXPECT_NE(fails.feedback.find("your answer is"), std::string::npos) << fails.feedback;
  EXPECT_EQ(question(report, "wp").mark, Mark::Missing);
  auto json = grade_report_to_json(report);
  EXPECT_EQ(json["summary"]["correct"], 2);
  EXPECT_EQ(json["summary"]["wrong"], 1);
  EXPECT_EQ(json["summary"]["missing"], 1);
  EXPECT_NE(grade_report_to_text(report).find("score: 2 of 4 correct"), std::string::npos);
}

TEST_F(GraderTest, CountsTooHighOrTooLow) {
  GradeReport report = grade(R"({"count": 5})");
  EXPECT_EQ(question(report, "count").mark, Mark::Wrong);
  EXPECT_NE(question(report, "count").feedback.find("fewer"), std::string::npos);
}

TEST_F(GraderTest, MalformedAnswersPointIntoTheAnswersFile) {
  GradeReport report = grade("{\n  \"pc\": \"x >\",\n  \"count\": \"three\",\n  \"wp\": \"x + 1\",\n  \"nope\": 1\n}\n");
  EXPECT_TRUE(report.malformed());
  const std::string answers = (directory_ / "answers.json").string();
  EXPECT_EQ(question(report, "pc").mark, Mark::Malformed);
  EXPECT_EQ(question(report, "pc").diagnostic, answers + ":2:13: error: expected expression\n  \"pc\": \"x >\",\n            ^\n");
  EXPECT_EQ(question(report, "count").mark, Mark::Malformed);
  EXPECT_NE(question(report, "count").diagnostic.find(answers + ":3:12: error:"), std::string::npos);
  EXPECT_EQ(question(report, "wp").mark, Mark::Malformed);
  EXPECT_NE(question(report, "wp").diagnostic.find(answers + ":4:12: error: a condition must be bool"), std::string::npos)
      << question(report, "wp").diagnostic;
  ASSERT_EQ(report.file_errors.size(), 1u);
  EXPECT_NE(report.file_errors[0].find(answers + ":5:3: error: exercise ex has no question \"nope\""), std::string::npos);
}

TEST_F(GraderTest, AnswersFileNotJson) {
  EXPECT_THROW(grade("{\"pc\": "), InputError);
  EXPECT_THROW(grade("[]"), InputError);
}

TEST_F(GraderTest, ExerciseErrorsAtTheirPosition) {
  write("ex/exercise.json", "{\"title\": \"t\", \"program\": \"program.sym\",\n \"questions\": [{\"id\": \"q\", \"kind\": \"wp\", \"text\": \"?\"}]}");
  try {
    load_lab((directory_ / "ex").string());
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("exercise.json:2:36: error: unknown question kind \"wp\""), std::string::npos) << error.what();
  }
  write("ex/exercise.json", "{\"title\": \"t\", \"program\": \"program.sym\", \"questions\": [\n"
                            "{\"id\": \"q\", \"kind\": \"weakest-precondition\", \"postcondition\": \"z > 0\", \"text\": \"?\"}]}");
  try {
    load_lab((directory_ / "ex").string());
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("exercise.json:2:63: error: undeclared variable"), std::string::npos) << error.what();
  }
  EXPECT_THROW(load_lab((directory_ / "missing").string()), InputError);
  EXPECT_THROW(load_lab(directory_.string() + "/ex/program.sym"), InputError);
}

TEST_F(GraderTest, AHostileAnswerIsBoundedByTheLimits) {
  std::string deep(3000, '(');
  deep += "x > 0" + std::string(3000, ')');
  GradeReport report = grade("{\"pc\": \"" + deep + "\", \"fails\": \"" + std::string(5000, 'x') + "\"}");
  EXPECT_EQ(question(report, "pc").mark, Mark::Malformed);
  EXPECT_EQ(question(report, "fails").mark, Mark::Malformed);
  EXPECT_NE(question(report, "fails").diagnostic.find("longer than 4000 characters"), std::string::npos);
}

}  // namespace
}  // namespace symref
