// Small inputs from models (interp/explore/small_input): the narrowest bound on objects, array
// lengths and absolute values that still satisfies the query, and an input that satisfies it.
#include <gtest/gtest.h>

#include "interp/explore/small_input.hpp"
#include "interp/grading/condition_check.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/terms/evaluator.hpp"

namespace symref {
namespace {

struct Narrowed {
  std::unique_ptr<Program> program;
  std::optional<GlobalState> input;
  SmallInputStatistics statistics;
  bool holds = false;  // the condition on the input, evaluated by the term evaluator
};

Narrowed narrow(const std::string& program_text, const std::string& condition, SmallInputLimits limits = {}) {
  Narrowed out;
  out.program = load_program_from_text("test.sym", program_text);
  terms::TermManager terms(out.program.get());
  terms::Term formula = condition_term(terms, *load_condition(*out.program, "condition", condition));
  auto solver = solver::make_solver("z3", terms);
  solver->add(formula);
  EXPECT_EQ(solver->check(), solver::SatResult::Sat);
  std::string reason;
  out.input = small_input(*out.program, terms, *solver, formula, limits, reason, &out.statistics);
  EXPECT_TRUE(out.input) << reason;
  if (out.input) out.holds = terms::evaluate(formula, InitialStateValuation(*out.program, *out.input)).as_boolean();
  return out;
}

std::int64_t global(const Narrowed& narrowed, std::size_t g) { return narrowed.input->globals[g].as_integer().small_value(); }

TEST(SmallInput, TheSmallestAbsoluteValue) {
  Narrowed n = narrow("var x: int; var y: int; main { skip; }", "x > 38 && x * y < -100");
  ASSERT_TRUE(n.holds);
  // |x| and |y| at most B: x >= 39 and x*y < -100 need B = 39 (x = 39, y = -3 ... -39).
  EXPECT_EQ(n.statistics.magnitude, 39);
  EXPECT_EQ(global(n, 0), 39);
  EXPECT_LE(std::abs(global(n, 1)), 39);
}

TEST(SmallInput, ZeroWhenNothingIsAsked) {
  Narrowed n = narrow("var x: int; var y: int; main { skip; }", "x != y || x == y");
  ASSERT_TRUE(n.holds);
  EXPECT_EQ(n.statistics.magnitude, 0);
  EXPECT_EQ(global(n, 0), 0);
  EXPECT_EQ(global(n, 1), 0);
}

TEST(SmallInput, ShortestArraysThenSmallElements) {
  Narrowed n = narrow("var a: int[]; var i: int; main { skip; }", "0 <= i && i < len(a) && a[i] > 5 && i >= 2");
  ASSERT_TRUE(n.holds);
  EXPECT_EQ(n.statistics.length, 3);
  ASSERT_EQ(n.input->arrays[0].size(), 3u);
  EXPECT_EQ(n.input->arrays[0][2], Integer(6));
  // Every element, also those the condition never reads, within the bound.
  for (const Integer& element : n.input->arrays[0]) EXPECT_TRUE(element <= Integer(6) && Integer(-6) <= element) << element.to_string();
  EXPECT_EQ(global(n, 1), 2);
}

TEST(SmallInput, FewestObjects) {
  const char* program = "class C { field f: int; field next: C; } var p: C; var q: C; var r: C; main { skip; }";
  Narrowed n = narrow(program, "p != nil && p.f > 2 && q != nil && q.f > 2");
  ASSERT_TRUE(n.holds);
  // q may be p, r nil, and p.next nil: one object.
  EXPECT_EQ(n.input->heap.size(), 1u);
  EXPECT_EQ(n.statistics.objects, 1);
  EXPECT_TRUE(n.input->globals[2].is_nil());
  EXPECT_EQ(n.input->heap[0].fields[0].as_integer(), Integer(3));
  EXPECT_TRUE(n.input->heap[0].fields[1].is_nil());
  // Two objects when the condition needs them.
  Narrowed two = narrow(program, "p != nil && q != nil && p != q && p.next == q");
  ASSERT_TRUE(two.holds);
  EXPECT_EQ(two.input->heap.size(), 2u);
}

TEST(SmallInput, StopsAtItsQueryBudgetWithAnInputThatStillSatisfies) {
  SmallInputLimits limits;
  limits.max_queries = 2;
  Narrowed n = narrow("var x: int; main { skip; }", "x > 1000", limits);
  EXPECT_TRUE(n.holds);
  EXPECT_LE(n.statistics.queries, 2u);
}

}  // namespace
}  // namespace symref
