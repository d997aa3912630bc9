// Conditions computed from programs and compared with claimed ones (interp/grading/condition_check):
// path(ρ) of a path, the condition for an outcome, wp of main for a postcondition with the blocked
// inputs included, paths cut by the bound set aside, and separating inputs that really separate.
#include <gtest/gtest.h>

#include "interp/grading/condition_check.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/terms/printer.hpp"

namespace symref {
namespace {

struct Checked {
  std::unique_ptr<Program> program;
  std::unique_ptr<terms::TermManager> terms;
  ConditionQuery query;
  std::optional<ComputedCondition> computed;
  std::string error;
  ExpressionPointer post;

  ConditionVerdict check(const std::string& claimed) {
    auto expression = load_condition(*program, "claim", claimed);
    return compare_condition(*program, *terms, condition_term(*terms, *expression), *computed, query);
  }
};

std::unique_ptr<Checked> compute(const std::string& text, ConditionQuery query, const std::string& postcondition = "") {
  auto out = std::make_unique<Checked>();
  out->program = load_program_from_text("test.sym", text);
  out->terms = std::make_unique<terms::TermManager>(out->program.get());
  if (!postcondition.empty()) {
    out->post = load_condition(*out->program, "post", postcondition);
    query.postcondition = out->post.get();
  }
  out->query = query;
  out->computed = compute_condition(*out->program, *out->terms, out->query, out->error);
  return out;
}

const char* const absolute = "var x: int; var y: int; main { assume x != 7; if x < 0 { y := -x; } else { y := x; } assert y != 3; }";

TEST(ConditionCheck, PathConditionOfANamedPath) {
  ConditionQuery query;
  query.branches = "TTT";
  auto c = compute(absolute, query);
  ASSERT_TRUE(c->computed) << c->error;
  EXPECT_EQ(c->check("x < 0 && x != -3").kind, VerdictKind::Equivalent);
  ConditionVerdict wrong = c->check("x < 0");
  ASSERT_EQ(wrong.kind, VerdictKind::Different);
  ASSERT_TRUE(wrong.separating_input);
  EXPECT_EQ(wrong.separating_input->globals[0].as_integer().to_string(), "-3");
  EXPECT_TRUE(wrong.claimed_value);
  EXPECT_FALSE(wrong.expected_value);
  EXPECT_EQ(wrong.run_branches, "TTF");
  EXPECT_EQ(wrong.run_outcome, Outcome::AssertionFailure);
}

TEST(ConditionCheck, NoSuchPath) {
  ConditionQuery query;
  query.branches = "TX";
  auto c = compute(absolute, query);
  EXPECT_FALSE(c->computed);
  EXPECT_FALSE(c->error.empty());
}

TEST(ConditionCheck, OutcomeCondition) {
  ConditionQuery query;
  query.kind = ConditionKind::OutcomeCondition;
  query.outcome = Outcome::AssertionFailure;
  auto c = compute(absolute, query);
  ASSERT_TRUE(c->computed) << c->error;
  EXPECT_EQ(c->computed->paths, 2u);
  EXPECT_EQ(c->check("x == 3 || x == -3").kind, VerdictKind::Equivalent);
  EXPECT_EQ(c->check("x == 3").kind, VerdictKind::Different);
}

TEST(ConditionCheck, WeakestPreconditionIncludesBlockedInputs) {
  ConditionQuery query;
  query.kind = ConditionKind::WeakestPrecondition;
  auto c = compute(absolute, query, "y == 7");
  ASSERT_TRUE(c->computed) << c->error;
  // y == 7 after the run: x == -7 (x == 7 is blocked, and blocked inputs satisfy wp).
  EXPECT_EQ(c->check("x == -7 || x == 7").kind, VerdictKind::Equivalent);
  ConditionVerdict wrong = c->check("x == -7");
  ASSERT_EQ(wrong.kind, VerdictKind::Different);
  EXPECT_EQ(wrong.run_outcome, Outcome::Blocked);
}

TEST(ConditionCheck, PathsCutByTheBoundAreSetAside) {
  ConditionQuery query;
  query.kind = ConditionKind::WeakestPrecondition;
  query.loop_bound = 3;
  auto c = compute("var n: int; var i: int; main { i := 0; while i < n { i := i + 1; } }", query, "i == n");
  ASSERT_TRUE(c->computed) << c->error;
  EXPECT_EQ(c->computed->cut_paths, 1u);
  // Within the bound (n <= 3) every run ends with i == max(n, 0): i == n exactly when n >= 0.
  EXPECT_EQ(c->check("0 <= n").kind, VerdictKind::Equivalent);
  EXPECT_EQ(c->check("0 <= n && n <= 3").kind, VerdictKind::Equivalent);  // the same outside the cut
  EXPECT_EQ(c->check("0 < n").kind, VerdictKind::Different);
}

TEST(ConditionCheck, FieldsAndNewObjectsInThePostcondition) {
  ConditionQuery query;
  query.kind = ConditionKind::WeakestPrecondition;
  auto c = compute("class C { field f: int; } var p: C; var q: C; main { q := new C; q.f := 1; p.f := 2; }", query, "q.f == 1");
  ASSERT_TRUE(c->computed) << c->error;
  // The new object is never p, so q.f stays 1 whenever p is not nil.
  EXPECT_EQ(c->check("p != nil").kind, VerdictKind::Equivalent);
}

}  // namespace
}  // namespace symref
