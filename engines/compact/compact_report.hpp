// The compact execution tree as JSON (explore's contract plus "templates" and "finite"; docs/json.md)
// and as text; the templates alone for `symref templates`.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engines/compact/compact_explorer.hpp"
#include "interp/explore/exploration_report.hpp"

namespace symref::compact {

nlohmann::ordered_json templates_to_json(const ReportContext& context, const std::vector<LoopTemplate>& templates);
std::string templates_to_text(const ReportContext& context, const std::vector<LoopTemplate>& templates);

nlohmann::ordered_json compact_to_json(const ReportContext& context, const CompactResult& result);
std::string compact_to_text(const ReportContext& context, const CompactResult& result);

// The compact tree in the explorer's shape: one edge per branch letter or template instance
// ({ID#N}), leaves in the order of result.paths with their outcome, status, φ and test.  Lets the
// explorer's reporting draw it (DOT) and write its tests.
ExplorationResult compact_tree(const CompactResult& result);
std::string compact_to_dot(const ReportContext& context, const CompactResult& result);

// Every feasible leaf whose test run disagrees with its expanded branches, one line each; empty when none.
std::string describe_replay_failures(const CompactResult& result);

}  // namespace symref::compact
