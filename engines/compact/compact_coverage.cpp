// The compact engine's coverage table (Trtík §5, Algorithm 1), read from compact_rules.def.
#include "engines/compact/compact_coverage.hpp"

namespace symref::compact {

const CoverageTable& compact_rule_table() {
  static const CoverageTable table{"compact",
                                   "compact symbolic execution (Trtík): templates §5, Algorithm 1, ∀τ brackets",
                                   {
#define RULE SYMREF_COVERAGE_ROW
#include "engines/compact/compact_rules.def"
#undef RULE
                                   }};
  return table;
}

}  // namespace symref::compact
