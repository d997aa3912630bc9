// Bounded resources and located outcomes on the command line: the integer size limit
// (--max-int-bits) ends `run` and `explore` in `bound` with its reason; a run's branch string stays
// bounded (branches_truncated, branch_count); every outcome other than normal says where it
// happened — text with the source line, a caret and the callers; JSON "at" with the stack.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace {

using Json = nlohmann::ordered_json;
using Result = symref::testing::ProcessResult;

std::string corpus(const std::string& relative) { return std::string(SYMREF_SOURCE_DIR) + "/corpus/" + relative; }

class OutcomeLimits : public symref::testing::CommandTest {
 protected:
  Result symref(const std::vector<std::string>& args) { return run_command(SYMREF_BINARY, args); }
};

// ---------------------------------------------------------------------------------------------
// The integer size limit

TEST_F(OutcomeLimits, SquaringForeverEndsInBoundAtTheMultiplication) {
  const std::string file = corpus("errors/integer_growth.sym");
  Result r = symref({"run", file});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find("steps:")),
            "outcome: bound (integer of more than 1000000 bits at 9:12) at " + file +
                ":9:5 in main: x := x * x\n    x := x * x;\n    ^\n");
  EXPECT_NE(r.out.find("steps: 40\n"), std::string::npos) << r.out;
  // The last value kept is 2^(2^19), printed whole: 157,827 digits.
  const std::size_t value = r.out.find("x = ");
  ASSERT_NE(value, std::string::npos);
  EXPECT_EQ(r.out.find_first_not_of("0123456789", value + 4) - (value + 4), 157'827u);
}

TEST_F(OutcomeLimits, TheLimitIsAnOptionAndJsonCarriesTheReason) {
  Result r = symref({"run", corpus("errors/integer_growth.sym"), "--max-int-bits", "64", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const Json out = Json::parse(r.out);
  EXPECT_EQ(out["outcome"], "bound");
  EXPECT_EQ(out["bound_reason"], "integer of more than 64 bits at 9:12");
  EXPECT_EQ(out["state"]["globals"]["x"], 4294967296);
  EXPECT_EQ(out["steps"], 12);
  EXPECT_EQ(out["at"]["line"], 9);
  EXPECT_EQ(out["at"]["statement"], "x := x * x");
  // The definitional machine (--trace) stops at the same operation.
  Result traced = symref({"run", corpus("errors/integer_growth.sym"), "--max-int-bits", "64", "--json", "--trace"});
  ASSERT_EQ(traced.code, 0) << traced.err;
  const Json rules = Json::parse(traced.out);
  EXPECT_EQ(rules["bound_reason"], out["bound_reason"]);
  EXPECT_EQ(rules["steps"], 12);
  EXPECT_EQ(rules["trace"].size(), 12u);
}

TEST_F(OutcomeLimits, LimitsBelowSixtyFourBitsAreUsageErrors) {
  for (const char* command : {"run", "explore", "step"}) {
    Result r = symref({command, corpus("errors/integer_growth.sym"), "--max-int-bits", "63"});
    EXPECT_EQ(r.code, 2) << command << r.err;
  }
}

TEST_F(OutcomeLimits, ExplorationEndsThePathInBoundAndTheReplayAgrees) {
  Result r = symref({"explore", corpus("errors/integer_growth.sym"), "--loop-bound", "40", "--format", "json", "--max-int-bits", "100"});
  ASSERT_EQ(r.code, 0) << r.err;
  const Json out = Json::parse(r.out);
  ASSERT_EQ(out["paths"].size(), 1u);
  const Json& path = out["paths"][0];
  EXPECT_EQ(path["outcome"], "bound");
  EXPECT_EQ(path["final"]["bound_reason"], "integer of more than 100 bits at 9:12");
  EXPECT_EQ(path["branches"], "TTTTTTT");  // 2 -> 4 -> ... -> 2^64; 2^128 is too large
  EXPECT_EQ(path["replay"], "agrees");
  EXPECT_EQ(path["at"]["statement"], "x := x * x");
  // The default limit, the issue's loop bound: no crash, a bound leaf.
  Result deep = symref({"explore", corpus("errors/integer_growth.sym"), "--loop-bound", "40", "--format", "json"});
  ASSERT_EQ(deep.code, 0) << deep.err;
  EXPECT_EQ(Json::parse(deep.out)["paths"][0]["final"]["bound_reason"], "integer of more than 1000000 bits at 9:12");
}

TEST_F(OutcomeLimits, StepTakesTheLimitToo) {
  const std::string input = write("input.json", R"({"globals": {"x": 0}, "heap": {}})");
  Result r = symref({"step", corpus("errors/integer_growth.sym"), "--input", input, "--quiet", "--max-int-bits", "64"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("outcome: bound (integer of more than 64 bits at 9:12)  steps: 12"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------------------------------------
// Bounded branch strings

TEST_F(OutcomeLimits, ALongRunKeepsTheFirstLettersAndCountsThemAll) {
  Result r = symref({"run", corpus("errors/endless_loop.sym"), "--max-steps", "3000000", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const Json out = Json::parse(r.out);
  EXPECT_EQ(out["outcome"], "bound");
  EXPECT_EQ(out["steps"], 3000000);
  EXPECT_EQ(out["branches"].get<std::string>(), std::string(1u << 20, 'T'));
  EXPECT_EQ(out["branches_truncated"], true);
  EXPECT_EQ(out["branch_count"], 3000000);
  Result text = symref({"run", corpus("errors/endless_loop.sym"), "--max-steps", "3000000"});
  ASSERT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("... (3000000 letters; --json prints the first 1048576)"), std::string::npos) << text.out;
  // A short run's JSON has neither field.
  const Json short_run = Json::parse(symref({"run", corpus("errors/endless_loop.sym"), "--max-steps", "10", "--json"}).out);
  EXPECT_EQ(short_run["branches"], "TTTTTTTTTT");
  EXPECT_FALSE(short_run.contains("branches_truncated"));
  EXPECT_FALSE(short_run.contains("branch_count"));
}

// ---------------------------------------------------------------------------------------------
// Where it went wrong

TEST_F(OutcomeLimits, AnErrorInACallShowsTheStatementTheCaretAndTheCaller) {
  const std::string file = corpus("errors/out_of_bounds_in_call.sym");
  const std::string input = write("input.json", R"({"globals": {"a": [0], "i": 5}, "heap": {}})");
  Result r = symref({"run", file, "--input", input});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find("steps:")), "outcome: out-of-bounds at " + file + ":7:3 in store: a[k] := 1\n" +
                                                       "  a[k] := 1;\n  ^\ncalled from " + file + ":11:3 in main\n");
  const Json out = Json::parse(symref({"run", file, "--input", input, "--json"}).out);
  const Json expected = Json::parse(R"({"line": 7, "column": 3, "statement": "a[k] := 1",
      "stack": [{"procedure": "store", "line": 7, "column": 3}, {"procedure": "main", "line": 11, "column": 3}]})");
  EXPECT_EQ(out["at"], expected);
  // --trace runs the definitional machine: the same site.
  EXPECT_EQ(Json::parse(symref({"run", file, "--input", input, "--json", "--trace"}).out)["at"], expected);
  // A normal run has no site.
  const std::string fine = write("fine.json", R"({"globals": {"a": [0], "i": 0}, "heap": {}})");
  EXPECT_FALSE(Json::parse(symref({"run", file, "--input", fine, "--json"}).out).contains("at"));
}

TEST_F(OutcomeLimits, EveryExploredLeafThatIsNotNormalIsLocated) {
  const std::string file = corpus("errors/nested_call_errors.sym");
  for (const char* engine : {"forward", "trace"}) {
    Result r = symref({"explore", file, "--engine", engine, "--format", "json"});
    ASSERT_EQ(r.code, 0) << engine << r.err;
    std::vector<std::string> seen;
    const Json out = Json::parse(r.out);
    for (const Json& path : out["paths"]) {
      if (path["status"] == "unsat") {
        EXPECT_FALSE(path.contains("at"));
        continue;
      }
      if (path["outcome"] == "normal") {
        EXPECT_FALSE(path.contains("at")) << engine;
        continue;
      }
      ASSERT_TRUE(path.contains("at")) << engine << " " << path["branches"];
      const Json& stack = path["at"]["stack"];
      ASSERT_GE(stack.size(), 3u);
      EXPECT_EQ(stack.back()["procedure"], "main");
      EXPECT_EQ(stack.back()["line"], 35);
      EXPECT_EQ(stack[stack.size() - 2]["procedure"], "outer");
      EXPECT_EQ(stack[stack.size() - 2]["line"], 30);
      EXPECT_EQ(stack[0]["line"], path["at"]["line"]);
      seen.push_back(path["outcome"].get<std::string>() + " " + path["at"]["statement"].get<std::string>());
    }
    for (const char* expected : {"out-of-bounds r := a[k]", "assertion-failure assert this.v <= limit",
                                 "nil-dereference return this.next.v", "nil-dereference r := c.check(lim)"})
      EXPECT_NE(std::find(seen.begin(), seen.end(), expected), seen.end()) << engine << ": " << expected;
  }
}

}  // namespace
