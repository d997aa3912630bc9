// Property `compact_completeness`: Trtík's Theorem 2 against the forward engine (§2–§4.1) up to the loop bound.
//
// For each feasible compact leaf and each valuation ν of its parameters with every κ ≤ K (the
// props loop bound) under which φ′⟦ν⟧ is satisfiable, the forward tree of `explore --loop-bound K`
// has a feasible leaf along the compact branch string expanded under ν, with the same outcome,
// φ ⇔ φ′⟦ν⟧ and the same final state under φ (engines/compact/classic_agreement, shared with
// `compact --check-classic`).  An expansion that the bound K cuts is skipped.
#include "props/compact_checks.hpp"

namespace symref::props {

PropertyVerdict check_compact_completeness(CaseWorkspace& workspace) {
  return check_compact_theorem(workspace, CompactTheorem::Completeness);
}

}  // namespace symref::props
