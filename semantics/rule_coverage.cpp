// Tallies of one engine's rules (rule_coverage.hpp; no § of its own).
#include "semantics/rule_coverage.hpp"

#include <algorithm>
#include <stdexcept>

namespace symref {

void RuleTally::add(const RuleTally& other) {
  if (other.table_ != table_) throw std::logic_error("rule tallies of two engines added");
  for (std::size_t k = 0; k < counts_.size(); ++k) counts_[k] += other.counts_[k];
}

void RuleTally::clear() { std::fill(counts_.begin(), counts_.end(), 0); }

bool RuleTally::all_zero() const {
  return std::all_of(counts_.begin(), counts_.end(), [](std::uint64_t n) { return n == 0; });
}

}  // namespace symref
