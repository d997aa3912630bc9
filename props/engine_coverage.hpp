// The rules of every engine a campaign exercised, and how often (`symref fuzz --coverage`; the tables of §2–§4 and of the four
// engines' papers).
//
// One tally per engine table (semantics/rule_coverage.hpp): the core's forward (§2–§4.1) and
// trace (§4) rules, the compact, compositional and apc engines' rules, and the heap engine's
// choices.  A case's properties fill the tallies through their workspace (case_workspace.hpp);
// the campaign sums them over its cases, its worker processes and, in fuzz-merge, its shards.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "semantics/rule_coverage.hpp"

namespace symref::props {

// Every engine's table, in the order of the report: forward, trace, compact, compositional, apc, heap.
const std::vector<const CoverageTable*>& engine_coverage_tables();

class EngineCoverage {
 public:
  EngineCoverage();  // every table's rules at 0

  RuleTally& of(std::string_view engine);  // throws std::logic_error for an engine without a table
  const RuleTally& of(std::string_view engine) const;
  const std::vector<RuleTally>& tallies() const { return tallies_; }
  RuleTally& tally(std::size_t engine) { return tallies_.at(engine); }  // by its position in engine_coverage_tables()
  void add(const EngineCoverage& other);
  void clear();
  bool all_zero() const;

 private:
  std::vector<RuleTally> tallies_;  // indexed like engine_coverage_tables()
};

// The report of `fuzz --coverage` for a campaign of `level`: per engine, how many of its rules
// applied, then each rule with its count; a rule at 0 says why when its table knows (a level above
// the campaign's, or unreachable by generated programs).  An engine no property ran is one line.
std::string coverage_report(const EngineCoverage& coverage, int level);

// [{engine, title, rules: [{name, count, level, unreachable?}]}] (docs/json.md, `coverage`).
nlohmann::json coverage_to_json(const EngineCoverage& coverage);
// Back from that JSON; throws std::runtime_error naming an engine or rule this symref has no table for.
EngineCoverage coverage_from_json(const nlohmann::json& document);

// The nonzero counts as [engine index, rule index, count] triples: what a worker process sends
// its supervisor after each property (both run the same binary, so the indices agree).
nlohmann::json coverage_counts(const EngineCoverage& coverage);
void add_coverage_counts(EngineCoverage& coverage, const nlohmann::json& counts);

}  // namespace symref::props
