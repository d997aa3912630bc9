// The apc engine's coverage table (Strejček & Trtík, Abstracting path conditions: Algorithms 1–2, rules of §3.1 and §4, §6, §7).
#pragma once

#include <cstdint>

#include "semantics/rule_coverage.hpp"

namespace symref::apc {

enum class ApcRule : std::uint8_t {
#define RULE SYMREF_COVERAGE_ENUMERATOR
#include "engines/apc/apc_rules.def"
#undef RULE
};

// The rules of apc_rules.def, indexed by ApcRule.
const CoverageTable& apc_rule_table();

}  // namespace symref::apc
