// Answers a script can act on (DESIGN.md "CLI"): exit 4 when a checked answer is wrong, JSON from
// `wp`, `step` and `check`, `fuzz-merge` on mixed folders and on files, and help and usage texts.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using Result = symref::testing::ProcessResult;

std::string corpus(const std::string& relative) { return symref::testing::corpus_file(relative); }

class ScriptAnswersTest : public symref::testing::CommandTest {
 protected:
  Result symref(const std::vector<std::string>& args) { return run_command(SYMREF_BINARY, args); }
};

TEST_F(ScriptAnswersTest, WpCheckExitsFourWhenTheAnswerIsWrong) {
  const std::string factorial = corpus("classic/factorial.sym");
  EXPECT_EQ(symref({"wp", factorial, "--branches", "TTTFT", "--check", "n == 2"}).code, 0);
  EXPECT_EQ(symref({"wp", factorial, "--branches", "TTTFT", "--check", "n >= 2"}).code, 4);
  EXPECT_EQ(symref({"wp", factorial, "--outcome", "blocked", "--check", "n < 0"}).code, 0);
  EXPECT_EQ(symref({"wp", factorial, "--outcome", "blocked", "--check", "n < 1"}).code, 4);
  // Without --check there is nothing to be wrong.
  EXPECT_EQ(symref({"wp", factorial, "--branches", "TTTFT"}).code, 0);
}

// The JSON answer carries the same verdict as the exit code.
TEST_F(ScriptAnswersTest, WpFormatJsonExitsWithTheVerdict) {
  Result r = symref({"wp", corpus("classic/factorial.sym"), "--branches", "TTTFT", "--check", "n >= 2", "--format", "json"});
  ASSERT_EQ(r.code, 4) << r.err;
  const Json out = Json::parse(r.out);
  EXPECT_EQ(out["check"]["verdict"], "different");
  EXPECT_GE(out["check"]["separating_input"]["globals"]["n"].get<int>(), 3);
  Result post = symref({"wp", corpus("labs/basic/01-absolute-value/program.sym"), "--post", "y == 5", "--check",
                        "x == 5 || x == -5", "--format", "json"});
  ASSERT_EQ(post.code, 0) << post.err;
  EXPECT_EQ(Json::parse(post.out)["check"]["verdict"], "equivalent");
}

TEST_F(ScriptAnswersTest, GradeExitsFourWhenAnAnswerIsWrong) {
  const std::string lab = corpus("labs/basic/01-absolute-value");
  EXPECT_EQ(symref({"grade", lab, lab + "/golden.json"}).code, 0);
  EXPECT_EQ(symref({"grade", lab, lab + "/wrong.json"}).code, 4);
  EXPECT_EQ(symref({"grade", lab, write("partial.json", "{\"pc-negative\": \"x < 0\"}")}).code, 0);  // missing is not wrong
  EXPECT_EQ(symref({"grade", lab, write("broken.json", "{\"pc-negative\": \"x <\", \"feasible\": 3}")}).code, 1);
}

TEST_F(ScriptAnswersTest, StepFormatJsonAndItsAlias) {
  const std::string input = write("input.json", "{\"globals\": {\"n\": 3}}");
  Result json = symref({"step", corpus("classic/factorial.sym"), "--input", input, "--format", "json"});
  ASSERT_EQ(json.code, 0) << json.err;
  Result alias = symref({"step", corpus("classic/factorial.sym"), "--input", input, "--json"});
  ASSERT_EQ(alias.code, 0) << alias.err;
  EXPECT_EQ(json.out, alias.out);
  const Json out = Json::parse(json.out);
  EXPECT_EQ(out["version"], 1);
  ASSERT_FALSE(out["steps"].empty());
  EXPECT_EQ(out["steps"].size(), out["checked"]);
  Result run = symref({"run", corpus("classic/factorial.sym"), "--input", input, "--json"});
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(out["outcome"], Json::parse(run.out)["outcome"]);
  EXPECT_EQ(out["branches"], Json::parse(run.out)["branches"]);
  EXPECT_EQ(out["step_count"], Json::parse(run.out)["steps"]);
  const Json& first = out["steps"][0];
  EXPECT_EQ(first["index"], 1);
  EXPECT_EQ(first["check"]["same_rule"], true);
  EXPECT_EQ(first["check"]["path_condition_holds"], true);
  EXPECT_EQ(first["check"]["states_correspond"], true);
  EXPECT_TRUE(first["symbolic"].contains("phi"));
  EXPECT_TRUE(first["concrete"]["globals"].contains("n"));
  Result quiet = symref({"step", corpus("classic/factorial.sym"), "--input", input, "--json", "--quiet"});
  ASSERT_EQ(quiet.code, 0) << quiet.err;
  const Json summary = Json::parse(quiet.out);
  EXPECT_FALSE(summary.contains("steps"));
  EXPECT_EQ(summary["branches"], out["branches"]);
  EXPECT_EQ(symref({"step", corpus("classic/factorial.sym"), "--input", input, "--format", "xml"}).code, 2);
}

TEST_F(ScriptAnswersTest, CheckFormatJson) {
  Result ok = symref({"check", corpus("classic/factorial.sym"), "--format", "json"});
  ASSERT_EQ(ok.code, 0) << ok.err;
  const Json good = Json::parse(ok.out);
  EXPECT_EQ(good["version"], 1);
  EXPECT_EQ(good["ok"], true);
  EXPECT_EQ(good["globals"], 3);
  EXPECT_EQ(good["classes"], 0);
  EXPECT_EQ(good["procedures_and_methods"], 0);
  const std::string file = write("bad.sym", "var x: int;\nmain {\n  x := 1 +;\n}\n");
  Result bad = symref({"check", file, "--format", "json"});
  EXPECT_EQ(bad.code, 1);
  EXPECT_EQ(bad.err, file + ":3:11: error: expected expression\n  x := 1 +;\n          ^\n");
  const Json errors = Json::parse(bad.out);
  EXPECT_EQ(errors["ok"], false);
  ASSERT_EQ(errors["errors"].size(), 1u);
  EXPECT_EQ(errors["errors"][0], Json({{"line", 3}, {"column", 11}, {"message", "expected expression"}}));
}

TEST_F(ScriptAnswersTest, FuzzMergeSkipsOtherFilesAndTakesShardFiles) {
  const fs::path results = directory_ / "results";
  for (const char* shard : {"0/2", "1/2"}) {
    Result r = symref({"fuzz", "--seed", "3", "--count", "6", "--level", "1", "--property", "definedness", "--quiet", "--shard",
                       shard, "--out", results.string()});
    ASSERT_EQ(r.code, 0) << r.err;
  }
  // What `fuzz --output-dir` leaves beside the shards, and other JSON.
  write("results/symref-fuzz-3-definedness.json", "{\"globals\": {\"x\": 1}}\n");
  write("results/notes.json", "[1, 2]\n");
  write("results/broken.json", "{");
  Result folder = symref({"fuzz-merge", results.string()});
  ASSERT_EQ(folder.code, 0) << folder.err;
  EXPECT_NE(folder.out.find("6 programs, "), std::string::npos) << folder.out;
  Result files = symref({"fuzz-merge", (results / "shard-0-of-2.json").string(), (results / "shard-1-of-2.json").string()});
  ASSERT_EQ(files.code, 0) << files.err;
  EXPECT_NE(files.out.find("6 programs, "), std::string::npos) << files.out;
  Result one = symref({"fuzz-merge", (results / "shard-0-of-2.json").string()});
  EXPECT_EQ(one.code, 1);
  EXPECT_NE(one.err.find("no result for shard(s) 1 of 2"), std::string::npos) << one.err;
  Result not_a_shard = symref({"fuzz-merge", (results / "notes.json").string()});
  EXPECT_EQ(not_a_shard.code, 1);
  EXPECT_NE(not_a_shard.err.find("notes.json: error: not a fuzz shard result"), std::string::npos) << not_a_shard.err;
  fs::create_directories(directory_ / "empty");
  EXPECT_EQ(symref({"fuzz-merge", (directory_ / "empty").string()}).code, 1);
}

TEST_F(ScriptAnswersTest, HelpPointsToTheFaultListAndShowsDefaults) {
  for (const char* command : {"explore", "report", "fuzz"}) {
    Result help = symref({command, "--help"});
    ASSERT_EQ(help.code, 0) << command;
    EXPECT_EQ(help.out.find("array-bound-off-by-one"), std::string::npos) << command << " lists the faults:\n" << help.out;
    EXPECT_NE(help.out.find("--list-faults"), std::string::npos) << command;
  }
  Result unknown = symref({"explore", corpus("classic/factorial.sym"), "--inject-fault", "no-such-fault"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("unknown fault 'no-such-fault'"), std::string::npos) << unknown.err;
  Result fuzz = symref({"fuzz", "--help"});
  const std::size_t query_cache = fuzz.out.find("  --query-cache ");
  ASSERT_NE(query_cache, std::string::npos) << fuzz.out;
  EXPECT_NE(fuzz.out.find("(the default)", query_cache), std::string::npos) << fuzz.out;
  EXPECT_NE(fuzz.out.find("  --no-query-cache "), std::string::npos) << fuzz.out;
  EXPECT_EQ(fuzz.out.find("{false}"), std::string::npos) << fuzz.out;
}

TEST_F(ScriptAnswersTest, ANumberOptionGivenTextSaysNotANumber) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"explore", corpus("classic/factorial.sym"), "--timeout", "abc"},
           {"wp", corpus("classic/factorial.sym"), "--branches", "T", "--timeout", "abc"},
           {"explore", corpus("classic/factorial.sym"), "--loop-bound", "ten"}}) {
    Result r = symref(args);
    EXPECT_EQ(r.code, 2) << args[2];
    EXPECT_NE(r.err.find("not a number"), std::string::npos) << r.err;
  }
}

}  // namespace
