// Property `compact_soundness`: Trtík's Theorem 1 against the forward engine (§2–§4.1) up to the loop bound.
//
// Every feasible leaf of the forward tree that was not cut by a bound is an instance of a leaf of
// the compact tree: the same outcome, its branch string an expansion of the compact one under some
// valuation ν of the parameters, φ ⇔ φ′⟦ν⟧ and the same final globals and fields under φ, both
// proved by the solver (engines/compact/classic_agreement, shared with `compact --check-classic`).
// Programs without a usable loop template are skipped (compact = classic).
#include "props/compact_checks.hpp"

namespace symref::props {

PropertyVerdict check_compact_soundness(CaseWorkspace& workspace) {
  return check_compact_theorem(workspace, CompactTheorem::Soundness);
}

}  // namespace symref::props
