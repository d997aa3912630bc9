// The heap properties run on corpus/heap programs: Def. 3 and the nil rule at a read
// (mutual_exclusion), Corollary 8 (one_state_per_sequence) and Theorem 6 as graph isomorphism
// (heap_summary_exact), each shown to pass and to catch a planted fault.
#include <filesystem>

#include <gtest/gtest.h>

#include "engines/heap/symbolic_heap.hpp"
#include "interp/explore/explorer.hpp"
#include "props/case_workspace.hpp"
#include "props/properties.hpp"
#include "semantics/faults.hpp"
#include "semantics/syntax/front_end.hpp"
#include "../../support/property_on_program.hpp"

namespace symref::heap {
namespace {

namespace fs = std::filesystem;
using Check = props::PropertyVerdict (*)(props::CaseWorkspace&);

// A property's own check on corpus/heap/NAME, with all-default inputs and the fuzz bounds.
props::PropertyVerdict run_property(Check check, const std::string& name) {
  return testing::check_on_program_file(check, (fs::path(SYMREF_SOURCE_DIR) / "corpus" / "heap" / name).string());
}

std::string failure(const props::PropertyVerdict& verdict) { return verdict.failure.value_or(""); }

// The nil rule at a read: under D, second := head.next holds head's slot alone, so every target of
// every points-to set is a location and EQUALS compares locations.  Before, the read also went
// through l_null and L(second) held the term next[nil], which this test rejects.
TEST(HeapProperties, ReadThroughNilTargetGivesLocationsOnly) {
  auto program = load_program((fs::path(SYMREF_SOURCE_DIR) / "corpus" / "heap" / "nil_read.sym").string());
  terms::TermManager terms(program.get());
  ExploreOptions options;
  options.heap = find_heap_model(heap_models(), "summary");
  Explorer explorer(*program, terms, options);
  ExplorationResult result = explorer.explore();
  std::size_t targets = 0;
  bool second_seen = false;
  for (const auto& path : result.paths) {
    if (path.status != solver::SatResult::Sat) continue;
    HeapDescription heap = explorer.heap_model()->describe(path.final_configuration);
    for (const auto& [reference, set] : heap.points_to) {
      second_seen |= reference == "second";
      for (const auto& target : set) {
        EXPECT_TRUE(target.is_location) << path.branches << ": L(" << reference << ") holds " << target.location;
        ++targets;
      }
    }
  }
  EXPECT_TRUE(second_seen);
  EXPECT_GT(targets, 0u);

  props::PropertyVerdict sound = run_property(props::check_mutual_exclusion, "nil_read.sym");
  EXPECT_GT(sound.checks, 0u);
  EXPECT_EQ(failure(sound), "");
  ScopedFault planted(Fault::HeapNilTargetRead);
  props::PropertyVerdict faulty = run_property(props::check_mutual_exclusion, "nil_read.sym");
  EXPECT_NE(failure(faulty).find("is no location"), std::string::npos) << failure(faulty);
}

// heap-summary-forks-nil splits θ_null off: the sequences, the exactness and the guards stay right,
// only the number of summary leaves per sequence is wrong — one_state_per_sequence alone sees it.
TEST(HeapProperties, OnlyOneStatePerSequenceCatchesSummaryNilFork) {
  for (const char* name : {"self_loop.sym", "nil_read.sym"}) {
    props::PropertyVerdict clean = run_property(props::check_one_state_per_sequence, name);
    EXPECT_GT(clean.checks, 0u) << name;
    EXPECT_EQ(failure(clean), "") << name;
  }
  ScopedFault planted(Fault::HeapSummaryForksNil);
  props::PropertyVerdict caught = run_property(props::check_one_state_per_sequence, "self_loop.sym");
  EXPECT_NE(failure(caught).find("two feasible leaves"), std::string::npos) << failure(caught);
  for (Check other : {props::check_same_sequences, props::check_heap_summary_exact, props::check_mutual_exclusion}) {
    props::PropertyVerdict missed = run_property(other, "self_loop.sym");
    EXPECT_GT(missed.checks, 0u);
    EXPECT_EQ(failure(missed), "");
  }
}

// heap_summary_exact compares input graphs up to isomorphism: it holds on the corpus programs, and fails
// when a lazy leaf's graph is not one of the summary's concretizations or the reverse.
TEST(HeapProperties, SummaryExactComparesGraphs) {
  for (const char* name : {"self_loop.sym", "nil_read.sym", "guarded_alias.sym", "theta_orig.sym", "weak_update.sym"}) {
    props::PropertyVerdict exact = run_property(props::check_heap_summary_exact, name);
    EXPECT_GT(exact.checks, 0u) << name;
    EXPECT_EQ(exact.unknown, 0u) << name;
    EXPECT_EQ(failure(exact), "") << name;
  }
  {
    // Summary loses the alias l1.next = l1: the lazy leaf with that graph has no concretization.
    ScopedFault planted(Fault::HeapSummaryDropsOldestAlias);
    props::PropertyVerdict caught = run_property(props::check_heap_summary_exact, "self_loop.sym");
    EXPECT_NE(failure(caught).find("graph"), std::string::npos) << failure(caught);
  }
  {
    // θ_alias as printed: where two candidates are one object, the alias to it is lost, and the
    // concretization's graph (w aliasing that object) is no lazy leaf's.
    ScopedFault planted(Fault::HeapAliasUnconditional);
    props::PropertyVerdict caught = run_property(props::check_heap_summary_exact, "guarded_alias.sym");
    EXPECT_NE(failure(caught).find("has an input graph that no lazy leaf of it has"), std::string::npos) << failure(caught);
  }
  {
    // Fig. 8 as printed without θ_orig, and no pruning (paper-notes/004 found it masked then):
    // under b ≠ a, a.next falls through to its new location, and a concretization of the
    // summary leaf of TTDFDF has a graph that no lazy leaf of that sequence has.
    ScopedFault planted(Fault::HeapNoOrig);
    props::PropertyVerdict caught = run_property(props::check_heap_summary_exact, "theta_orig.sym");
    EXPECT_NE(failure(caught).find("graph"), std::string::npos) << failure(caught);
  }
}

}  // namespace
}  // namespace symref::heap
