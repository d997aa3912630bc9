// `symref report`, `symref grade` and the new modes of `symref wp` as processes: exit codes,
// diagnostics for bad programs, states, answers and labs, and the shapes of their output.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::string corpus(const std::string& relative) { return symref::testing::corpus_file(relative); }
using Result = symref::testing::ProcessResult;
using symref::testing::read_file;

class ReportGradeTest : public symref::testing::CommandTest {
 protected:
  Result symref(const std::vector<std::string>& args) { return run_command(SYMREF_BINARY, args); }
};

TEST_F(ReportGradeTest, ReportWritesOnePageNamedAfterTheProgram) {
  Result r = symref({"report", corpus("classic/factorial.sym"), "--loop-bound", "2", "--layout", "own"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("wrote factorial.html"), std::string::npos) << r.out;
  const std::string html = read_file(directory_ / "factorial.html");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("own-layout"), std::string::npos);
  Result help = symref({"report", "--help"});
  EXPECT_EQ(help.code, 0);
}

TEST_F(ReportGradeTest, ReportBadInputs) {
  const std::string program = corpus("classic/factorial.sym");
  Result bad_program = symref({"report", write("bad.sym", "var x: int;\nmain {\n  x := ;\n}\n")});
  EXPECT_EQ(bad_program.code, 1);
  EXPECT_NE(bad_program.err.find("bad.sym:3:8: error: expected expression"), std::string::npos) << bad_program.err;
  Result bad_state = symref({"report", program, "--input", write("state.json", "{\"globals\": {\"n\": true}}")});
  EXPECT_EQ(bad_state.code, 1);
  EXPECT_NE(bad_state.err.find("state.json:1:19: error: global 'n' must be an integer"), std::string::npos) << bad_state.err;
  Result not_json = symref({"report", program, "--input", write("state2.json", "{\"globals\": ")});
  EXPECT_EQ(not_json.code, 1);
  EXPECT_NE(not_json.err.find("state2.json:1:13: error:"), std::string::npos) << not_json.err;
  Result unwritable = symref({"report", program, "-o", (directory_ / "missing" / "x.html").string()});
  EXPECT_EQ(unwritable.code, 1);
  EXPECT_NE(unwritable.err.find("error: cannot write the report"), std::string::npos) << unwritable.err;
  Result usage = symref({"report", program, "--layout", "svg"});
  EXPECT_EQ(usage.code, 2);
  EXPECT_NE(usage.err.find("symref report: error:"), std::string::npos) << usage.err;
  Result no_dot = symref({"report", program, "--layout", "dot"});  // PATH kept: only fails without dot
  EXPECT_TRUE(no_dot.code == 0 || (no_dot.code == 1 && no_dot.err.find("dot was not found") != std::string::npos)) << no_dot.err;
}

TEST_F(ReportGradeTest, WpOfAnOutcomeAndOfMainForAPostcondition) {
  Result outcome = symref({"wp", corpus("classic/factorial.sym"), "--outcome", "blocked", "--check", "n < 0"});
  ASSERT_EQ(outcome.code, 0) << outcome.err;
  EXPECT_NE(outcome.out.find("condition:\n  n < 0\n"), std::string::npos) << outcome.out;
  EXPECT_NE(outcome.out.find("check: equivalent"), std::string::npos) << outcome.out;
  const std::string absolute = corpus("labs/basic/01-absolute-value/program.sym");
  Result post = symref({"wp", absolute, "--post", "y == 5", "--check", "x == 5"});
  ASSERT_EQ(post.code, 4) << post.err;  // not equivalent
  EXPECT_NE(post.out.find("check: NOT equivalent"), std::string::npos) << post.out;
  EXPECT_NE(post.out.find("your condition is false but wp(main, Q) is true"), std::string::npos) << post.out;
  Result nothing = symref({"wp", absolute});
  EXPECT_EQ(nothing.code, 2);
  Result both = symref({"wp", absolute, "--outcome", "normal", "--post", "true"});
  EXPECT_EQ(both.code, 2);
  Result bad_post = symref({"wp", absolute, "--post", "z > 0"});
  EXPECT_EQ(bad_post.code, 1);
  EXPECT_NE(bad_post.err.find("--post:1:1: error:"), std::string::npos) << bad_post.err;
}

TEST_F(ReportGradeTest, GradeTextAndJson) {
  const std::string lab = corpus("labs/basic/01-absolute-value");
  const std::string answers = write("a.json", "{\"student\": \"ada\", \"pc-negative\": \"x < 0\", \"feasible\": 3, \"wp\": \"x == 5\"}");
  Result text = symref({"grade", lab, answers});
  ASSERT_EQ(text.code, 4) << text.err;  // two answers are wrong
  EXPECT_NE(text.out.find("✓ pc-negative"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("✗ feasible        wrong: the tree has fewer feasible paths"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("· pc-nonnegative  missing"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("score: 1 of 4 correct · 2 wrong · 0 malformed · 0 undecided · 1 missing"), std::string::npos) << text.out;
  Result json = symref({"grade", lab, answers, "--format", "json"});
  ASSERT_EQ(json.code, 4) << json.err;
  Json report = Json::parse(json.out);
  EXPECT_EQ(report["student"], "ada");
  const Json& wp = report["exercises"][0]["questions"][3];
  EXPECT_EQ(wp["mark"], "wrong");
  EXPECT_EQ(wp["separating_input"]["globals"]["x"], -5);
  EXPECT_EQ(wp["answer_value"], false);
  EXPECT_EQ(wp["truth_value"], true);
}

TEST_F(ReportGradeTest, GradeMalformedAnswersExitOneWithEveryMarkPrinted) {
  const std::string lab = corpus("labs/basic/01-absolute-value");
  Result r = symref({"grade", lab, write("a.json", "{\n  \"wp\": \"x ==\",\n  \"pc-negative\": \"x < 0\"\n}\n")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("! wp              malformed\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("a.json:2:14: error: expected expression\n        \"wp\": \"x ==\",\n                   ^\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("✓ pc-negative"), std::string::npos) << r.out;
  Result unknown = symref({"grade", lab, write("b.json", "{\"pc\": \"x < 0\"}")});
  EXPECT_EQ(unknown.code, 1);
  EXPECT_NE(unknown.err.find("b.json:1:2: error: exercise 01-absolute-value has no question \"pc\""), std::string::npos) << unknown.err;
  for (const std::string& text : {std::string("{"), std::string("[1, 2]"), std::string("\"x\""), std::string("")}) {
    Result broken = symref({"grade", lab, write("c.json", text)});
    EXPECT_EQ(broken.code, 1) << text;
    EXPECT_NE(broken.err.find("c.json:1:"), std::string::npos) << text << ": " << broken.err;
    EXPECT_EQ(broken.out, "") << text;
  }
  Result missing = symref({"grade", lab, (directory_ / "none.json").string()});
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("none.json: error: cannot open file"), std::string::npos) << missing.err;
}

TEST_F(ReportGradeTest, GradeBadLabs) {
  const std::string answers = write("a.json", "{}");
  Result none = symref({"grade", (directory_ / "nolab").string(), answers});
  EXPECT_EQ(none.code, 1);
  EXPECT_NE(none.err.find("nolab: error: not a directory"), std::string::npos) << none.err;
  fs::create_directories(directory_ / "empty");
  Result empty = symref({"grade", (directory_ / "empty").string(), answers});
  EXPECT_EQ(empty.code, 1);
  EXPECT_NE(empty.err.find("error: no exercise.json in this directory or below"), std::string::npos) << empty.err;
  write("lab/e/program.sym", "var x: int;\nmain {\n  skip;\n}\n");
  write("lab/e/exercise.json", "{\"title\": \"t\", \"program\": \"program.sym\", \"questions\": [{\"id\": \"q\", \"kind\": \"path-condition\", \"text\": \"?\"}]}");
  Result no_branches = symref({"grade", (directory_ / "lab").string(), answers});
  EXPECT_EQ(no_branches.code, 1);
  EXPECT_NE(no_branches.err.find("exercise.json:1:56: error: a path-condition question needs \"branches\""), std::string::npos)
      << no_branches.err;
  write("lab/e/exercise.json", "{\"title\": \"t\", \"program\": \"../x.sym\", \"questions\": []}");
  Result escape = symref({"grade", (directory_ / "lab").string(), answers});
  EXPECT_EQ(escape.code, 1);
  EXPECT_NE(escape.err.find("\"program\" names a file in the exercise's directory"), std::string::npos) << escape.err;
  write("lab/e/exercise.json", "not json");
  Result broken = symref({"grade", (directory_ / "lab").string(), answers});
  EXPECT_EQ(broken.code, 1);
  EXPECT_NE(broken.err.find("exercise.json:1:1: error:"), std::string::npos) << broken.err;
}

}  // namespace
