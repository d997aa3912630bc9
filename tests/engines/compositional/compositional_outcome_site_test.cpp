// The compositional engine's executions in `explore --engine compositional --format json`: each
// one that does not end normally carries "at" (docs/json.md) — the site of its concrete run, with
// the callers of the failing statement.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace symref::testing {
namespace {

using json = nlohmann::json;

class CompositionalOutcomeSite : public CommandTest {};

TEST_F(CompositionalOutcomeSite, EveryFailingExecutionIsLocatedWithItsCallers) {
  const std::string file = std::string(SYMREF_SOURCE_DIR) + "/corpus/errors/nested_call_errors.sym";
  ProcessResult result = run_command(SYMREF_BINARY, {"explore", file, "--engine", "compositional", "--format", "json"});
  ASSERT_EQ(result.code, 0) << result.err;
  std::map<std::string, std::string> statement_by_outcome_and_branches;
  const json out = json::parse(result.out);
  for (const json& path : out.at("paths")) {
    if (path["outcome"] == "normal") {
      EXPECT_FALSE(path.contains("at"));
      continue;
    }
    ASSERT_TRUE(path.contains("at")) << path.dump();
    const json& stack = path["at"]["stack"];
    ASSERT_GE(stack.size(), 3u);
    EXPECT_EQ(stack.back(), json::parse(R"({"procedure": "main", "line": 35, "column": 3})"));
    EXPECT_EQ(stack[stack.size() - 2], json::parse(R"({"procedure": "outer", "line": 30, "column": 3})"));
    statement_by_outcome_and_branches[path["outcome"].get<std::string>() + " " + path["branches"].get<std::string>()] =
        path["at"]["statement"];
  }
  EXPECT_EQ(statement_by_outcome_and_branches["out-of-bounds E"], "r := a[k]");
  EXPECT_EQ(statement_by_outcome_and_branches["nil-dereference DE"], "r := c.check(lim)");
  EXPECT_EQ(statement_by_outcome_and_branches["nil-dereference DDDTE"], "return this.next.v");
  EXPECT_EQ(statement_by_outcome_and_branches["assertion-failure DDDF"], "assert this.v <= limit");
}

}  // namespace
}  // namespace symref::testing
