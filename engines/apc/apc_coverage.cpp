// The apc engine's coverage table (Strejček & Trtík §3–§7), read from apc_rules.def.
#include "engines/apc/apc_coverage.hpp"

namespace symref::apc {

const CoverageTable& apc_rule_table() {
  static const CoverageTable table{"apc",
                                   "abstracting path conditions (Strejček & Trtík): Algorithms 1–2, §3.1, §4, §6, §7",
                                   {
#define RULE SYMREF_COVERAGE_ROW
#include "engines/apc/apc_rules.def"
#undef RULE
                                   }};
  return table;
}

}  // namespace symref::apc
