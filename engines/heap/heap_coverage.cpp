// The heap engine's coverage table (draft §4–§5, Fig. 9), read from heap_rules.def.
#include "engines/heap/heap_coverage.hpp"

namespace symref::heap {

const CoverageTable& heap_rule_table() {
  static const CoverageTable table{"heap",
                                   "exact heap summaries (draft): lazy initialization §4, summaries §5, Fig. 9",
                                   {
#define RULE(enumerator, name, level, meaning, unreachable) {name, level, meaning, unreachable},
#include "engines/heap/heap_rules.def"
#undef RULE
                                   }};
  return table;
}

}  // namespace symref::heap
