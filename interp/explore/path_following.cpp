// Following a branch string through the successors of a symbolic machine.
#include "interp/explore/path_following.hpp"

namespace symref {

std::optional<SymbolicConfiguration> follow_path(SymbolicMachine& machine, const PathTarget& target, std::string& error) {
  SymbolicConfiguration current = machine.initial();
  std::vector<SymbolicSuccessor> successors;
  std::vector<SymbolicSuccessor*> matching;
  while (current.outcome == Outcome::Running) {
    if (target.steps && current.steps >= *target.steps) break;
    if (current.steps >= target.max_steps) {
      error = "the path is longer than " + std::to_string(target.max_steps) + " steps";
      return std::nullopt;
    }
    successors.clear();
    machine.successors(current, successors);  // at the end of main: none, and outcome Normal
    if (successors.empty()) break;
    matching.clear();
    for (auto& successor : successors) {
      const SymbolicConfiguration& next = successor.configuration;
      if (target.branches.compare(0, next.branches.size(), next.branches) != 0) continue;
      if (next.outcome != Outcome::Running && target.outcome && next.outcome != *target.outcome) continue;
      matching.push_back(&successor);
    }
    if (matching.empty()) {
      std::string continuations;
      for (const auto& successor : successors) {
        const std::string& next = successor.configuration.branches;
        if (next.size() > current.branches.size()) continuations += " " + next.substr(current.branches.size());
      }
      error = current.branches == target.branches
                  ? "branch string " + target.branches + " names only the beginning of paths; they continue with" + continuations
                  : "no path has branch string " + target.branches + "; after " +
                        (current.branches.empty() ? std::string("the start") : current.branches) + " it can continue with" +
                        continuations;
      return std::nullopt;
    }
    if (matching.size() > 1) {
      std::string outcomes;
      for (auto* successor : matching) outcomes += " " + std::string(outcome_name(successor->configuration.outcome));
      error = "two paths have branch string " + target.branches + "; choose an outcome:" + outcomes;
      return std::nullopt;
    }
    current = std::move(matching.front()->configuration);
  }
  if (current.branches != target.branches) {
    error = "the path ends after " + (current.branches.empty() ? std::string("no branches") : current.branches) +
            ", before " + target.branches;
    return std::nullopt;
  }
  if (target.outcome && current.outcome != *target.outcome && !(target.steps && current.outcome == Outcome::Running)) {
    error = "the path " + target.branches + " ends in " + std::string(outcome_name(current.outcome)) + ", not " +
            std::string(outcome_name(*target.outcome));
    return std::nullopt;
  }
  return current;
}

}  // namespace symref
