// Reading a RuleTally in tests: how often one rule was counted, and the sum over all rules.
#pragma once

#include <cstddef>
#include <cstdint>

#include "semantics/rule_coverage.hpp"

namespace symref::testing {

// `rule` is an enumerator of the engine's rule enum (its position in the table).
template <class Rule>
std::uint64_t count(const RuleTally& tally, Rule rule) {
  return tally[static_cast<std::size_t>(rule)];
}

inline std::uint64_t total_count(const RuleTally& tally) {
  std::uint64_t sum = 0;
  for (std::size_t k = 0; k < tally.size(); ++k) sum += tally[k];
  return sum;
}

}  // namespace symref::testing
