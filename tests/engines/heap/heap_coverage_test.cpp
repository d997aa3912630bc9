// The heap engine's rule coverage (engines/heap/heap_rules.def): lazy initialization's choices
// against Summarize's guarded sets on the same corpus program.
#include <gtest/gtest.h>

#include <string>

#include "engines/heap/heap_coverage.hpp"
#include "engines/heap/symbolic_heap.hpp"
#include "interp/explore/explorer.hpp"
#include "semantics/syntax/front_end.hpp"
#include "support/tally_counts.hpp"

namespace symref::heap {
namespace {

// The heap tally of a forward exploration of corpus/heap/NAME.sym under the heap model `model`.
RuleTally tally_of(const std::string& name, const std::string& model) {
  auto program = load_program(std::string(SYMREF_SOURCE_DIR) + "/corpus/heap/" + name + ".sym");
  terms::TermManager terms(program.get());
  RuleTally tally(heap_rule_table());
  ExploreOptions options;
  options.heap = find_heap_model(heap_models(), model);
  options.limits.loop_bound = 2;
  options.generate_tests = false;
  options.heap_tally = &tally;
  Explorer(*program, terms, options).explore();
  return tally;
}

using testing::count;

// guarded_alias reads x and x.next, then compares w with x: lazy forks into NULL, NEW and ALIAS,
// summary builds one guarded set per slot and never forks.
TEST(HeapCoverage, LazyForksWhereSummaryBuildsASet) {
  RuleTally lazy = tally_of("guarded_alias", "lazy");
  EXPECT_GE(count(lazy, HeapRule::LazyNull), 1u);
  EXPECT_GE(count(lazy, HeapRule::LazyNew), 1u);
  EXPECT_GE(count(lazy, HeapRule::LazyAlias), 1u);
  EXPECT_GE(count(lazy, HeapRule::InitializeGlobal), 2u);  // x and w
  EXPECT_GE(count(lazy, HeapRule::InitializeSlot), 1u);    // x.next
  EXPECT_GE(count(lazy, HeapRule::ReferencesEqual), 1u);
  EXPECT_EQ(count(lazy, HeapRule::Summarize), 0u);
  EXPECT_EQ(count(lazy, HeapRule::SummarizeThetaAlias), 0u);

  RuleTally summary = tally_of("guarded_alias", "summary");
  EXPECT_GE(count(summary, HeapRule::Summarize), 3u);  // x, x.next, w
  EXPECT_GE(count(summary, HeapRule::SummarizeThetaAlias), 1u);
  EXPECT_GE(count(summary, HeapRule::ReferencesEqual), 1u);
  for (HeapRule none : {HeapRule::LazyNull, HeapRule::LazyNew, HeapRule::LazyAlias, HeapRule::LazyOperandSplit})
    EXPECT_EQ(count(summary, none), 0u) << heap_rule_table().rules[static_cast<std::size_t>(none)].name;
}

// lazy_operands reads x.next only where n > 0 fails: lazy splits on n > 0 first.
TEST(HeapCoverage, LazySplitsOnALazyOperator) {
  EXPECT_GE(count(tally_of("lazy_operands", "lazy"), HeapRule::LazyOperandSplit), 1u);
  EXPECT_EQ(count(tally_of("lazy_operands", "summary"), HeapRule::LazyOperandSplit), 0u);
}

// A weak update: a write through a set of several targets keeps the old value under ¬φ (ST).
TEST(HeapCoverage, SummaryWritesThroughGuards) {
  EXPECT_GE(count(tally_of("weak_update", "summary"), HeapRule::FieldWriteGuarded), 1u);
}

}  // namespace
}  // namespace symref::heap
