// The coverage tables of the core's symbolic transition systems: forward (§2–§4.1) and trace (§4).
#pragma once

#include "semantics/rule_coverage.hpp"
#include "semantics/symbolic/symbolic_machine.hpp"

namespace symref {

// The rules of semantics/rules.hpp under the names `--trace` and `symref step` print
// (`symbolic_assignment_global`, …), indexed by Rule.  heap_initialization is not among them: it
// is no step of the program, and only a heap model of engines/heap takes it (the heap engine's
// table counts its choices).
const CoverageTable& symbolic_rule_table(EngineMode mode);

// Counts one successor's rule in a tally of symbolic_rule_table (heap initializations excepted).
inline void count_symbolic_rule(RuleTally* tally, Rule rule) {
  if (tally != nullptr && rule != Rule::HeapInitialization) tally->count(rule);
}

}  // namespace symref
