// Property `same_sequences` (heap draft, Corollary 7): lazy initialization, heap summaries and
// the arrays encoding reach the same set of feasible control-flow sequences (branches, outcome).
//
// A control-flow sequence (the draft's Def. 13) is here the branch string of docs/language.md#branch-letters with the
// leaf's outcome: heap choices add no letter, so several lazy leaves may share one sequence.
// Explorations cut by --max-paths, or with a leaf the solver could not decide, are skipped.
#include <set>

#include "props/properties.hpp"
#include "props/value_text.hpp"

namespace symref::props {

namespace {

using Sequences = std::set<std::pair<std::string, std::string>>;

// The feasible sequences of an exploration; false when it cannot be compared (cut or unknown).
bool feasible_sequences(const ExplorationResult& result, Sequences& out) {
  if (result.statistics.truncated || result.statistics.unknown > 0) return false;
  for (const auto& path : result.paths)
    if (path.final_configuration.bound_reason.starts_with("heap summary")) return false;
  for (const auto& path : result.paths)
    if (path.status == solver::SatResult::Sat) out.emplace(path.branches, std::string(outcome_name(path.outcome)));
  return true;
}

std::string first_difference(const Sequences& a, const Sequences& b) {
  for (const auto& sequence : a)
    if (!b.contains(sequence)) return path_name(sequence.first) + " (" + sequence.second + ")";
  return "";
}

}  // namespace

PropertyVerdict check_same_sequences(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  Sequences arrays;
  if (!feasible_sequences(workspace.forward_exploration(), arrays)) {
    ++verdict.skipped;
    return verdict;
  }
  for (const char* heap : {"lazy", "summary"}) {
    Sequences other;
    if (!feasible_sequences(workspace.heap_exploration(heap), other)) {
      ++verdict.skipped;
      continue;
    }
    std::string missing = first_difference(arrays, other);
    if (!missing.empty()) {
      verdict.fail(std::string("--heap ") + heap + " misses the feasible sequence " + missing + " that arrays reaches");
      return verdict;
    }
    std::string extra = first_difference(other, arrays);
    if (!extra.empty()) {
      verdict.fail(std::string("--heap ") + heap + " reaches the sequence " + extra + ", infeasible with arrays");
      return verdict;
    }
    ++verdict.checks;
  }
  return verdict;
}

}  // namespace symref::props
