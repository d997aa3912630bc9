// The assertion stack's replay: the scopes and formulas of a path condition φ ∧ b made again (§2).
#include "interp/solver/assertion_stack.hpp"

#include <gtest/gtest.h>

#include <string>

#include "semantics/terms/printer.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver {
namespace {

using AssertionStackTest = terms::testing::TermFixture;

// Writes down what it is told: "push" or the formula.
struct Recorder {
  std::string said;
  void push() { said += "push;"; }
  void add(terms::Term formula) { said += terms::print_term(formula) + ";"; }
};

TEST_F(AssertionStackTest, ReplayMakesTheOpenScopesAgainEmptyOnesIncluded) {
  AssertionStack stack;
  stack.add(m.greater(x, n(0)));
  stack.push();
  stack.push();  // an empty scope, then one with a formula
  stack.push();
  stack.add(b);
  stack.push();
  stack.add(c);
  stack.pop();  // c's scope is gone, and with it c
  stack.push();  // an empty innermost scope
  Recorder recorder;
  stack.replay(recorder);
  EXPECT_EQ(recorder.said, terms::print_term(m.greater(x, n(0))) + ";push;push;push;b;push;");

  AssertionStack copy;
  stack.replay(copy);
  EXPECT_EQ(copy.scopes(), stack.scopes());
  EXPECT_EQ(copy.innermost_scope_start(), stack.innermost_scope_start());
  ASSERT_EQ(copy.formulas().size(), 2u);
  EXPECT_EQ(copy.formulas()[1], b);
}

}  // namespace
}  // namespace symref::solver
