// Grading a class (interp/grading/class_grading, question_statistics): many files graded in
// parallel into one row each, a broken file failing its own row only, the CSV and JSON
// gradebooks, and wrong answers grouped by equivalence, not by spelling.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "interp/grading/class_grading.hpp"
#include "interp/grading/question_statistics.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref {
namespace {

namespace fs = std::filesystem;

class ClassGradingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = fs::temp_directory_path() /
                 ("symref_class_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" + std::to_string(::getpid()));
    fs::remove_all(directory_);
    fs::create_directories(directory_ / "ex");
    fs::create_directories(directory_ / "class");
    write("ex/program.sym", "var x: int;\nvar y: int;\nmain {\n  if x > 0 {\n    y := x;\n  }\n  assert y != 2;\n}\n");
    write("ex/exercise.json", R"({
  "title": "t", "program": "program.sym",
  "questions": [
    {"id": "pc", "kind": "path-condition", "branches": "TT", "text": "?"},
    {"id": "count", "kind": "feasible-paths", "loop_bound": 10, "text": "?"},
    {"id": "fails", "kind": "outcome-condition", "outcome": "assertion-failure", "text": "?"}
  ]
})");
    lab_ = std::make_unique<Lab>(load_lab((directory_ / "ex").string()));
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(directory_, ignored);
  }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(directory_ / name) << text;
    return (directory_ / name).string();
  }
  std::string student(const std::string& name, const std::string& fails, int count = 4) {
    return write("class/" + name + ".json", "{\"pc\": \"x > 0 && x != 2\", \"count\": " + std::to_string(count) + ", \"fails\": \"" + fails + "\"}");
  }

  fs::path directory_;
  std::unique_ptr<Lab> lab_;
};

const char* const right_fails = "(x > 0 && x == 2) || (x <= 0 && y == 2)";

TEST_F(ClassGradingTest, RowsInFileOrderAndABrokenFileFailsOnlyItsRow) {
  const std::string ada = student("ada", right_fails);
  const std::string bob = student("bob", "x == 2", 5);
  const std::string broken = write("class/cyd.json", "{\"pc\": ");
  const std::string dan = write("class/dan.json", "{\"student\": \"Dan D.\", \"pc\": \"x >\", \"fails\": \"y == 2\"}");
  Gradebook book = grade_class(*lab_, {ada, bob, broken, dan}, GradingLimits{}, 3);
  ASSERT_EQ(book.rows.size(), 4u);
  EXPECT_EQ(book.jobs, 3u);
  EXPECT_EQ(book.rows[0].student, "ada");
  EXPECT_EQ(book.rows[0].score(), 3u);
  EXPECT_FALSE(book.rows[0].failed());
  EXPECT_EQ(book.rows[1].score(), 1u);
  EXPECT_FALSE(book.rows[1].failed());
  EXPECT_EQ(book.rows[1].report->exercises[0].questions[2].mark, Mark::Wrong);
  EXPECT_TRUE(book.rows[1].report->exercises[0].questions[2].separating_input);
  EXPECT_FALSE(book.rows[2].report);
  EXPECT_TRUE(book.rows[2].failed());
  ASSERT_EQ(book.rows[2].errors.size(), 1u);
  EXPECT_NE(book.rows[2].errors[0].find("cyd.json:1:"), std::string::npos) << book.rows[2].errors[0];
  EXPECT_EQ(book.rows[3].student, "Dan D.");
  EXPECT_TRUE(book.rows[3].failed());  // a malformed answer
  EXPECT_TRUE(book.any_failed());

  const std::string csv = gradebook_to_csv(book);
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "student,file,pc,count,fails,total,questions,undecided,error");
  EXPECT_NE(csv.find("\nada," + ada + ",1,1,1,3,3,0,\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nbob," + bob + ",1,0,0,1,3,0,\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\ncyd," + broken + ",,,,,3,0,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nDan D.," + dan + ",malformed,missing,0,0,3,0,"), std::string::npos) << csv;

  auto json = gradebook_to_json(book);
  EXPECT_EQ(json["students"].size(), 4u);
  EXPECT_EQ(json["students"][0]["score"], 3);
  EXPECT_TRUE(json["students"][2]["score"].is_null());
  EXPECT_TRUE(json["students"][2]["failed"].get<bool>());
  EXPECT_TRUE(json["students"][1]["exercises"][0]["questions"][2].contains("separating_input"));
}

TEST_F(ClassGradingTest, TheSameStudentTwiceIsAnErrorInBothRows) {
  const std::string a = write("class/a.json", "{\"student\": \"eve\"}");
  const std::string b = write("class/b.json", "{\"student\": \"eve\"}");
  Gradebook book = grade_class(*lab_, {a, b}, GradingLimits{}, 1);
  EXPECT_TRUE(book.rows[0].failed());
  EXPECT_TRUE(book.rows[1].failed());
  EXPECT_NE(book.rows[1].errors.back().find("2 answers files name the student \"eve\""), std::string::npos);
}

TEST_F(ClassGradingTest, AnswersFilesFromDirectoriesSorted) {
  student("b", right_fails);
  student("a", right_fails);
  write("class/notes.txt", "not an answers file");
  const auto files = answers_files({(directory_ / "class").string()});
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(fs::path(files[0]).filename(), "a.json");
  EXPECT_EQ(fs::path(files[1]).filename(), "b.json");
  EXPECT_THROW(answers_files({(directory_ / "none").string()}), InputError);
  fs::create_directories(directory_ / "empty");
  EXPECT_THROW(answers_files({(directory_ / "empty").string()}), InputError);
}

TEST_F(ClassGradingTest, WrongAnswersGroupedByEquivalence) {
  // Three spellings of one misconception (the else branch forgotten), one other, one right.
  std::vector<std::string> files{student("s1", "x == 2"), student("s2", "2 == x && true"), student("s3", "x >= 2 && x <= 2"),
                                 student("s4", "y == 2", 3), student("s5", right_fails, 3)};
  GradingLimits limits;
  Gradebook book = grade_class(*lab_, files, limits, 2);
  auto statistics = question_statistics(book, limits);
  ASSERT_EQ(statistics.size(), 3u);
  const QuestionStatistics& fails = statistics[2];
  EXPECT_EQ(fails.question->id, "fails");
  EXPECT_EQ(fails.counts[static_cast<int>(Mark::Correct)], 1u);
  EXPECT_EQ(fails.counts[static_cast<int>(Mark::Wrong)], 4u);
  ASSERT_EQ(fails.wrong_answers.size(), 2u);
  EXPECT_EQ(fails.wrong_answers[0].students, (std::vector<std::string>{"s1", "s2", "s3"}));
  EXPECT_EQ(fails.wrong_answers[0].representative->answer, "x == 2");
  EXPECT_EQ(fails.wrong_answers[0].spellings, (std::vector<std::string>{"x == 2", "2 == x && true", "x >= 2 && x <= 2"}));
  EXPECT_TRUE(fails.wrong_answers[0].representative->separating_input);
  EXPECT_EQ(fails.wrong_answers[1].students, (std::vector<std::string>{"s4"}));
  // Counts are grouped by their value.
  const QuestionStatistics& count = statistics[1];
  ASSERT_EQ(count.wrong_answers.size(), 1u);
  EXPECT_EQ(count.wrong_answers[0].students, (std::vector<std::string>{"s4", "s5"}));
  auto json = question_statistics_to_json(book, statistics);
  EXPECT_EQ(json[2]["wrong_answers"][0]["count"], 3);
  EXPECT_TRUE(json[2]["wrong_answers"][0].contains("separating_input"));
  const std::string text = question_statistics_to_text(book, statistics);
  EXPECT_NE(text.find("fails  1 · 4 · 0 · 0 · 0\n  3× x == 2  (also written 2 == x && true, x >= 2 && x <= 2)\n"), std::string::npos)
      << text;
}

}  // namespace
}  // namespace symref
