// Recursion templates (Trtík §5.2) and special records (t, κ) of Algorithm 1: detection, the
// return phase at the procedure's exit, indirect recursion refused with a reason, branch strings
// with {ID^}, and the planted faults of the return phase caught by compact_soundness (Theorem 1).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "engines/compact/compact_explorer.hpp"
#include "props/case_workspace.hpp"
#include "props/properties.hpp"
#include "semantics/faults.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::compact {
namespace {

std::string corpus_text(const std::string& name) {
  std::ifstream file(std::string(SYMREF_SOURCE_DIR) + "/corpus/compact/" + name);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

struct Explored {
  std::unique_ptr<Program> program;
  std::unique_ptr<terms::TermManager> terms;
  CompactResult result;
};

Explored explore(const std::string& text, CompactOptions options) {
  Explored e;
  e.program = load_program_from_text("test.sym", text);
  e.terms = std::make_unique<terms::TermManager>(e.program.get());
  e.result = explore_compact(*e.program, *e.terms, options);
  return e;
}

Explored explore(const std::string& text, std::uint32_t loop_bound = 3) {
  CompactOptions options;
  options.limits.loop_bound = loop_bound;
  return explore(text, options);
}

// Fig. 3: the special record is pushed at the entry and popped at the exit, before the frame
// returns to main; the error exit keeps it (an error location ends the path, line 7).
TEST(CompactRecursion, RecordPushedAtEntryPoppedAtExit) {
  Explored e = explore(corpus_text("fig3_recursive_search.sym"));
  ASSERT_EQ(e.result.templates.size(), 1u);
  EXPECT_EQ(e.result.templates[0].kind, TemplateKind::Recursion);
  EXPECT_TRUE(e.result.finite);
  ASSERT_EQ(e.result.paths.size(), 3u);
  for (const CompactPath& path : e.result.paths) {
    ASSERT_GE(path.instances.size(), 1u);
    const bool returned = path.instances.size() == 2;
    EXPECT_EQ(returned, path.outcome == Outcome::Normal) << path.branches;
    if (returned) {
      EXPECT_TRUE(path.instances[1].return_phase);
      EXPECT_EQ(path.instances[1].parameter, path.instances[0].parameter);  // the stored κ
    }
  }
}

// The return phase applies c + κ with the κ of the instance: the leaf's c is its parameter.
TEST(CompactRecursion, ReturnPhaseUsesTheInstanceParameter) {
  Explored e = explore(corpus_text("recursive_length.sym"));
  ASSERT_EQ(e.result.paths.size(), 1u);
  const CompactPath& path = e.result.paths[0];
  EXPECT_EQ(path.branches, "{t1#1}{t1^}");
  ASSERT_EQ(path.instances.size(), 2u);
  EXPECT_EQ(path.final_configuration.globals[1], path.instances[0].parameter);
  // {t1^} expands to nothing: κ = 3 stands for TTTF.
  ParameterValuation three{{path.instances[0].parameter, Integer(3)}};
  EXPECT_EQ(expand_branches(path, e.result.templates, three), "TTTF");
  auto matched = match_expansion(path, e.result.templates, "TTF");
  ASSERT_TRUE(matched.has_value());
  EXPECT_EQ(matched->at(path.instances[0].parameter), Integer(2));
  EXPECT_FALSE(match_expansion(path, e.result.templates, "TTT").has_value());
}

TEST(CompactRecursion, IndirectRecursionFailsWithAReason) {
  Explored e = explore(R"(
var n: int;
proc even(i: int) { if i < n { odd(i + 1); } }
proc odd(i: int) { if i < n { even(i + 1); } }
main { even(0); }
)");
  ASSERT_EQ(e.result.templates.size(), 2u);
  for (const auto& t : e.result.templates) {
    EXPECT_EQ(t.status, TemplateStatus::Failed);
    EXPECT_NE(t.reason.find("indirect recursion"), std::string::npos) << t.reason;
  }
}

// A global the return path sets to a constant is no Θ(g) + c: the template fails naming it.
TEST(CompactRecursion, ReturnPathResetFailsNamingTheVariable) {
  Explored e = explore(R"(
var n: int;
var c: int;
proc p(i: int) { if i < n { p(i + 1); c := 5; } }
main { p(0); }
)");
  ASSERT_EQ(e.result.templates.size(), 1u);
  EXPECT_EQ(e.result.templates[0].status, TemplateStatus::Failed);
  EXPECT_NE(e.result.templates[0].reason.find("variable c "), std::string::npos) << e.result.templates[0].reason;
}

// compact_soundness on recursive_length.sym from all zeros: it holds, and each planted fault of
// the return phase breaks it (a fresh κ leaves c unconstrained; a record never popped leaves c = 0).
props::PropertyVerdict soundness_of_recursive_length() {
  props::TestCase unused;
  props::PropertySettings settings;
  settings.loop_bound = 3;
  props::CaseWorkspace workspace(unused, settings);
  workspace.use_program_text(corpus_text("recursive_length.sym"));
  workspace.use_inputs({default_global_state(workspace.program())});
  return props::check_compact_soundness(workspace);
}

TEST(CompactRecursionFaults, SoundWithoutAFault) {
  props::PropertyVerdict sound = soundness_of_recursive_length();
  EXPECT_GT(sound.checks, 0u);
  EXPECT_FALSE(sound.failure.has_value()) << *sound.failure;
}

TEST(CompactRecursionFaults, PopUsesTheStoredParameter) {
  ScopedFault planted(Fault::CompactPopFreshParameter);
  props::PropertyVerdict faulty = soundness_of_recursive_length();
  ASSERT_TRUE(faulty.failure.has_value());
  EXPECT_NE(faulty.failure->find("Theorem 1"), std::string::npos) << *faulty.failure;
}

TEST(CompactRecursionFaults, RecordIsPoppedAtTheExit) {
  ScopedFault planted(Fault::CompactRecordNeverPopped);
  props::PropertyVerdict faulty = soundness_of_recursive_length();
  ASSERT_TRUE(faulty.failure.has_value());
  EXPECT_NE(faulty.failure->find("Theorem 1"), std::string::npos) << *faulty.failure;
}

}  // namespace
}  // namespace symref::compact

namespace symref::compact {
namespace {

// The *-variant's tree T: the root, one child per successor put into Q, each edge carrying what
// its successor's branch string adds; every path ends at a leaf vertex of its own.
TEST(CompactTree, Fig4bTreeFollowsTheInstances) {
  Explored e = explore(corpus_text("fig4b_count_if_two_calls.sym"), 2);
  const auto& tree = e.result.tree;
  ASSERT_FALSE(tree.empty());
  EXPECT_EQ(tree[0].parent, TreeVertex::none);
  EXPECT_EQ(tree.size(), e.result.statistics.vertices);
  std::vector<std::string> root_edges;
  std::set<std::size_t> leaves;
  for (std::size_t k = 1; k < tree.size(); ++k) {
    ASSERT_LT(tree[k].parent, k);  // a parent is created before its children
    EXPECT_EQ(tree[k].branches, tree[tree[k].parent].branches.substr(0, tree[k].branches.size() - tree[k].edge.size()) + tree[k].edge);
    if (tree[k].parent == 0) root_edges.push_back(tree[k].edge);
    if (tree[k].leaf != TreeVertex::none) leaves.insert(tree[k].leaf);
  }
  // main calls count(0); at its entry t1 is instantiated: one child per exit.
  EXPECT_EQ(root_edges, (std::vector<std::string>{"{t1#1}", "{t1#2}", "{t1#3}"}));
  EXPECT_EQ(leaves.size(), e.result.paths.size());
  // The second frame's instance hangs below {t1#2}; its F exit returns twice on the way to main.
  bool nested = false;
  for (std::size_t k = 1; k < tree.size(); ++k)
    if (tree[k].edge == "{t1#1}" && tree[tree[k].parent].edge == "{t1#2}") nested = true;
  EXPECT_TRUE(nested);
}

}  // namespace
}  // namespace symref::compact

namespace symref::compact {
namespace {

// chooseTemplate drawn at random: on Fig. 4(b) some draws take t2, whose return phase adds k to c;
// every feasible leaf's test still follows its expanded branches to the same outcome and state.
TEST(CompactRecursion, RandomChoiceUsesTheSecondTemplate) {
  const std::string text = corpus_text("fig4b_count_if_two_calls.sym");
  bool second_used = false;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    CompactOptions options;
    options.limits.loop_bound = 2;
    options.choose_random = true;
    options.seed = seed;
    Explored e = explore(text, options);
    for (const CompactPath& path : e.result.paths) {
      second_used = second_used || path.branches.find("{t2^}") != std::string::npos;
      if (path.status != solver::SatResult::Sat || path.outcome == Outcome::Bound) continue;
      ASSERT_TRUE(path.replay.has_value()) << path.branches;
      EXPECT_TRUE(path.replay->agrees) << path.branches << ": " << path.replay->details;
    }
  }
  EXPECT_TRUE(second_used);
}

// Depth first or breadth first, the compact tree of Fig. 3 has the same leaves.
TEST(CompactRecursion, SearchOrderKeepsTheLeaves) {
  auto leaves = [](SearchOrder order) {
    CompactOptions options;
    options.order = order;
    Explored e = explore(corpus_text("fig3_recursive_search.sym"), options);
    std::set<std::string> out;
    for (const CompactPath& path : e.result.paths) out.insert(path.branches + " " + std::string(outcome_name(path.outcome)));
    return out;
  };
  EXPECT_EQ(leaves(SearchOrder::DepthFirst), leaves(SearchOrder::BreadthFirst));
  EXPECT_EQ(leaves(SearchOrder::DepthFirst).size(), 3u);
}


// Found by `symref fuzz --seed 1 --level 2 --jobs 2` (compact_tests_replay): Z3's models give the
// loop's κ values past 2^63, and expanding the branches under them ran out of memory. A leaf whose
// expansion is past the replay budget is now reported as not replayed; every other leaf agrees.
TEST(CompactReplay, HugeParametersAreNotExpanded) {
  const std::string text = R"(var x: int;
var y: int;
var z: int;
var b: bool;
var a: int[];
var d: int[];

proc P1(u1: int, u2: int) {
  var v1: int := 4 - len(a);
  d := a;
  assert ((0 <= u1) && (u1 < len(a))) && (a[u1] == 4);
  u1 := 4;
  while u1 < (u2 - y) {
    assume b && b;
    u1 := u1 + 1;
  }
}

main {
  if b == (y >= (-9223372036854775808)) {
    P1(2, z);
    a := d;
    d := a;
  }
  if y < (-y) {
    P1(0, a[z]);
  } else {
    skip;
  }
  P1(1, z / 0);
  assert (z + x) != (len(a) / 0);
  assert (b || b) ==> (b || b);
  a[x] := len(d) / 0;
}
)";
  Explored e = explore(text);
  ASSERT_FALSE(e.result.paths.empty());
  for (const CompactPath& path : e.result.paths) {
    if (path.replay) {
      EXPECT_TRUE(path.replay->agrees) << path.branches << ": " << path.replay->details;
    }
    if (!path.replay_note.empty()) {
      EXPECT_GT(expansion_length(path, e.result.templates, path.kappa), kMaxReplayLetters) << path.branches;
    }
  }
}

// Found by `symref fuzz --seed 2 --level 3` (case 517, compact_tests_replay, shrunk): an assert
// after the recursive call does not fork the return path (P2 of §5.2), but each frame returned
// from runs it, and a run's branch string has a letter for every assert.  {t1^} expanded to no
// letters, so the test of {t1#1}T{t1^} was to run along TFT where it runs along TFTT.
TEST(CompactReplay, EachReturnAddsTheAssertsOfTheReturnPath) {
  const std::string text = R"(proc P3(u1: int) {
  if u1 > 0 {
    P3(u1 - 1);
  }
  assert true;
}

main {
  P3(3);
}
)";
  Explored e = explore(text);
  ASSERT_EQ(e.result.templates.size(), 1u);
  EXPECT_EQ(e.result.templates[0].return_letters, "T");
  ASSERT_EQ(e.result.paths.size(), 1u);
  const CompactPath& path = e.result.paths[0];
  EXPECT_EQ(path.branches, "{t1#1}T{t1^}");
  ASSERT_TRUE(path.replay.has_value());
  EXPECT_TRUE(path.replay->agrees) << path.replay->details;
  EXPECT_EQ(expand_branches(path, e.result.templates, path.kappa), "TTTFTTTT");  // 3 passes, exit, its assert, 3 returns
  // A bound on the expansion's length (it counts the marks' characters too): it must cover the returns.
  EXPECT_GE(expansion_length(path, e.result.templates, path.kappa), 8u);
  EXPECT_TRUE(match_expansion(path, e.result.templates, "TTTFTTTT").has_value());
  EXPECT_FALSE(match_expansion(path, e.result.templates, "TTTFT").has_value());
}

}  // namespace
}  // namespace symref::compact
