// Unit tests of the compact engine's core: θ⟦κ⟧ by §5.1's rules, composition (Definition 2) with a
// fresh parameter, parameter substitution, branch expansion and matching, Algorithm 1's variants.
#include <gtest/gtest.h>

#include "engines/compact/classic_agreement.hpp"
#include "engines/compact/compact_explorer.hpp"
#include "interp/explore/explorer.hpp"
#include "semantics/faults.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/terms/evaluator.hpp"

namespace symref::compact {
namespace {

constexpr const char* countdown = R"(
var a: int;
var b: int;
var c: int;
var d: int;
main {
  c := 2 * a + b;
  d := 0;
  while c > 0 {
    c := c - 1;
    d := d + 3;
  }
}
)";

struct Loaded {
  std::unique_ptr<Program> program;
  std::unique_ptr<terms::TermManager> terms;
};

Loaded load(const char* text) {
  Loaded loaded;
  loaded.program = load_program_from_text("test.sym", text);
  loaded.terms = std::make_unique<terms::TermManager>(loaded.program.get());
  return loaded;
}

// The configuration at the loop's test: the forward engine's steps from the start of main.
SymbolicConfiguration at_first_loop(const Program& program, terms::TermManager& terms) {
  SymbolicMachine machine(program, terms);
  SymbolicConfiguration c = machine.initial();
  std::vector<SymbolicSuccessor> successors;
  while (c.control.current() == nullptr || c.control.current()->kind != StatementKind::While) {
    successors.clear();
    machine.successors(c, successors);
    EXPECT_EQ(successors.size(), 1u);
    c = std::move(successors[0].configuration);
  }
  return c;
}

Integer evaluate(terms::TermManager& terms, Term term, std::int64_t a, std::int64_t b) {
  terms::MapValuation valuation(terms);
  valuation.set_symbol(terms.global_symbol(0), Value::integer(a));
  valuation.set_symbol(terms.global_symbol(1), Value::integer(b));
  return terms::TermEvaluator(valuation).evaluate(term).as_integer();
}

TEST(LoopTemplates, VariablePlusConstantAndUnchanged) {
  auto loaded = load(countdown);
  auto templates = detect_loop_templates(*loaded.program, *loaded.terms, TemplateOptions{});
  ASSERT_EQ(templates.size(), 1u);
  const LoopTemplate& t = templates[0];
  EXPECT_EQ(t.status, TemplateStatus::Ok) << t.reason;
  EXPECT_EQ(t.cycle, "T");
  ASSERT_EQ(t.increments.size(), 2u);
  EXPECT_EQ(t.increments[0].first, "c");
  EXPECT_EQ(t.increments[0].second, Integer(-1));
  EXPECT_EQ(t.increments[1].first, "d");
  EXPECT_EQ(t.increments[1].second, Integer(3));
  ASSERT_EQ(t.exits.size(), 1u);
  EXPECT_EQ(t.exits[0].letters, "F");
}

TEST(LoopTemplates, FailingRuleNamesTheVariable) {
  auto loaded = load("var n: int; var i: int; var j: int; main { while i < n { j := j * 2; i := i + 1; } }");
  auto templates = detect_loop_templates(*loaded.program, *loaded.terms, TemplateOptions{});
  ASSERT_EQ(templates.size(), 1u);
  EXPECT_EQ(templates[0].status, TemplateStatus::Failed);
  EXPECT_NE(templates[0].reason.find("variable j "), std::string::npos) << templates[0].reason;
}

TEST(LoopTemplates, InfeasibleCycleGivesNone) {
  auto loaded = load("var i: int; main { while i < i { i := i + 1; } }");
  auto templates = detect_loop_templates(*loaded.program, *loaded.terms, TemplateOptions{});
  ASSERT_EQ(templates.size(), 1u);
  EXPECT_EQ(templates[0].status, TemplateStatus::None);
}

// Definition 2 with a fresh κ: c = (2a + b) - κ', d = 3κ', φ over a, b and κ' only.
TEST(Composition, InstantiatesTheExitWithAFreshParameter) {
  auto loaded = load(countdown);
  auto& terms = *loaded.terms;
  auto templates = detect_loop_templates(*loaded.program, terms, TemplateOptions{});
  const LoopTemplate& t = templates.at(0);
  SymbolicConfiguration s = at_first_loop(*loaded.program, terms);
  Term fresh = terms.fresh_symbol(terms::Sort::integer(), "k");
  const TemplateExit& exit = t.exits.at(0);
  SymbolicConfiguration composed =
      compose(terms, s, t.site->theta0, exit.state, t.site->anchor, exit.condition, {{t.parameter, fresh}});
  // The control is after the loop: the end of main.
  EXPECT_EQ(composed.control.current(), nullptr);
  ParameterValuation three{{fresh, Integer(3)}};
  SymbolicConfiguration instance = substitute_parameters(terms, composed, three);
  EXPECT_EQ(evaluate(terms, instance.globals[2], 2, 1), Integer(2));   // 2*2 + 1 - 3
  EXPECT_EQ(evaluate(terms, instance.globals[3], 2, 1), Integer(9));   // 3 * 3
  // φ⟦3⟧ holds exactly when 2a + b = 3 (three passes, then c = 0 fails the test).
  Term condition = instance.path_condition.conjunction(terms);
  terms::MapValuation at_three(terms), at_four(terms);
  at_three.set_symbol(terms.global_symbol(0), Value::integer(1));
  at_three.set_symbol(terms.global_symbol(1), Value::integer(1));
  at_four.set_symbol(terms.global_symbol(0), Value::integer(2));
  at_four.set_symbol(terms.global_symbol(1), Value::integer(0));
  EXPECT_TRUE(terms::TermEvaluator(at_three).evaluate_boolean(condition));
  EXPECT_FALSE(terms::TermEvaluator(at_four).evaluate_boolean(condition));
}

TEST(Composition, ThetaOffByOneFaultMovesTheState) {
  auto loaded = load(countdown);
  ScopedFault fault(Fault::CompactThetaOffByOne);
  auto templates = detect_loop_templates(*loaded.program, *loaded.terms, TemplateOptions{});
  const TemplateExit& exit = templates.at(0).exits.at(0);
  ParameterValuation zero{{templates[0].parameter, Integer(0)}};
  SymbolicConfiguration instance = substitute_parameters(*loaded.terms, exit.state, zero);
  // With κ = 0 the exit state must be Θ itself; the planted fault has already taken one pass.
  EXPECT_NE(instance.globals[2], loaded.terms->global_symbol(2));
}

TEST(Algorithm1, ClassicVariantGivesExploresFeasibleLeaves) {
  const char* text = "var A: int[]; var n: int; var x: int; var i: int; var k: int;"
                     "main { k := 0; i := 0; while i < n { if A[i] == x { k := k + 1; } i := i + 1; } }";
  auto loaded = load(text);
  CompactOptions options;
  options.templates = false;
  options.limits.loop_bound = 2;
  options.order = SearchOrder::DepthFirst;
  CompactResult classic = explore_compact(*loaded.program, *loaded.terms, options);
  ExploreOptions explore_options;
  explore_options.limits.loop_bound = 2;
  ExplorationResult explored = Explorer(*loaded.program, *loaded.terms, explore_options).explore();
  std::multiset<std::pair<std::string, Outcome>> ours, theirs;
  for (const auto& path : classic.paths)
    if (path.status == solver::SatResult::Sat) ours.emplace(path.branches, path.outcome);
  for (const auto& path : explored.paths)
    if (path.status == solver::SatResult::Sat) theirs.emplace(path.branches, path.outcome);
  EXPECT_EQ(ours, theirs);
  EXPECT_FALSE(ours.empty());
  EXPECT_TRUE(classic.templates.empty());
  EXPECT_FALSE(classic.finite);
}

TEST(Algorithm1, FreshParameterPerInstanceAndExpansionMatches) {
  const char* text = "var n: int; var m: int; var i: int; var j: int;"
                     "main { i := 0; while i < n { i := i + 1; } j := 0; while j < m { j := j + 1; } }";
  auto loaded = load(text);
  CompactResult result = explore_compact(*loaded.program, *loaded.terms, CompactOptions{});
  ASSERT_EQ(result.paths.size(), 1u);
  const CompactPath& path = result.paths[0];
  EXPECT_EQ(path.branches, "{t1#1}{t2#1}");
  ASSERT_EQ(path.instances.size(), 2u);
  EXPECT_NE(path.instances[0].parameter, path.instances[1].parameter);
  EXPECT_TRUE(result.finite);
  auto valuation = match_expansion(path, result.templates, "TTFTF");
  ASSERT_TRUE(valuation.has_value());
  EXPECT_EQ(valuation->at(path.instances[0].parameter), Integer(2));
  EXPECT_EQ(valuation->at(path.instances[1].parameter), Integer(1));
  EXPECT_EQ(expand_branches(path, result.templates, *valuation), "TTFTF");
  EXPECT_FALSE(match_expansion(path, result.templates, "TTFT").has_value());
}

TEST(Algorithm1, ReusedParameterFaultTiesTheInstances) {
  const char* text = "var n: int; var m: int; var i: int; var j: int;"
                     "main { i := 0; while i < n { i := i + 1; } j := 0; while j < m { j := j + 1; } }";
  auto loaded = load(text);
  ScopedFault fault(Fault::CompactKappaReused);
  CompactResult result = explore_compact(*loaded.program, *loaded.terms, CompactOptions{});
  ASSERT_EQ(result.paths.size(), 1u);
  const CompactPath& path = result.paths[0];
  ASSERT_EQ(path.instances.size(), 2u);
  EXPECT_EQ(path.instances[0].parameter, path.instances[1].parameter);
  EXPECT_FALSE(match_expansion(path, result.templates, "TTFTF").has_value());  // 2 and 1 passes: no single κ
}

TEST(Algorithm1, DroppedForallFaultAdmitsAnExitAfterAFailedPass) {
  // Without ∀τ the exit at κ = 2 does not require the passes 0 and 1 to have taken the cycle.
  const char* text = "var n: int; var i: int; main { i := 0; while i < n { i := i + 1; } }";
  auto loaded = load(text);
  auto templates = detect_loop_templates(*loaded.program, *loaded.terms, TemplateOptions{});
  ScopedFault fault(Fault::CompactForallDropped);
  auto faulty = detect_loop_templates(*loaded.program, *loaded.terms, TemplateOptions{});
  EXPECT_TRUE(has_quantifier(templates.at(0).exits.at(0).condition));
  EXPECT_FALSE(has_quantifier(faulty.at(0).exits.at(0).condition));
}

// Theorem 2 under a cap on the pairs (leaf, ν) asks every leaf's first ν before any leaf's second.
// The then-leaf's loop runs only at κ = 0 (i < 0 after i := 0), the else-leaf's at every κ: all
// four feasible pairs hold; under a cap of two, leaf by leaf would prove one (its κ = 1 is
// infeasible), round by round proves both first ones.
TEST(Theorem2, ACapTakesTheValuationsRoundByRoundAndCountsOneSkip) {
  const char* text = "var b: int; var n: int; var i: int;"
                     "main { i := 0; if b > 0 { while i < 0 { i := i + 1; } } else { while i < n { i := i + 2; } } }";
  auto loaded = load(text);
  CompactOptions options;
  options.limits.loop_bound = 2;
  CompactResult compact = explore_compact(*loaded.program, *loaded.terms, options);
  ExploreOptions explore_options;
  explore_options.limits.loop_bound = 2;
  ExplorationResult classic = Explorer(*loaded.program, *loaded.terms, explore_options).explore();
  AgreementVerdict all = check_theorem2(*loaded.program, *loaded.terms, compact, classic, 2, solver::SolverOptions::timed(5000));
  EXPECT_FALSE(all.failure.has_value()) << *all.failure;
  EXPECT_EQ(all.checks, 4u);
  EXPECT_EQ(all.skipped, 0u);
  AgreementVerdict capped = check_theorem2(*loaded.program, *loaded.terms, compact, classic, 2, solver::SolverOptions::timed(5000), 2);
  EXPECT_FALSE(capped.failure.has_value()) << *capped.failure;
  EXPECT_EQ(capped.checks, 2u);
  EXPECT_EQ(capped.skipped, 1u);
  AgreementVerdict roomy = check_theorem2(*loaded.program, *loaded.terms, compact, classic, 2, solver::SolverOptions::timed(5000), 6);
  EXPECT_EQ(roomy.checks, 4u);
  EXPECT_EQ(roomy.skipped, 0u) << "six pairs fit a cap of six";
}

}  // namespace
}  // namespace symref::compact
