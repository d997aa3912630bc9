// The heap engine's coverage table (draft §4–§5, Fig. 9), read from heap_rules.def.
#include "engines/heap/heap_coverage.hpp"

namespace symref::heap {

const CoverageTable& heap_rule_table() {
  static const CoverageTable table{"heap",
                                   "exact heap summaries (draft): lazy initialization §4, summaries §5, Fig. 9",
                                   {
#define RULE SYMREF_COVERAGE_ROW
#include "engines/heap/heap_rules.def"
#undef RULE
                                   }};
  return table;
}

}  // namespace symref::heap
