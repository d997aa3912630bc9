// The compact engine's coverage table (Trtík, Compact symbolic execution: §5 templates, Algorithm 1, the ∀τ brackets).
#pragma once

#include <cstdint>

#include "semantics/rule_coverage.hpp"

namespace symref::compact {

enum class CompactRule : std::uint8_t {
#define RULE SYMREF_COVERAGE_ENUMERATOR
#include "engines/compact/compact_rules.def"
#undef RULE
};

// The rules of compact_rules.def, indexed by CompactRule.
const CoverageTable& compact_rule_table();

}  // namespace symref::compact
