// The compositional engine's coverage table (Anand, Godefroid, Tillmann §4: summaries, Algorithms 1–2, δ and γ).
#pragma once

#include <cstdint>

#include "semantics/rule_coverage.hpp"

namespace symref::compositional {

enum class CompositionalRule : std::uint8_t {
#define RULE SYMREF_COVERAGE_ENUMERATOR
#include "engines/compositional/compositional_rules.def"
#undef RULE
};

// The rules of compositional_rules.def, indexed by CompositionalRule.
const CoverageTable& compositional_rule_table();

}  // namespace symref::compositional
