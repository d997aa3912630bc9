// `symref compact` and `symref templates` on the command line: exit codes of docs/cli.md (bad program
// 1, bad flag 2, a failed live check 3), the JSON contract, and planted faults caught by the live
// Theorem 2 check of every leaf's test.
#include <gtest/gtest.h>

#include <map>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace symref::testing {
namespace {

using json = nlohmann::json;

std::string corpus(const std::string& name) { return std::string(SYMREF_SOURCE_DIR) + "/corpus/compact/" + name; }

class CompactCli : public CommandTest {};

TEST_F(CompactCli, BadProgramExitsOneWithAPositionedDiagnostic) {
  const std::string file = write("bad.sym", "var i: int;\nmain {\n  while i < { i := i + 1; }\n}\n");
  for (const char* command : {"compact", "templates"}) {
    ProcessResult result = run_command(SYMREF_BINARY, {command, file});
    EXPECT_EQ(result.code, 1) << command;
    EXPECT_NE(result.err.find("bad.sym:3:"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("error: "), std::string::npos) << result.err;
  }
}

TEST_F(CompactCli, BadFlagExitsTwo) {
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--order", "sideways"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--templates", "maybe"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"templates", corpus("late_assert.sym"), "--format", "dot"}).code, 2);
}

TEST_F(CompactCli, JsonCarriesTemplatesParametersAndStatistics) {
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--format", "json", "--order", "dfs"});
  ASSERT_EQ(result.code, 0) << result.err;
  json out = json::parse(result.out);
  for (const char* key : {"program", "engine", "solver", "finite", "templates", "paths", "stats"}) EXPECT_TRUE(out.contains(key)) << key;
  const json& exit = out["templates"][0]["exits"][0];
  for (const char* key : {"letters", "to", "theta", "phi", "phi_smt2"}) EXPECT_TRUE(exit.contains(key)) << key;
  EXPECT_NE(exit["phi_smt2"].get<std::string>().find("forall"), std::string::npos);
  for (const auto& path : out["paths"]) {
    EXPECT_EQ(path["params"].size(), 1u);
    EXPECT_TRUE(path.contains("pc_smt2"));
  }
  EXPECT_EQ(out["stats"]["instantiations"], 1);
  EXPECT_GT(out["stats"]["quantified_queries"].get<int>(), 0);
}

// `explore --engine compact` is the engine's front end among the others, `compact` its alias: the
// same options give the same bytes (compact's queue is breadth first by default, explore's order
// is given), and the options explore has but compact cannot honour are refused.
TEST_F(CompactCli, ExploreEngineCompactIsTheCompactCommand) {
  for (const char* name : {"late_assert.sym", "counting_sum.sym", "count_if.sym"}) {
    for (const char* format : {"json", "text", "dot"}) {
      ProcessResult alias = run_command(SYMREF_BINARY, {"compact", corpus(name), "--format", format, "--no-timings", "--loop-bound", "3"});
      ProcessResult engine = run_command(SYMREF_BINARY, {"explore", corpus(name), "--engine", "compact", "--format", format,
                                                         "--no-timings", "--loop-bound", "3"});
      ASSERT_EQ(alias.code, 0) << alias.err;
      EXPECT_EQ(engine.code, 0) << engine.err;
      EXPECT_EQ(engine.out, alias.out) << name << " " << format;
    }
    ProcessResult alias = run_command(SYMREF_BINARY, {"compact", corpus(name), "--format", "json", "--no-timings", "--order", "dfs",
                                                      "--choose", "random", "--seed", "5", "--max-instances", "1"});
    ProcessResult engine = run_command(SYMREF_BINARY, {"explore", "--engine", "compact", corpus(name), "--format", "json", "--no-timings",
                                                       "--order", "dfs", "--choose", "random", "--seed", "5", "--max-instances", "1"});
    EXPECT_EQ(engine.out, alias.out) << name;
  }
  EXPECT_EQ(run_command(SYMREF_BINARY, {"explore", "--engine", "compact", corpus("late_assert.sym"), "--format", "jsonl"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"explore", "--engine", "compact", corpus("late_assert.sym"), "--loop-bound", "0"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"explore", "--engine", "compact", corpus("late_assert.sym"), "--heap", "lazy"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"explore", corpus("late_assert.sym"), "--seed", "3"}).code, 2);
  ProcessResult fault = run_command(SYMREF_BINARY, {"explore", "--engine", "compact", corpus("late_assert.sym"), "--inject-fault",
                                                    "compact-theta-off-by-one"});
  EXPECT_EQ(fault.code, 3) << fault.out << fault.err;
}

TEST_F(CompactCli, TemplatesOffIsClassicAndCutByTheBound) {
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus("counting_sum.sym"), "--templates", "off", "--loop-bound", "3", "--format", "json"});
  ASSERT_EQ(result.code, 0) << result.err;
  json out = json::parse(result.out);
  EXPECT_EQ(out["finite"], false);
  EXPECT_TRUE(out["templates"].empty());
  int normal = 0;
  for (const auto& path : out["paths"]) normal += path["status"] == "sat" && path["outcome"] == "normal";
  EXPECT_EQ(normal, 4);  // 0, 1, 2 or 3 passes
}

// The live check (Theorem 2 for the model's κ) catches a wrong θ⟦κ⟧ and a missing ∀τ ...
TEST_F(CompactCli, PlantedFaultsFailTheLiveCheck) {
  for (const char* fault : {"compact-theta-off-by-one", "compact-forall-dropped"}) {
    ProcessResult result = run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym"), "--inject-fault", fault});
    EXPECT_EQ(result.code, 3) << fault << "\n" << result.out << result.err;
    EXPECT_NE(result.err.find("Theorem 2"), std::string::npos) << result.err;
  }
  EXPECT_EQ(run_command(SYMREF_BINARY, {"compact", corpus("late_assert.sym")}).code, 0);
}

// ... and where exits fork apart, the construction check φ_i ∧ φ_j unsatisfiable turns them down.
TEST_F(CompactCli, PlantedFaultsFailTheConstructionCheck) {
  for (const char* fault : {"compact-theta-off-by-one", "compact-forall-dropped"}) {
    ProcessResult result = run_command(SYMREF_BINARY, {"templates", corpus("linear_search.sym"), "--format", "json", "--inject-fault", fault});
    ASSERT_EQ(result.code, 0) << result.err;
    json out = json::parse(result.out);
    EXPECT_EQ(out["templates"][0]["status"], "failed") << fault;
    EXPECT_NE(out["templates"][0]["reason"].get<std::string>().find("overlap"), std::string::npos);
  }
  json clean = json::parse(run_command(SYMREF_BINARY, {"templates", corpus("linear_search.sym"), "--format", "json"}).out);
  EXPECT_EQ(clean["templates"][0]["status"], "ok");
}

// paper-notes erratum 1: §2 would take a branch when φ → γ is satisfiable; line 43 asks φ ∧ γ.
TEST_F(CompactCli, ImplicationBranchOfSection2IsInfeasible) {
  const std::string program = std::string(SYMREF_SOURCE_DIR) + "/paper-notes/programs/compact/implication_branch.sym";
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", program, "--format", "json"});
  ASSERT_EQ(result.code, 0) << result.err;
  std::map<std::string, std::string> status;
  const json out = json::parse(result.out);
  for (const auto& path : out["paths"]) status[path["branches"].get<std::string>()] = path["status"].get<std::string>();
  EXPECT_EQ(status["TT"], "unsat");
  EXPECT_EQ(status["TF"], "sat");
}

// Loops in procedures get templates over their frame's locals (paper-notes, Definition 5 (L1)).
TEST_F(CompactCli, LoopAsFirstStatementOfAProcedureGetsATemplate) {
  const std::string program = std::string(SYMREF_SOURCE_DIR) + "/paper-notes/programs/compact/loop_first_statement.sym";
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", program, "--format", "json"});
  ASSERT_EQ(result.code, 0) << result.err;
  json out = json::parse(result.out);
  EXPECT_EQ(out["templates"][0]["status"], "ok");
  EXPECT_EQ(out["templates"][0]["procedure"], "count");
  EXPECT_EQ(out["templates"][0]["variables"], json::array({"s", "i"}));
  EXPECT_EQ(out["finite"], true);
  EXPECT_EQ(out["paths"][0]["replay"], "agrees");
}

// chooseTemplate at random: countIf's second template is taken on some visits; every leaf's test
// still follows its expansion, and a seed repeats the run.
TEST_F(CompactCli, RandomChoiceOfTemplatesIsSoundAndRepeatable) {
  std::vector<std::string> args{"compact", corpus("count_if.sym"), "--choose", "random", "--seed", "7", "--max-instances", "3",
                                "--loop-bound", "1", "--format", "json"};
  ProcessResult first = run_command(SYMREF_BINARY, args);
  ASSERT_EQ(first.code, 0) << first.err;
  const json out = json::parse(first.out);
  bool second_template = false;
  for (const auto& path : out["paths"]) {
    second_template = second_template || path["branches"].get<std::string>().find("{t2#") != std::string::npos;
    if (path["status"] == "sat" && path["outcome"] != "bound") { EXPECT_EQ(path["replay"], "agrees") << path.dump(); }
  }
  EXPECT_TRUE(second_template);
  ProcessResult again = run_command(SYMREF_BINARY, args);
  json repeated = json::parse(again.out);
  EXPECT_EQ(out["paths"].size(), repeated["paths"].size());
  for (std::size_t k = 0; k < out["paths"].size(); ++k) EXPECT_EQ(out["paths"][k]["branches"], repeated["paths"][k]["branches"]);
}

// Quantified integer arithmetic with arrays on both solvers: cross-checked, the same leaves.
TEST_F(CompactCli, BothSolversAgreeOnQuantifiedConditions) {
  // Without the brackets, which now answer all of its quantified queries without a ∀ (bounded_forall.hpp).
  ProcessResult result =
      run_command(SYMREF_BINARY, {"compact", corpus("linear_search.sym"), "--solver", "both", "--brackets", "off", "--format", "json"});
  ASSERT_EQ(result.code, 0) << result.err;
  const json out = json::parse(result.out);
  int feasible = 0;
  for (const auto& path : out["paths"]) feasible += path["status"] == "sat" && path["replay"] == "agrees";
  EXPECT_EQ(feasible, 3);
  EXPECT_GT(out["stats"]["quantified_queries"].get<int>(), 0);
}

}  // namespace
}  // namespace symref::testing
