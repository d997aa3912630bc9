// `symref export` and `symref difftest` run as commands: the C export against gcc + GMP on the
// traps of C (Euclidean division and /0, overflow of 64 bits, NULL), the manifest, the results
// check, the campaign, and the errors.
#include <cstdlib>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace symref::testing {
namespace {

const std::string programs = std::string(SYMREF_SOURCE_DIR) + "/tests/interop/programs/";

class DifftestCommand : public CommandTest {
 protected:
  // `symref difftest PROGRAM --against gcc --format json ARGS...`, its exit code checked, its report returned.
  nlohmann::json difftest(const std::string& program, std::vector<std::string> args, int expected_code) {
    std::vector<std::string> all{"difftest", programs + program, "--against", "gcc", "--format", "json"};
    all.insert(all.end(), args.begin(), args.end());
    ProcessResult result = run_command(SYMREF_BINARY, all);
    EXPECT_EQ(result.code, expected_code) << result.out << result.err;
    try {
      return nlohmann::json::parse(result.out);
    } catch (const nlohmann::json::exception&) {
      ADD_FAILURE() << "not json: " << result.out << result.err;
      return {};
    }
  }
};

TEST_F(DifftestCommand, EuclideanDivisionAndDivisionByZeroAgreeWithGcc) {
  nlohmann::json report = difftest("euclidean_division.sym", {"--random", "40"}, 0);
  const auto& total = report["counts"]["total"];
  EXPECT_EQ(total["disagree"], 0);
  EXPECT_EQ(total["inconclusive"], 0);
  // Every leaf's test and every random input were run, and the random ones include negative
  // dividends and zero divisors (the generator of random inputs leans to small and negative values).
  EXPECT_GE(total["agree"].get<int>(), 40 + 2);
  bool negative = false, zero = false;
  for (const auto& item : report["items"]) {
    if (item["kind"] != "run" || !item["input"].contains("globals")) continue;
    const auto& globals = item["input"]["globals"];
    negative |= globals["x"].is_number() && globals["x"].get<long long>() < 0 && globals["y"].is_number() &&
                globals["y"].get<long long>() != 0;
    zero |= globals["y"] == 0;
  }
  EXPECT_TRUE(negative);
  EXPECT_TRUE(zero);
}

TEST_F(DifftestCommand, OverflowOfSixtyFourBitsIsInconclusiveNeverAnAnswer) {
  nlohmann::json report = difftest("overflow.sym", {"--int", "i64", "--random", "40"}, 0);
  EXPECT_EQ(report["integers"], "i64");
  EXPECT_EQ(report["counts"]["total"]["disagree"], 0);
  EXPECT_GT(report["counts"]["total"]["inconclusive"].get<int>(), 0);
  EXPECT_GT(report["counts"]["total"]["agree"].get<int>(), 0);
  bool overflow_named = false;
  for (const auto& item : report["items"])
    if (item["agreement"] == "inconclusive") overflow_named |= item["detail"].get<std::string>().find("overflow") != std::string::npos ||
                                                               item["detail"].get<std::string>().find("64 bits") != std::string::npos;
  EXPECT_TRUE(overflow_named);
  // The same program with exact integers: every run compared, none inconclusive.
  nlohmann::json exact = difftest("overflow.sym", {"--random", "40"}, 0);
  EXPECT_EQ(exact["counts"]["total"]["inconclusive"], 0);
  EXPECT_EQ(exact["counts"]["total"]["disagree"], 0);
}

TEST_F(DifftestCommand, RandomInputsStartSmallAndALongRunIsInconclusiveNotAwaited) {
  // Factorial of a random n: with n near 2^63 the run would multiply until the step limit, on
  // integers of millions of digits.  The random inputs start small, stay within a tenth of the
  // step limit of their runs (10,000) until the last five, and a run that reaches that limit is
  // not handed to gcc.
  const std::string factorial = std::string(SYMREF_SOURCE_DIR) + "/corpus/classic/factorial.sym";
  ProcessResult result =
      run_command(SYMREF_BINARY, {"difftest", factorial, "--against", "gcc", "--format", "json", "--random", "20"});
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["counts"]["total"]["disagree"], 0);
  EXPECT_LT(report["seconds"].get<double>(), 60.0);  // one timed-out run of the compiled program alone takes 60 s
  int stopped = 0;
  for (const auto& item : report["items"]) {
    const std::string label = item["label"];
    EXPECT_EQ(item.value("detail", std::string()).find("timed out"), std::string::npos) << label;
    if (!label.starts_with("random ")) continue;
    const int k = std::stoi(label.substr(7));
    const auto& n = item["input"]["globals"]["n"];
    if (k <= 5) {
      EXPECT_TRUE(n.is_number() && std::abs(n.get<long long>()) <= 10) << label << ": " << n;
    }
    if (k <= 15) {
      EXPECT_TRUE(n.is_number() && std::abs(n.get<long long>()) <= 1'000) << label << ": " << n;
    }
    if (item["agreement"] == "inconclusive") {
      ++stopped;
      EXPECT_GT(k, 15) << label;
      EXPECT_EQ(item["tool"], "not run");
      EXPECT_NE(item["detail"].get<std::string>().find("step limit 10000"), std::string::npos) << item["detail"];
    }
  }
  EXPECT_GT(stopped, 0);  // a huge n among the last inputs, cut at the limit
  // A lower --max-steps is the random inputs' limit too.
  ProcessResult lower = run_command(SYMREF_BINARY, {"difftest", factorial, "--against", "gcc", "--format", "json", "--random", "20",
                                                    "--max-steps", "500"});
  ASSERT_EQ(lower.code, 0) << lower.out << lower.err;
  bool limit_named = false;
  const nlohmann::json lower_report = nlohmann::json::parse(lower.out);
  for (const auto& item : lower_report["items"])
    limit_named |= item.value("detail", std::string()).find("step limit 500 ") != std::string::npos;
  EXPECT_TRUE(limit_named);
}

TEST_F(DifftestCommand, ARunStoppedAtTheIntegerSizeLimitIsInconclusiveNotAwaited) {
  // x is squared forever: symref stops at --max-int-bits, which the C export does not have; its
  // GMP run would grow until the 60 s time-out, for the leaves' tests too.
  const std::string growth = std::string(SYMREF_SOURCE_DIR) + "/corpus/errors/integer_growth.sym";
  ProcessResult result = run_command(SYMREF_BINARY, {"difftest", growth, "--against", "gcc", "--format", "json", "--random", "2"});
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_LT(report["seconds"].get<double>(), 60.0);
  ASSERT_GT(report["items"].size(), 2u);
  for (const auto& item : report["items"]) {
    EXPECT_EQ(item["agreement"], "inconclusive") << item["label"];
    EXPECT_EQ(item["tool"], "not run") << item["label"];
    EXPECT_NE(item["detail"].get<std::string>().find("integer of more than 1000000 bits"), std::string::npos) << item["detail"];
  }
}

TEST_F(DifftestCommand, TheManifestNamesTheIntegerModelEachExportHas) {
  // The C export follows --int; Dafny and WhyML always have mathematical integers; the ACSL export
  // has C long long whatever --int says, with every overflow a goal of WP.
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--to", "c"}, "exact"},         {{"--to", "c", "--int", "i64"}, "i64"},
      {{"--to", "dafny", "--int", "i64"}, "exact"}, {{"--to", "whyml"}, "exact"},
      {{"--to", "acsl"}, "i64-overflow-goals"},     {{"--to", "acsl", "--int", "exact"}, "i64-overflow-goals"}};
  int k = 0;
  for (const auto& [arguments, model] : cases) {
    const std::string out = "export-" + std::to_string(++k);
    std::vector<std::string> all{"export", programs + "overflow.sym", "-o", out};
    all.insert(all.end(), arguments.begin(), arguments.end());
    ProcessResult exported = run_command(SYMREF_BINARY, all);
    ASSERT_EQ(exported.code, 0) << exported.err;
    EXPECT_EQ(nlohmann::json::parse(read_file(directory_ / out / "manifest.json"))["integers"], model) << arguments[1];
  }
}

TEST_F(DifftestCommand, NilDereferencesAreCheckedNotUndefinedBehaviour) {
  nlohmann::json report = difftest("nil_dereference.sym", {"--random", "30"}, 0);
  EXPECT_EQ(report["counts"]["total"]["disagree"], 0);
  EXPECT_EQ(report["counts"]["total"]["inconclusive"], 0);
  int nil_runs = 0;
  for (const auto& item : report["items"])
    if (item["symref"].get<std::string>().starts_with("nil-dereference")) ++nil_runs;
  EXPECT_GT(nil_runs, 0);
}

TEST_F(DifftestCommand, MethodTargetsAndFreshObjectsAndBoundsAgree) {
  for (const char* program : {"method_target.sym", "fresh_object.sym", "array_bounds.sym"}) {
    nlohmann::json report = difftest(program, {"--random", "30"}, 0);
    EXPECT_EQ(report["counts"]["total"]["disagree"], 0) << program;
    EXPECT_EQ(report["counts"]["total"]["inconclusive"], 0) << program;
    EXPECT_GT(report["counts"]["total"]["agree"].get<int>(), 30) << program;
  }
}

TEST_F(DifftestCommand, TheExportPrintsWhatRunPrints) {
  ProcessResult exported = run_command(SYMREF_BINARY, {"export", programs + "nil_dereference.sym", "--to", "c", "-o", "out"});
  ASSERT_EQ(exported.code, 0) << exported.err;
  EXPECT_NE(exported.out.find("wrote out/program.c"), std::string::npos);
  EXPECT_NE(exported.out.find("wrote out/manifest.json"), std::string::npos);
  ProcessResult compiled = run_command("cc", {"-std=c99", "-o", "out/program", "out/program.c", "-lgmp"});
  ASSERT_EQ(compiled.code, 0) << compiled.err;
  write("input.json", R"({"globals": {"p": "n1", "s": 0}, "heap": {"n1": {"class": "Node", "val": 3, "next": "n2"},
                          "n2": {"class": "Node", "val": -4, "next": null}}})");
  ProcessResult c_run = run_command("./out/program", {"input.json"});
  ProcessResult symref_run = run_command(SYMREF_BINARY, {"run", programs + "nil_dereference.sym", "--input", "input.json", "--json"});
  ASSERT_EQ(c_run.code, 0) << c_run.err;
  EXPECT_EQ(c_run.out, symref_run.out);  // byte for byte, the indentation included
  EXPECT_NE(c_run.out.find("\"outcome\": \"normal\""), std::string::npos) << c_run.out;

  nlohmann::json manifest = nlohmann::json::parse(read_file(directory_ / "out/manifest.json"));
  EXPECT_EQ(manifest["schema"], "symref-manifest/1");
  EXPECT_EQ(manifest["language"], "c");
  EXPECT_EQ(manifest["integers"], "exact");
  EXPECT_EQ(manifest["outcomes"]["nil-dereference"], "reachable");
  EXPECT_EQ(manifest["outcomes"]["out-of-bounds"], "unreachable");
  EXPECT_EQ(manifest["outcomes"]["assertion-failure"], "unreachable");
  ASSERT_FALSE(manifest["leaves"].empty());
  for (const auto& leaf : manifest["leaves"]) {
    EXPECT_EQ(leaf["run"]["branches"], leaf["branches"]);  // each test replays along its own leaf
    EXPECT_EQ(leaf["run"]["outcome"], leaf["outcome"]);
    EXPECT_TRUE(leaf["final_smt2"]["globals"].contains("s"));
    EXPECT_NE(leaf["pc_smt2"].get<std::string>().find("(check-sat)"), std::string::npos);
  }
}

TEST_F(DifftestCommand, ARunOfMoreLettersThanRunKeepsPrintsWhatRunPrints) {
  // Past 2^20 branch letters `symref run --json` keeps the first ones and adds branches_truncated
  // and branch_count; the C export must print the same, or a leaf's test of a loop that never ends
  // disagrees at letter 2^20 + 1.
  const std::string program = programs + "many_letters.sym";
  nlohmann::json report = difftest("many_letters.sym", {"--random", "0", "--max-steps", "1200000", "--loop-bound", "2"}, 0);
  EXPECT_EQ(report["counts"]["total"]["disagree"], 0);
  EXPECT_GT(report["counts"]["total"]["agree"].get<int>(), 0);

  ProcessResult exported = run_command(SYMREF_BINARY, {"export", program, "--to", "c", "-o", "out"});
  ASSERT_EQ(exported.code, 0) << exported.err;
  ProcessResult compiled = run_command("cc", {"-std=c99", "-O1", "-o", "out/program", "out/program.c", "-lgmp"});
  ASSERT_EQ(compiled.code, 0) << compiled.err;
  write("input.json", R"({"globals": {"a": [7], "n": 0}, "heap": {}})");
  ProcessResult c_run = run_command("./out/program", {"--max-steps", "1200000", "input.json"});
  ProcessResult symref_run =
      run_command(SYMREF_BINARY, {"run", program, "--input", "input.json", "--max-steps", "1200000", "--json"});
  ASSERT_EQ(c_run.code, 0) << c_run.err;
  nlohmann::json c = nlohmann::json::parse(c_run.out), expected = nlohmann::json::parse(symref_run.out);
  EXPECT_EQ(expected["branches_truncated"], true);
  EXPECT_EQ(c["branches_truncated"], true);
  EXPECT_EQ(c["branch_count"], expected["branch_count"]);
  EXPECT_EQ(c["branches"].get<std::string>().size(), std::size_t{1} << 20);
  EXPECT_EQ(c["branches"], expected["branches"]);
  EXPECT_EQ(c["steps"], expected["steps"]);
  EXPECT_EQ(c["state"], expected["state"]);
}

TEST_F(DifftestCommand, UsageAndProgramErrors) {
  ProcessResult no_tool = run_command(SYMREF_BINARY, {"difftest", programs + "overflow.sym"});
  EXPECT_EQ(no_tool.code, 2) << no_tool.err;
  EXPECT_NE(no_tool.err.find("--against"), std::string::npos);
  ProcessResult unknown_tool = run_command(SYMREF_BINARY, {"difftest", programs + "overflow.sym", "--against", "klee"});
  EXPECT_EQ(unknown_tool.code, 2);
  write("bad.sym", "var x: int;\nmain {\n  x := y;\n}\n");
  ProcessResult bad = run_command(SYMREF_BINARY, {"difftest", "bad.sym", "--against", "gcc"});
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("bad.sym:3:8: error:"), std::string::npos) << bad.err;
  ProcessResult bad_export = run_command(SYMREF_BINARY, {"export", "bad.sym", "--to", "c"});
  EXPECT_EQ(bad_export.code, 1);
  ProcessResult bad_language = run_command(SYMREF_BINARY, {"export", programs + "overflow.sym", "--to", "rust"});
  EXPECT_EQ(bad_language.code, 2);
  ProcessResult bad_shard = run_command(SYMREF_BINARY, {"difftest", "--campaign", "--against", "gcc", "--shard", "3/2"});
  EXPECT_EQ(bad_shard.code, 2) << bad_shard.err;
}

TEST_F(DifftestCommand, ACampaignOfRandomProgramsAgrees) {
  ProcessResult campaign = run_command(SYMREF_BINARY, {"difftest", "--campaign", "--against", "gcc", "--seed", "7", "--count", "3",
                                                       "--level", "3", "--loop-bound", "2", "--random", "5", "--format", "json"});
  ASSERT_EQ(campaign.code, 0) << campaign.out << campaign.err;
  nlohmann::json summary = nlohmann::json::parse(campaign.out);
  EXPECT_EQ(summary["programs"], 3);
  EXPECT_EQ(summary["disagreeing_programs"], 0);
  EXPECT_GE(summary["counts"]["agree"].get<int>(), 3 * 5);
}

TEST_F(DifftestCommand, ACampaignSkipsAProgramItsTargetCannotExpress) {
  // The WhyML export has no classes: for one program that is an error (exit 1); in a campaign the
  // generated program with a class is an inconclusive `export` item and the campaign goes on.
  // The tool is never called, so this needs no Why3.
  ProcessResult single = run_command(SYMREF_BINARY, {"difftest", programs + "nil_dereference.sym", "--against", "why3"});
  EXPECT_EQ(single.code, 1) << single.out << single.err;
  EXPECT_NE(single.err.find("has no classes"), std::string::npos) << single.err;
  ProcessResult campaign = run_command(SYMREF_BINARY, {"difftest", "--campaign", "--against", "why3", "--seed", "1", "--count", "1",
                                                       "--level", "3", "--loop-bound", "1", "--format", "json"});
  ASSERT_EQ(campaign.code, 0) << campaign.out << campaign.err;
  nlohmann::json summary = nlohmann::json::parse(campaign.out);
  EXPECT_EQ(summary["programs"], 1);
  EXPECT_EQ(summary["counts"]["inconclusive"], 1);
  EXPECT_EQ(summary["disagreeing_programs"], 0);
}

TEST_F(DifftestCommand, CampaignShardsMergeWithFuzzMerge) {
  for (const char* shard : {"0/2", "1/2"}) {
    std::string out = std::string("shard-") + shard[0];
    ProcessResult part = run_command(SYMREF_BINARY, {"difftest", "--campaign", "--against", "gcc", "--seed", "3", "--count", "4",
                                                     "--level", "1", "--loop-bound", "2", "--random", "3", "--shard", shard, "--out", out});
    ASSERT_EQ(part.code, 0) << part.out << part.err;
  }
  ProcessResult merged = run_command(SYMREF_BINARY, {"fuzz-merge", "shard-0", "shard-1"});
  EXPECT_EQ(merged.code, 0) << merged.out << merged.err;
  EXPECT_NE(merged.out.find("difftest campaign against gcc, seed 3, level 1, 2 shards"), std::string::npos) << merged.out;
  EXPECT_NE(merged.out.find("4 programs, 0 disagreeing"), std::string::npos) << merged.out;
  ProcessResult missing = run_command(SYMREF_BINARY, {"fuzz-merge", "shard-0"});
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("no result for shard(s) 1 of 2"), std::string::npos) << missing.err;
}

TEST_F(DifftestCommand, PlantedExportFaultsAreCaught) {
  const std::pair<const char*, const char*> cases[] = {
      {"export-truncating-division", "euclidean_division.sym"}, {"export-bound-inclusive", "array_bounds.sym"},
      {"export-defined-letter-dropped", "array_bounds.sym"},     {"export-method-target-first", "method_target.sym"},
      {"export-new-aliases-input", "fresh_object.sym"}};
  for (const auto& [fault, program] : cases) {
    nlohmann::json report = difftest(program, {"--inject-fault", fault}, 3);
    EXPECT_GT(report["counts"]["total"]["disagree"].get<int>(), 0) << fault;
    bool explained = false;
    for (const auto& item : report["items"])
      if (item["agreement"] == "disagree") explained |= !item["detail"].get<std::string>().empty() && item["right"].get<std::string>().starts_with("symref");
    EXPECT_TRUE(explained) << fault;
  }
}

}  // namespace
}  // namespace symref::testing
