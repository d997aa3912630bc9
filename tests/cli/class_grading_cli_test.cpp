// `symref grade` for a class, `symref lab check` and `symref lab new` as processes, on the lab
// corpus: a class made of the labs' own golden and wrong answers graded into CSV and JSON
// gradebooks with per-question statistics, a broken file failing its row only, labs refused
// with their errors, and separating inputs small enough to read.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using Result = symref::testing::ProcessResult;
using symref::testing::read_file;

const fs::path kLabs = fs::path(SYMREF_SOURCE_DIR) / "corpus" / "labs";

std::vector<std::string> exercises() {
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(kLabs))
    if (entry.path().filename() == "exercise.json") out.push_back(fs::relative(entry.path().parent_path(), kLabs).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

class ClassGradingCliTest : public symref::testing::CommandTest {
 protected:
  Result symref(const std::vector<std::string>& args) { return run_command(SYMREF_BINARY, args); }

  // Student k answers every exercise with its golden answers, except those where `wrong(k, e)`
  // holds: there the exercise's wrong answer replaces the golden one.  Returns the expected score.
  int write_student(int k, const std::function<bool(int, int)>& wrong) {
    Json answers = {{"student", "s" + std::to_string(k)}};
    int score = 0;
    const auto all = exercises();
    for (std::size_t e = 0; e < all.size(); ++e) {
      Json golden = Json::parse(read_file(kLabs / all[e] / "golden.json"));
      golden.erase("comment");
      score += static_cast<int>(golden.size());
      if (wrong(k, static_cast<int>(e))) {
        Json mistaken = Json::parse(read_file(kLabs / all[e] / "wrong.json"));
        mistaken.erase("comment");
        for (const auto& [id, answer] : mistaken.items()) golden[id] = answer;
        score -= static_cast<int>(mistaken.size());
      }
      answers[all[e]] = golden;
    }
    write("class/s" + std::to_string(k) + ".json", answers.dump(2));
    return score;
  }
};

TEST_F(ClassGradingCliTest, AClassOfGoldensAndWrongAnswersIntoAGradebook) {
  auto wrong = [](int k, int e) { return (k + e) % 3 == 0; };
  std::map<std::string, int> expected;
  for (int k = 0; k < 4; ++k) expected["s" + std::to_string(k)] = write_student(k, wrong);
  write("class/z-broken.json", "{\"student\": \"zed\", \"basic/01-absolute-value\": ");
  Result csv = symref({"grade", kLabs.string(), (directory_ / "class").string(), "--jobs", "2", "--format", "csv"});
  EXPECT_EQ(csv.code, 1) << "a row failed: " << csv.err;
  EXPECT_NE(csv.err.find("z-broken.json:1:"), std::string::npos) << csv.err;
  std::istringstream lines(csv.out);
  std::string header, line;
  std::getline(lines, header);
  EXPECT_EQ(header.rfind("student,file,basic/01-absolute-value:pc-negative,", 0), 0u) << header;
  const std::string last_columns = ",total,questions,undecided,error";
  EXPECT_EQ(header.substr(header.size() - last_columns.size()), last_columns);
  int rows = 0;
  while (std::getline(lines, line)) {
    ++rows;
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream split(line);
    while (std::getline(split, cell, ',')) cells.push_back(cell);
    if (cells[0] == "z-broken") {
      EXPECT_NE(line.find("error"), std::string::npos) << line;
      continue;
    }
    ASSERT_TRUE(expected.count(cells[0])) << line;
    const std::size_t columns = std::count(header.begin(), header.end(), ',') + 1;
    ASSERT_EQ(cells.size() + 1, columns) << line;  // the empty error column at the end
    EXPECT_EQ(std::stoi(cells[cells.size() - 3]), expected[cells[0]]) << line;
    EXPECT_EQ(cells[cells.size() - 1], "0") << "no undecided marks: " << line;
  }
  EXPECT_EQ(rows, 5);

  // JSON with the summary: per question, the wrong answers grouped with their separating input.
  fs::remove(directory_ / "class" / "z-broken.json");
  Result json = symref({"grade", kLabs.string(), (directory_ / "class").string(), "--jobs", "2", "--format", "json", "--summary"});
  ASSERT_EQ(json.code, 4) << json.err;  // every row graded, some answers wrong
  Json book = Json::parse(json.out);
  ASSERT_EQ(book["students"].size(), 4u);
  for (const auto& student : book["students"]) EXPECT_EQ(student["score"], expected[student["student"]]);
  const auto all = exercises();
  for (const auto& question : book["summary"]) {
    const std::string exercise = question["exercise"];
    const int e = static_cast<int>(std::find(all.begin(), all.end(), exercise) - all.begin());
    Json mistaken = Json::parse(read_file(kLabs / exercise / "wrong.json"));
    if (!mistaken.contains(question["question"].get<std::string>())) {
      EXPECT_EQ(question["wrong"], 0) << question.dump();
      continue;
    }
    int expected_wrong = 0;
    for (int k = 0; k < 4; ++k) expected_wrong += wrong(k, e);
    EXPECT_EQ(question["wrong"], expected_wrong) << question.dump();
    EXPECT_EQ(question["correct"], 4 - expected_wrong) << question.dump();
    if (expected_wrong == 0) continue;
    ASSERT_EQ(question["wrong_answers"].size(), 1u) << question.dump();
    EXPECT_EQ(question["wrong_answers"][0]["count"], expected_wrong);
    EXPECT_TRUE(question["wrong_answers"][0].contains("separating_input")) << question.dump();
  }
}

TEST_F(ClassGradingCliTest, TextGradebookAndSummary) {
  write_student(1, [](int, int e) { return e == 0; });
  write_student(2, [](int, int) { return false; });
  Result r = symref({"grade", kLabs.string(), (directory_ / "class" / "s1.json").string(), (directory_ / "class" / "s2.json").string(),
                     "--summary"});
  ASSERT_EQ(r.code, 4) << r.err;  // s2's answers are wrong
  EXPECT_NE(r.out.find("student  score  wrong  malformed  undecided  missing\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("per question (2 students): correct · wrong · malformed · undecided · missing\n"), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\nbasic/01-absolute-value:wp +1 · 1 · 0 · 0 · 0\n  1× x == 5\n"))) << r.out;
}

TEST_F(ClassGradingCliTest, LabCheckOnTheCorpusAndOnBrokenLabs) {
  Result ok = symref({"lab", "check", kLabs.string()});
  ASSERT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find(": 13 exercises, "), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find(" golden answers right, 13 wrong answers rejected\n"), std::string::npos) << ok.out;

  write("lab/e/program.sym", "var x: int;\nmain {\n  if x > 0 {\n    if x < 0 {\n      x := 1;\n    }\n  }\n}\n");
  write("lab/e/exercise.json",
        "{\"title\": \"t\", \"program\": \"program.sym\", \"questions\": [\n  {\"id\": \"pc\", \"kind\": \"path-condition\", \"branches\": \"TT\", "
        "\"text\": \"?\"}\n]}\n");
  write("lab/e/golden.json", "{\"pc\": \"false\"}");
  Result bad = symref({"lab", "check", (directory_ / "lab").string()});
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("exercise.json:2:54: error: question \"pc\": the path TT is infeasible: no input takes it\n"), std::string::npos)
      << bad.err;
  EXPECT_NE(bad.err.find("\"branches\": \"TT\""), std::string::npos) << "the line is shown: " << bad.err;
  // Grading refuses the lab, and grades nobody.
  Result graded = symref({"grade", (directory_ / "lab").string(), write("a.json", "{\"e\": {\"pc\": \"false\"}}")});
  EXPECT_EQ(graded.code, 1);
  EXPECT_EQ(graded.out, "");
  EXPECT_NE(graded.err.find("nothing graded"), std::string::npos) << graded.err;
}

TEST_F(ClassGradingCliTest, LabNewWritesAnExerciseThatPassesTheCheck) {
  const std::string target = (directory_ / "my-lab" / "01-first").string();
  Result created = symref({"lab", "new", target});
  ASSERT_EQ(created.code, 0) << created.err;
  for (const char* name : {"task.md", "program.sym", "exercise.json", "golden.json", "wrong.json"})
    EXPECT_TRUE(fs::exists(fs::path(target) / name)) << name;
  Result checked = symref({"lab", "check", (directory_ / "my-lab").string()});
  EXPECT_EQ(checked.code, 0) << checked.err;
  Result again = symref({"lab", "new", target});
  EXPECT_EQ(again.code, 1);
  EXPECT_NE(again.err.find("task.md: error: already exists"), std::string::npos) << again.err;
  Result usage = symref({"lab"});
  EXPECT_EQ(usage.code, 2);
}

TEST_F(ClassGradingCliTest, SeparatingInputsAreSmall) {
  // The wrong answer forgets that the element read must be positive: the smallest input that
  // shows it is a one-element array holding 0, read at index 0.
  Result r = symref({"wp", (kLabs / "basic/03-array-read/program.sym").string(), "--post", "x > 0", "--check", "0 <= i && i < len(a)"});
  ASSERT_EQ(r.code, 4) << r.err;  // not equivalent
  const std::size_t at = r.out.find("  on the input ");
  ASSERT_NE(at, std::string::npos) << r.out;
  Json input = Json::parse(r.out.substr(at + 15, r.out.find('\n', at) - at - 15));
  EXPECT_EQ(input["globals"]["a"], Json::array({0})) << input.dump();
  EXPECT_EQ(input["globals"]["i"], 0);
  EXPECT_EQ(input["globals"]["x"], 0);
  // Objects: the fewest the separation needs (lab objects/01: p and q one object).
  Result objects = symref({"grade", (kLabs / "objects/01-field-aliasing").string(), write("o.json", "{\"wp\": \"p != q\"}"), "--format", "json"});
  Json report = Json::parse(objects.out);
  for (const auto& question : report["exercises"][0]["questions"])
    if (question["mark"] == "wrong") {
      ASSERT_TRUE(question.contains("separating_input")) << question.dump();
      EXPECT_EQ(question["separating_input"].value("heap", Json::object()).size(), 1u) << question.dump();
      for (const auto& [name, value] : question["separating_input"]["globals"].items())
        if (value.is_number_integer()) {
          EXPECT_LE(std::abs(value.get<long>()), 2) << question.dump();
        }
    }
}

}  // namespace
