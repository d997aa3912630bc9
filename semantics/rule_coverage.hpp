// How often a run applied each rule, case or choice of an engine's paper (no § of its own: coverage of §2–§4 and of the engines'
// papers).
//
// Each engine declares its rules once, in a table (a `.def` file of RULE(...) lines, or for the
// core's symbolic rules semantics/rules.hpp).  A run that is handed a RuleTally of its table
// counts every rule it applies; a rule never applied keeps its 0, so it shows up instead of being
// missing.  A run handed no tally (a null pointer) counts nothing and pays one compare per rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace symref {

// An engine's `.def` file holds one RULE(enumerator, name, level, meaning, unreachable) line per
// rule.  Its header defines RULE as SYMREF_COVERAGE_ENUMERATOR to declare the rule enum, its table
// as SYMREF_COVERAGE_ROW to fill the CoverageTable's rules in the same order.
#define SYMREF_COVERAGE_ENUMERATOR(enumerator, name, level, meaning, unreachable) enumerator,
#define SYMREF_COVERAGE_ROW(enumerator, name, level, meaning, unreachable) {name, level, meaning, unreachable},

// One rule, case or choice of an engine, named as its paper note names it.
struct CoverageRule {
  std::string_view name;
  // The lowest level of the random-program generator (props/generator.hpp) whose programs have
  // what the rule needs: 1 globals, arrays and loops; 2 procedures; 3 classes and methods.
  int level = 1;
  std::string_view meaning;  // one line: what applying it means, and where in the paper
  // Empty, or why no generated program can reach the rule (the report says so beside its 0).
  std::string_view unreachable;
};

// An engine's rules; a tally of the engine is indexed like `rules`.
struct CoverageTable {
  std::string_view engine;  // as `fuzz --coverage` names it: forward, trace, compact, ...
  std::string_view title;   // the paper and part it implements
  std::vector<CoverageRule> rules;
};

// Counts of one engine's rules.
class RuleTally {
 public:
  explicit RuleTally(const CoverageTable& table) : table_(&table), counts_(table.rules.size(), 0) {}

  // `rule` is an enumerator of the engine's rule enum (its position in the table).
  template <class Rule>
  void count(Rule rule, std::uint64_t times = 1) {
    counts_[static_cast<std::size_t>(rule)] += times;
  }
  void add_at(std::size_t index, std::uint64_t times) { counts_.at(index) += times; }
  void add(const RuleTally& other);  // the same table's counts
  void clear();
  bool all_zero() const;

  const CoverageTable& table() const { return *table_; }
  std::size_t size() const { return counts_.size(); }
  std::uint64_t operator[](std::size_t index) const { return counts_[index]; }

 private:
  const CoverageTable* table_;
  std::vector<std::uint64_t> counts_;
};

// Counts `rule` when a tally was handed to the run (the engines' one call).
template <class Rule>
inline void count_rule(RuleTally* tally, Rule rule, std::uint64_t times = 1) {
  if (tally != nullptr) tally->count(rule, times);
}

}  // namespace symref
