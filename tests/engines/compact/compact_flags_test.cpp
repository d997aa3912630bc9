// `symref compact --format dot | --tests DIR | --smt-dir DIR | --check-classic K` on the command
// line: what each writes, checked against the JSON of the same run, and bad flags exiting 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace symref::testing {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

std::string corpus(const std::string& name) { return std::string(SYMREF_SOURCE_DIR) + "/corpus/compact/" + name; }

std::size_t files_in(const fs::path& directory) {
  if (!fs::is_directory(directory)) return 0;
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(directory)) count += entry.is_regular_file();
  return count;
}

class CompactFlags : public CommandTest {};

TEST_F(CompactFlags, BadFlagsExitTwo) {
  const std::string file = corpus("late_assert.sym");
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", file, "--format", "svg"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", file, "--check-classic", "0"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", file, "--check-classic", "many"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", file, "--tests"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", file, "--smt-dir"}).code, 2);
}

// The compact tree of late_assert: one instance edge {t1#1}, then the assert's two sides.
TEST_F(CompactFlags, DotDrawsTheCompactTreeWithInstanceEdges) {
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--format", "dot"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out.rfind("digraph", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("label=\"{t1#1}\""), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("{t1#1}F\\nassertion-failure"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("{t1#1}T\\nnormal"), std::string::npos) << result.out;
}

// One input per feasible leaf; the failing assert's input has n = 50 (the loop leaves with i = n).
TEST_F(CompactFlags, TestsDirectoryHoldsOneInputPerFeasibleLeaf) {
  const fs::path tests = directory_ / "tests";
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--format", "json", "--tests", tests.string()});
  ASSERT_EQ(result.code, 0) << result.err;
  const json out = json::parse(result.out);
  std::size_t feasible = 0;
  for (const auto& path : out["paths"]) feasible += path["status"] == "sat";
  EXPECT_EQ(files_in(tests), feasible);
  bool failing_seen = false;
  for (const auto& entry : fs::directory_iterator(tests)) {
    json input = json::parse(std::ifstream(entry.path()));
    ASSERT_TRUE(input.contains("globals")) << entry.path();
    if (entry.path().filename().string().find("F.json") != std::string::npos) {
      EXPECT_EQ(input["globals"]["n"], 50) << input.dump();
      failing_seen = true;
      // The input replays concretely to the failure.
      ProcessResult run = run_command(SYMREF_BINARY, {"run", corpus("late_assert.sym"), "--input", entry.path().string(), "--json"});
      EXPECT_EQ(json::parse(run.out)["outcome"], "assertion-failure") << run.out << run.err;
    }
  }
  EXPECT_TRUE(failing_seen);
}

// Every query as an SMT-LIB2 file: as many as the statistics count, template construction apart.
TEST_F(CompactFlags, SmtDirectoryHoldsEveryQuery) {
  const fs::path smt = directory_ / "smt";
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--format", "json", "--brackets", "off",
                                                     "--smt-dir", smt.string()});
  ASSERT_EQ(result.code, 0) << result.err;
  const json out = json::parse(result.out);
  EXPECT_GT(files_in(smt / "templates"), 0u);
  EXPECT_GT(files_in(smt / "search"), 0u);
  EXPECT_EQ(files_in(smt / "templates") + files_in(smt / "search"), out["stats"]["queries"].get<std::size_t>());
  bool quantified = false;
  for (const auto& entry : fs::directory_iterator(smt / "search")) {
    std::string text((std::istreambuf_iterator<char>(std::ifstream(entry.path()).rdbuf())), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("(check-sat)"), std::string::npos) << entry.path();
    quantified = quantified || text.find("forall") != std::string::npos;
  }
  EXPECT_TRUE(quantified);
}

// With the brackets (bounded_forall.hpp) every solver check is still written and counted, some ∀τ
// queries are decided without asking them, and the tree's leaves are decided the same way.
TEST_F(CompactFlags, BracketsDecideQuantifiedQueriesAlike) {
  const fs::path smt = directory_ / "smt";
  ProcessResult on = run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--format", "json", "--smt-dir", smt.string()});
  ProcessResult off = run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--format", "json", "--brackets", "off"});
  ASSERT_EQ(on.code, 0) << on.err;
  ASSERT_EQ(off.code, 0) << off.err;
  const json with = json::parse(on.out)["stats"];
  const json without = json::parse(off.out)["stats"];
  EXPECT_EQ(files_in(smt / "templates") + files_in(smt / "search"), with["queries"].get<std::size_t>());
  EXPECT_GT(with["bracket_answers"].get<int>(), 0);
  EXPECT_EQ(without["bracket_answers"].get<int>(), 0);
  EXPECT_LT(with["quantified_queries"].get<int>(), without["quantified_queries"].get<int>());
  for (const char* key : {"paths", "feasible", "infeasible", "unknown"}) EXPECT_EQ(with[key], without[key]) << key;
}

// Theorems 1 and 2 against explore --loop-bound K hold on the corpus ...
TEST_F(CompactFlags, CheckClassicHoldsOnTheCorpus) {
  for (const char* program : {"late_assert.sym", "linear_search.sym", "counting_sum.sym"}) {
    ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus(program), "--format", "json", "--check-classic", "3"});
    ASSERT_EQ(result.code, 0) << program << "\n" << result.err;
    const json check = json::parse(result.out)["check_classic"];
    EXPECT_EQ(check["theorem1"]["verdict"], "holds") << program;
    EXPECT_EQ(check["theorem2"]["verdict"], "holds") << program;
    EXPECT_GT(check["theorem1"]["checks"].get<int>(), 0) << program;
  }
}

// ... and catch a dropped exit, which the live replay of each leaf's test cannot see (the leaves
// that are left are right): exit 0 without the check, 3 with it.
TEST_F(CompactFlags, CheckClassicCatchesADroppedExit) {
  const std::string file = corpus("late_assert.sym");
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", file, "--inject-fault", "compact-exit-dropped"}).code, 0);
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", file, "--check-classic", "3", "--inject-fault", "compact-exit-dropped"});
  EXPECT_EQ(result.code, 3) << result.out << result.err;
  EXPECT_NE(result.err.find("Theorem 1 (Trtík) fails"), std::string::npos) << result.err;
}

// Theorem 2's side: a wrong θ⟦κ⟧ gives compact instances with no forward leaf behind them.
TEST_F(CompactFlags, CheckClassicCatchesAWrongTheta) {
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus("counting_sum.sym"), "--check-classic", "3",
                                                     "--inject-fault", "compact-theta-off-by-one", "--format", "json"});
  EXPECT_EQ(result.code, 3) << result.out << result.err;
  EXPECT_NE(result.err.find("Theorem 2 (Trtík) fails"), std::string::npos) << result.err;
}

// K above --loop-bound: the forward tree goes deeper than the compact one where a loop runs
// classically (a doubling has no template).  Forward leaves below a compact bound leaf are skipped,
// not reported as Theorem 1 failures (they were before); a dropped exit is still caught there.
TEST_F(CompactFlags, CheckClassicDeeperThanTheLoopBoundSkipsWhatCompactCut) {
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus("fail_doubling.sym"), "--loop-bound", "2",
                                                     "--check-classic", "5", "--format", "json"});
  ASSERT_EQ(result.code, 0) << result.err;
  const json theorem1 = json::parse(result.out)["check_classic"]["theorem1"];
  EXPECT_EQ(theorem1["verdict"], "holds");
  EXPECT_GT(theorem1["skipped"].get<int>(), 0);
  EXPECT_GT(theorem1["checks"].get<int>(), 0);
  ProcessResult dropped = run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--loop-bound", "2", "--check-classic",
                                                      "5", "--inject-fault", "compact-exit-dropped"});
  EXPECT_EQ(dropped.code, 3) << dropped.out << dropped.err;
  EXPECT_NE(dropped.err.find("Theorem 1 (Trtík) fails"), std::string::npos) << dropped.err;
}

// One E letter names whichever definedness condition fails: `s.key := a[0]` ends FE both in
// nil-dereference and in out-of-bounds.  Theorem 2 compares a compact leaf with the forward leaf
// of its expansion and its outcome (found by fuzz, seed 4, level 3: it used to pick the other one).
TEST_F(CompactFlags, CheckClassicTellsErrorLeavesWithOneBranchStringApart) {
  const std::string file = write("two_errors.sym",
                                 "var y: int;\nvar a: int[];\nvar s: Cell;\nclass Cell {\n  field key: int;\n}\n"
                                 "main {\n  while y < 0 {\n  }\n  s.key := a[0];\n}\n");
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", file, "--check-classic", "2", "--format", "json"});
  ASSERT_EQ(result.code, 0) << result.err;
  const json out = json::parse(result.out);
  int error_leaves_fe = 0;
  for (const auto& path : out["paths"])
    if (path["branches"] == "{t1#1}E") ++error_leaves_fe;
  EXPECT_EQ(error_leaves_fe, 2);
  EXPECT_EQ(out["check_classic"]["theorem2"]["verdict"], "holds");
  EXPECT_EQ(out["check_classic"]["theorem2"]["checks"].get<int>(), 3);
}

}  // namespace
}  // namespace symref::testing
