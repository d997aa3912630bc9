// Every engine's rule tallies in one campaign (engine_coverage.hpp): the report, the JSON, and the counts workers send.
#include "props/engine_coverage.hpp"

#include <cstdio>
#include <stdexcept>
#include <utility>

#include "engines/apc/apc_coverage.hpp"
#include "engines/compact/compact_coverage.hpp"
#include "engines/compositional/compositional_coverage.hpp"
#include "engines/heap/heap_coverage.hpp"
#include "semantics/symbolic/symbolic_rule_table.hpp"

namespace symref::props {

const std::vector<const CoverageTable*>& engine_coverage_tables() {
  static const std::vector<const CoverageTable*> tables = {
      &symbolic_rule_table(EngineMode::Forward),
      &symbolic_rule_table(EngineMode::Trace),
      &compact::compact_rule_table(),
      &compositional::compositional_rule_table(),
      &apc::apc_rule_table(),
      &heap::heap_rule_table(),
  };
  return tables;
}

EngineCoverage::EngineCoverage() {
  for (const CoverageTable* table : engine_coverage_tables()) tallies_.emplace_back(*table);
}

const RuleTally& EngineCoverage::of(std::string_view engine) const {
  for (const RuleTally& tally : tallies_)
    if (tally.table().engine == engine) return tally;
  throw std::logic_error("no coverage table for the engine " + std::string(engine));
}

RuleTally& EngineCoverage::of(std::string_view engine) { return const_cast<RuleTally&>(std::as_const(*this).of(engine)); }

void EngineCoverage::add(const EngineCoverage& other) {
  for (std::size_t k = 0; k < tallies_.size(); ++k) tallies_[k].add(other.tallies_[k]);
}

void EngineCoverage::clear() {
  for (RuleTally& tally : tallies_) tally.clear();
}

bool EngineCoverage::all_zero() const {
  for (const RuleTally& tally : tallies_)
    if (!tally.all_zero()) return false;
  return true;
}

std::string coverage_report(const EngineCoverage& coverage, int level) {
  std::string out = "engine coverage: how often each rule applied on the programs checked (0: never)\n";
  char line[160];
  for (const RuleTally& tally : coverage.tallies()) {
    const CoverageTable& table = tally.table();
    std::size_t applied = 0;
    for (std::size_t k = 0; k < tally.size(); ++k) applied += tally[k] != 0;
    out += std::string(table.engine) + " (" + std::string(table.title) + "): ";
    if (applied == 0) {
      out += "not run, none of the campaign's properties ran it on these level-" + std::to_string(level) + " programs\n";
      continue;
    }
    out += std::to_string(applied) + " of " + std::to_string(tally.size()) + " rules applied\n";
    for (std::size_t k = 0; k < tally.size(); ++k) {
      const CoverageRule& rule = table.rules[k];
      std::snprintf(line, sizeof line, "  %-34s %12llu", std::string(rule.name).c_str(),
                    static_cast<unsigned long long>(tally[k]));
      out += line;
      if (tally[k] == 0 && !rule.unreachable.empty())
        out += "  unreachable by generated programs: " + std::string(rule.unreachable);
      else if (tally[k] == 0 && rule.level > level)
        out += "  needs level-" + std::to_string(rule.level) + " programs";
      out += "\n";
    }
  }
  return out;
}

nlohmann::json coverage_to_json(const EngineCoverage& coverage) {
  nlohmann::json engines = nlohmann::json::array();
  for (const RuleTally& tally : coverage.tallies()) {
    const CoverageTable& table = tally.table();
    nlohmann::json rules = nlohmann::json::array();
    for (std::size_t k = 0; k < tally.size(); ++k) {
      const CoverageRule& rule = table.rules[k];
      nlohmann::json entry = {{"name", rule.name}, {"count", tally[k]}, {"level", rule.level}};
      if (!rule.unreachable.empty()) entry["unreachable"] = rule.unreachable;
      rules.push_back(std::move(entry));
    }
    engines.push_back({{"engine", table.engine}, {"title", table.title}, {"rules", std::move(rules)}});
  }
  return engines;
}

EngineCoverage coverage_from_json(const nlohmann::json& document) {
  EngineCoverage coverage;
  for (const auto& engine : document) {
    const std::string name = engine.at("engine").get<std::string>();
    RuleTally* tally = nullptr;
    for (std::size_t e = 0; e < coverage.tallies().size(); ++e)
      if (coverage.tallies()[e].table().engine == name) tally = &coverage.tally(e);
    if (tally == nullptr) throw std::runtime_error("coverage of an engine without a table: " + name);
    for (const auto& rule : engine.at("rules")) {
      const std::string rule_name = rule.at("name").get<std::string>();
      std::size_t index = 0;
      while (index < tally->size() && tally->table().rules[index].name != rule_name) ++index;
      if (index == tally->size())
        throw std::runtime_error("coverage of a rule the " + name + " table does not have: " + rule_name);
      tally->add_at(index, rule.at("count").get<std::uint64_t>());
    }
  }
  return coverage;
}

nlohmann::json coverage_counts(const EngineCoverage& coverage) {
  nlohmann::json counts = nlohmann::json::array();
  for (std::size_t e = 0; e < coverage.tallies().size(); ++e) {
    const RuleTally& tally = coverage.tallies()[e];
    for (std::size_t k = 0; k < tally.size(); ++k)
      if (tally[k] != 0) counts.push_back({e, k, tally[k]});
  }
  return counts;
}

void add_coverage_counts(EngineCoverage& coverage, const nlohmann::json& counts) {
  for (const auto& triple : counts)
    coverage.tally(triple.at(0).get<std::size_t>()).add_at(triple.at(1).get<std::size_t>(), triple.at(2).get<std::uint64_t>());
}

}  // namespace symref::props
