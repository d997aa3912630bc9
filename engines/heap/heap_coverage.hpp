// The heap engine's coverage table (draft "Exact Heap Summaries", §4 lazy initialization, §5 summaries, Fig. 9).
#pragma once

#include <cstdint>

#include "semantics/rule_coverage.hpp"

namespace symref::heap {

enum class HeapRule : std::uint8_t {
#define RULE SYMREF_COVERAGE_ENUMERATOR
#include "engines/heap/heap_rules.def"
#undef RULE
};

// The rules of heap_rules.def, indexed by HeapRule.
const CoverageTable& heap_rule_table();

}  // namespace symref::heap
