// `symref compact --format json`: a path that does not end normally carries "at", the site of its
// last configuration (docs/json.md), also when a template instance brought it there.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace symref::testing {
namespace {

using json = nlohmann::json;

class CompactOutcomeSite : public CommandTest {};

TEST_F(CompactOutcomeSite, TheFailingAssertAfterATemplateInstanceIsLocated) {
  const std::string file = std::string(SYMREF_SOURCE_DIR) + "/corpus/compact/late_assert.sym";
  ProcessResult result = run_command(SYMREF_BINARY, {"compact", file, "--format", "json"});
  ASSERT_EQ(result.code, 0) << result.err;
  int failing = 0;
  const json out = json::parse(result.out);
  for (const json& path : out.at("paths")) {
    if (path["status"] == "unsat" || path["outcome"] == "normal") {
      EXPECT_FALSE(path.contains("at")) << path.dump();
      continue;
    }
    ++failing;
    EXPECT_EQ(path["outcome"], "assertion-failure");
    EXPECT_EQ(path["at"], json::parse(R"({"line": 11, "column": 3, "statement": "assert i != 50",
                                          "stack": [{"procedure": "main", "line": 11, "column": 3}]})"));
  }
  EXPECT_EQ(failing, 1);
}

}  // namespace
}  // namespace symref::testing
