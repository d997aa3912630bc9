// The Explorer (interp/explore): the symbolic execution tree with Z3, bounds (loop, recursion,
// steps per path, paths), search orders, pruning, and tests replayed concretely.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "interp/explore/exploration_report.hpp"
#include "interp/explore/explorer.hpp"
#include "interp/explore/test_generation.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/syntax/front_end.hpp"
#include "tests/interp/solver/fake_solver.hpp"

namespace symref {
namespace {

struct Explored {
  std::unique_ptr<Program> program;
  std::unique_ptr<terms::TermManager> terms;
  ExplorationResult result;

  // "branches outcome status" per leaf, in the order found.
  std::vector<std::string> leaves() const {
    std::vector<std::string> out;
    for (const auto& path : result.paths)
      out.push_back(path.branches + " " + std::string(outcome_name(path.outcome)) + " " +
                    std::string(solver::to_string(path.status)));
    return out;
  }
  const ExploredPath& path(const std::string& branches) const {
    for (const auto& p : result.paths)
      if (p.branches == branches) return p;
    throw std::runtime_error("no path " + branches);
  }
};

Explored explore(const std::string& text, ExploreOptions options = {}) {
  Explored out;
  out.program = load_program_from_text("test.sym", text);
  out.terms = std::make_unique<terms::TermManager>(out.program.get());
  options.solver = "z3";
  Explorer explorer(*out.program, *out.terms, options);
  out.result = explorer.explore();
  return out;
}

using Lines = std::vector<std::string>;

// A model whose input object has an identity beyond 64 bits (as Z3 can give) makes no test: the
// reason says why, where it used to throw out of the search.
TEST(TestGeneration, AnObjectIdentityBeyond64BitsMakesNoTest) {
  auto program = load_program_from_text("test.sym", "class C {\n  field v: int;\n}\nvar p: C;\nmain {\n}\n");
  terms::TermManager terms(program.get());
  terms::MapValuation values(terms);
  solver::testing::WideObjectModel model(values, terms.global_symbol(0));
  std::string reason;
  EXPECT_FALSE(input_from_model(*program, terms, model, TestGenerationLimits{}, reason).has_value());
  EXPECT_NE(reason.find("object identity out of range"), std::string::npos) << reason;
  solver::testing::WideObjectModel plain(values, nullptr);
  EXPECT_TRUE(input_from_model(*program, terms, plain, TestGenerationLimits{}, reason).has_value());
}

TEST(Explorer, NodesKnowWhereTheyForkAndWhereTheirPathsStop) {
  Explored e = explore("var x: int;\nvar y: int;\nmain {\n  if x > 0 {\n    y := 1;\n  }\n  assert y == 0;\n}\n");
  // The fork below the root is the `if` (line 4); the then-leaf's assert fails at line 7, the
  // else-leaf ends normally at the end of main (no position).
  ASSERT_GE(e.result.nodes.size(), 3u);
  EXPECT_EQ(e.result.nodes[1].location.line, 4u);
  const TreeNode& failing = e.result.nodes[e.path("TF").node];
  EXPECT_EQ(failing.location.line, 7u);
  // After y := 1 the assert's T side is syntactically false: no fork there, the leaf hangs below the if.
  EXPECT_EQ(e.result.nodes[failing.parent].location.line, 4u);
  EXPECT_EQ(e.result.nodes[e.path("FT").node].location.line, 0u);
}

TEST(Explorer, ForksPrunesAndReplays) {
  Explored e = explore("var x: int; var y: int; main { if x > 0 { y := 1; } else { y := 2; } assert y == 1 || x <= 0; }");
  // After the then branch σ(y) = 1 makes the assert syntactically true: no F successor at all;
  // after the else branch its F side (0 < x with x <= 0 in φ) is pruned by the solver.
  EXPECT_EQ(e.leaves(), (Lines{"TT normal sat", "FT normal sat", "FF assertion-failure unsat"}));
  EXPECT_EQ(e.result.statistics.paths, 3u);
  EXPECT_EQ(e.result.statistics.feasible, 2u);
  EXPECT_EQ(e.result.statistics.infeasible, 1u);
  EXPECT_EQ(e.result.statistics.unknown, 0u);
  for (const char* branches : {"TT", "FT"}) {
    const ExploredPath& path = e.path(branches);
    ASSERT_TRUE(path.test.has_value()) << branches;
    ASSERT_TRUE(path.replay.has_value()) << branches;
    EXPECT_TRUE(path.replay->agrees) << path.replay->details;
  }
  EXPECT_FALSE(e.path("FF").test.has_value());  // infeasible: no test
}

TEST(Explorer, TreeNodesAndEdges) {
  Explored e = explore("var x: int; var y: int; main { y := 1; if x > 0 { y := 2; } }");
  // root, the fork after y := 1, and the two leaves
  ASSERT_EQ(e.result.nodes.size(), 4u);
  EXPECT_EQ(e.result.nodes[0].parent, -1);
  EXPECT_EQ(e.result.nodes[1].parent, 0);
  EXPECT_EQ(e.result.nodes[1].letters, "");
  EXPECT_EQ(e.result.nodes[1].children, (std::vector<std::int32_t>{2, 3}));
  EXPECT_EQ(e.result.nodes[2].letters, "T");
  EXPECT_EQ(e.result.nodes[3].letters, "F");
  ASSERT_EQ(e.result.nodes[2].conditions.size(), 1u);
  EXPECT_EQ(terms::print_term(e.result.nodes[2].conditions[0], e.program.get()), "0 < x");
  EXPECT_EQ(terms::print_term(e.result.nodes[3].conditions[0], e.program.get()), "x <= 0");
  EXPECT_EQ(e.result.nodes[2].path, 0);
  EXPECT_EQ(e.result.nodes[3].path, 1);
}

TEST(Explorer, StepLimitPerPathEndsInBound) {
  ExploreOptions options;
  options.max_steps = 5;
  Explored e = explore("var x: int; main { while true { x := x + 1; } }", options);
  EXPECT_EQ(e.leaves(), (Lines{"TTT bound sat"}));
  const ExploredPath& path = e.path("TTT");
  EXPECT_EQ(path.final_configuration.bound_reason, "step limit 5 reached");
  EXPECT_EQ(path.final_configuration.steps, 5u);
  ASSERT_TRUE(path.replay.has_value());
  EXPECT_TRUE(path.replay->agrees) << path.replay->details;
}

TEST(Explorer, LoopBoundCountsIterationsPerEntry) {
  ExploreOptions options;
  options.limits.loop_bound = 2;
  Explored e = explore("var n: int; var i: int; main { i := 0; while i < n { i := i + 1; } }", options);
  EXPECT_EQ(e.leaves(), (Lines{"TTT bound sat", "TTF normal sat", "TF normal sat", "F normal sat"}));
  EXPECT_EQ(e.path("TTT").final_configuration.bound_reason, "loop bound 2 reached at line 1");
}

TEST(Explorer, RecursionBound) {
  ExploreOptions options;
  options.limits.loop_bound = 3;
  Explored e = explore("var n: int; proc down(k: int) { if k > 0 { down(k - 1); } } main { down(n); }", options);
  EXPECT_EQ(e.leaves(), (Lines{"TTT bound sat", "TTF normal sat", "TF normal sat", "F normal sat"}));
  EXPECT_EQ(e.path("TTT").final_configuration.bound_reason, "recursion bound 3 reached at down");
}

TEST(Explorer, BreadthFirstFindsShortPathsFirst) {
  ExploreOptions options;
  options.order = SearchOrder::BreadthFirst;
  options.limits.loop_bound = 2;
  Explored e = explore("var n: int; var i: int; main { i := 0; while i < n { i := i + 1; } }", options);
  EXPECT_EQ(e.leaves(), (Lines{"F normal sat", "TF normal sat", "TTT bound sat", "TTF normal sat"}));
}

TEST(Explorer, PathLimitTruncates) {
  ExploreOptions options;
  options.max_paths = 3;
  Explored e = explore("var a: int; var b: int; var c: int; main { if a > 0 { skip; } if b > 0 { skip; } if c > 0 { skip; } }",
                       options);
  EXPECT_EQ(e.result.paths.size(), 3u);
  EXPECT_TRUE(e.result.statistics.truncated);
}

TEST(Explorer, TraceEngineProvesAgreementPerPath) {
  ExploreOptions options;
  options.engine = EngineMode::Trace;
  Explored e = explore(
      "class C { field f: int; } var p: C; var q: C; main { p.f := 1; q.f := 2; assert p.f == 1; }", options);
  EXPECT_EQ(e.leaves(), (Lines{"DDDT normal sat", "DDDF assertion-failure sat", "DDE nil-dereference unsat",
                               "DE nil-dereference sat", "E nil-dereference sat"}));
  for (const auto& path : e.result.paths) {
    if (path.status != solver::SatResult::Sat) continue;
    EXPECT_EQ(path.agreement, "proved") << path.branches;
    ASSERT_TRUE(path.replay.has_value()) << path.branches;
    EXPECT_TRUE(path.replay->agrees) << path.branches << ": " << path.replay->details;
  }
}

TEST(Explorer, AliasAndNoAliasPathsBothAppear) {
  Explored e = explore("class C { field f: int; } var p: C; var q: C; main { p.f := 1; q.f := 2; assert p.f == 1; }");
  const ExploredPath& alias = e.path("DDDF");
  ASSERT_TRUE(alias.test.has_value());
  const GlobalState& input = *alias.test;
  // The failing test makes p and q one object.
  EXPECT_EQ(input.globals[e.program->global_index.at("p")], input.globals[e.program->global_index.at("q")]);
  const ExploredPath& no_alias = e.path("DDDT");
  ASSERT_TRUE(no_alias.test.has_value());
  EXPECT_FALSE(no_alias.test->globals[e.program->global_index.at("p")] == no_alias.test->globals[e.program->global_index.at("q")]);
}

// A model may give an array a length above the test generator's limit (Z3 chose 21239 for `a`
// here); the explorer then asks again with every array at most that long, so every feasible leaf
// still gets a test.
TEST(Explorer, TraceEngineGivesEveryFeasibleLeafATest) {
  ExploreOptions options;
  options.engine = EngineMode::Trace;
  Explored e = explore(
      "var a: int[]; var i: int; var ok: bool; var v: int;\n"
      "main {\n"
      "  ok := i >= 0 && i < len(a) && a[i] > 0;\n"
      "  v := i >= 0 && i < len(a) ? a[i] : -1;\n"
      "  if i < 0 || i >= len(a) || a[i] == 0 { v := v + 100; }\n"
      "  assert i >= 0 && i < len(a) ==> a[i] == v || v == 100;\n"
      "  ok := ok || a[i] > 5;\n"
      "}\n",
      options);
  for (const auto& path : e.result.paths) {
    if (path.status != solver::SatResult::Sat) continue;
    EXPECT_TRUE(path.test.has_value()) << path.branches << ": " << path.test_note;
  }
}

TEST(Explorer, JsonReportHasTheContractKeys) {
  Explored e = explore("var x: int; main { assume x > 0; assert x != 5; }");
  ReportContext context{*e.program, *e.terms, "test.sym", "forward", "z3"};
  nlohmann::ordered_json json = exploration_to_json(context, e.result);
  std::vector<std::string> keys;
  for (const auto& item : json.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (Lines{"version", "program", "engine", "solver", "paths", "stats"}));
  EXPECT_EQ(json["version"], 1);  // docs/json.md: the format version
  ASSERT_EQ(json["paths"].size(), 3u);
  const auto& path = json["paths"][0];
  for (const char* key : {"branches", "outcome", "status", "pc", "pc_smt2", "final", "test", "replay"})
    EXPECT_TRUE(path.contains(key)) << key;
  EXPECT_EQ(path["branches"], "TT");
  EXPECT_EQ(path["outcome"], "normal");
  EXPECT_EQ(path["status"], "sat");
  EXPECT_EQ(path["pc"], "0 < x && x != 5");
  EXPECT_EQ(path["replay"], "agrees");
  EXPECT_EQ(json["paths"][1]["branches"], "TF");
  EXPECT_EQ(json["paths"][1]["outcome"], "assertion-failure");
  EXPECT_EQ(json["paths"][1]["test"]["globals"]["x"], 5);
  for (const char* key : {"paths", "feasible", "queries", "seconds"}) EXPECT_TRUE(json["stats"].contains(key)) << key;
  EXPECT_EQ(json["stats"]["paths"], 3);
  EXPECT_EQ(json["stats"]["feasible"], 3);
}

}  // namespace
}  // namespace symref
