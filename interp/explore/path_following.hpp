// Following one named path through a symbolic transition system: from the initial configuration,
// the successors whose branch letters continue a given branch string (docs/language.md#branch-letters)
//, up to the path's leaf.  Used by `symref wp` and by the trace engine's agreement check.
#pragma once

#include <optional>
#include <string>

#include "semantics/symbolic/symbolic_machine.hpp"

namespace symref {

struct PathTarget {
  std::string branches;
  std::optional<Outcome> outcome;        // needed when an E letter ends in two outcomes
  std::optional<std::uint64_t> steps;    // stop after this many steps (for paths cut by a bound)
  std::uint64_t max_steps = 1'000'000;
};

// The leaf configuration of the path, or nothing with `error` saying why (no such path, the
// string names only a prefix, or two paths match and `outcome` must choose).
std::optional<SymbolicConfiguration> follow_path(SymbolicMachine& machine, const PathTarget& target, std::string& error);

}  // namespace symref
