// The compositional engine's coverage table (Anand et al. §4), read from compositional_rules.def.
#include "engines/compositional/compositional_coverage.hpp"

namespace symref::compositional {

const CoverageTable& compositional_rule_table() {
  static const CoverageTable table{"compositional",
                                   "demand-driven compositional symbolic execution (Anand et al.): §4.1–§4.3",
                                   {
#define RULE SYMREF_COVERAGE_ROW
#include "engines/compositional/compositional_rules.def"
#undef RULE
                                   }};
  return table;
}

}  // namespace symref::compositional
