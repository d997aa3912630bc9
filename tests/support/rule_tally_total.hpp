// The sum of a RuleTally's counts, for tests that ask whether a run counted anything at all.
#pragma once

#include <cstdint>

#include "semantics/rule_coverage.hpp"

namespace symref::testing {

inline std::uint64_t total_count(const RuleTally& tally) {
  std::uint64_t sum = 0;
  for (std::size_t k = 0; k < tally.size(); ++k) sum += tally[k];
  return sum;
}

}  // namespace symref::testing
