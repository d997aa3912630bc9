// `symref apc` from the command line: the JSON contract, positioned errors, usage errors.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace symref::testing {
namespace {

class ApcCommandTest : public CommandTest {};

std::string corpus(const std::string& name) { return std::string(SYMREF_SOURCE_DIR) + "/corpus/apc/" + name + ".sym"; }

// `symref apc` with ARGS under a resource limit, with a wall-clock time-out far above it as a
// backstop, so that the answers asserted below do not depend on the machine's load.
std::vector<std::string> limited(std::vector<std::string> args) {
  for (const char* extra : {"--rlimit", "5000000", "--timeout", "300000"}) args.emplace_back(extra);
  return args;
}

TEST_F(ApcCommandTest, JsonForFoo) {
  ProcessResult result = run_command(SYMREF_BINARY, limited({"apc", corpus("foo"), "--format", "json", "--unfold", "25"}));
  ASSERT_EQ(result.code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["target"]["line"], 17);
  EXPECT_EQ(json["target"]["statement"], "assert k <= 12;");
  EXPECT_EQ(json["loop_processing"], "heavy");  // the default
  EXPECT_EQ(json["unfold"], 25);
  EXPECT_EQ(json["limits"]["rlimit"], 5'000'000);
  ASSERT_EQ(json["backbones"].size(), 1u);
  EXPECT_EQ(json["backbones"][0]["entries"][0]["line"], 11);
  ASSERT_EQ(json["loops"].size(), 1u);
  EXPECT_EQ(json["loops"][0]["backbones"], 2);
  EXPECT_TRUE(json["loops"][0]["theta"].contains("i"));
  EXPECT_TRUE(json["loops"][0]["theta"].contains("k"));
  EXPECT_FALSE(json["loops"][0]["theta"].contains("n"));
  EXPECT_EQ(json["direct"]["status"], "sat");
  EXPECT_EQ(json["unfolded"]["status"], "sat");
  EXPECT_EQ(json["verdict"], "reachable");
  EXPECT_EQ(json["witness_replay"]["outcome"], "assertion-failure");
  EXPECT_TRUE(json["apc_smt2"].get<std::string>().find("exists") != std::string::npos);
}

// cvc5 answers both queries too (one after the other: two cvc5 checks at once aborted).
TEST_F(ApcCommandTest, BothQueriesWithCvc5) {
  ProcessResult result = run_command(SYMREF_BINARY, limited({"apc", corpus("foo"), "--format", "json", "--solver", "cvc5"}));
  ASSERT_EQ(result.code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["direct"]["status"], "sat");
  EXPECT_EQ(json["unfolded"]["status"], "sat");
  EXPECT_EQ(json["verdict"], "reachable");
}

TEST_F(ApcCommandTest, UnreachableWithoutWitness) {
  ProcessResult result = run_command(SYMREF_BINARY, limited({"apc", corpus("two_loops"), "--format", "json", "--no-direct"}));
  ASSERT_EQ(result.code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_TRUE(json["direct"].is_null());
  EXPECT_EQ(json["unfolded"]["status"], "unsat");
  EXPECT_EQ(json["verdict"], "unreachable");
  EXPECT_TRUE(json["witness"].is_null());
}

TEST_F(ApcCommandTest, TargetErrorsAndUsage) {
  ProcessResult missing = run_command(SYMREF_BINARY, {"apc", corpus("foo"), "--target", "3"});
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("foo.sym:3:1: error: no assert at the target 3"), std::string::npos) << missing.err;
  ProcessResult chosen = run_command(SYMREF_BINARY, limited({"apc", corpus("foo"), "--target", "17:3", "--no-witness"}));
  EXPECT_EQ(chosen.code, 0) << chosen.err;
  EXPECT_NE(chosen.out.find("verdict: unknown"), std::string::npos) << chosen.out;
  EXPECT_EQ(run_command(SYMREF_BINARY, {"apc", corpus("foo"), "--target", "x:1"}).code, 2);
  EXPECT_EQ(run_command(SYMREF_BINARY, {"apc", corpus("foo"), "--loop-processing", "medium"}).code, 2);
}

// Fig. 3 with a target: heavy reports the dependency s_1_1 and a θ_κ(j) without ⋆; light gives ⋆.
TEST_F(ApcCommandTest, HeavyAndLightOnFigureThree) {
  ProcessResult heavy = run_command(SYMREF_BINARY, limited({"apc", corpus("figure3_exit"), "--format", "json", "--no-witness"}));
  ASSERT_EQ(heavy.code, 0) << heavy.err;
  auto json = nlohmann::json::parse(heavy.out);
  ASSERT_EQ(json["loops"].size(), 2u);
  const auto& outer = json["loops"][1];
  ASSERT_TRUE(outer["dependencies"].contains("s_1_1"));
  EXPECT_NE(outer["dependencies"]["s_1_1"], "*");
  EXPECT_NE(outer["theta"]["j"], "*");
  ProcessResult light =
      run_command(SYMREF_BINARY, limited({"apc", corpus("figure3_exit"), "--format", "json", "--no-witness", "--loop-processing", "light"}));
  ASSERT_EQ(light.code, 0) << light.err;
  auto light_json = nlohmann::json::parse(light.out);
  EXPECT_EQ(light_json["loop_processing"], "light");
  EXPECT_EQ(light_json["loops"][1]["theta"]["j"], "*");
  EXPECT_TRUE(light_json["loops"][1]["dependencies"].empty());
}

}  // namespace
}  // namespace symref::testing
