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
  const PropertySettings& settings = workspace.settings();
  compact::CompactOptions options = compact_options_for(settings);
  options.validate_models = false;
  compact::CompactResult result = compact::explore_compact(workspace.program(), workspace.terms(), options);
  if (!has_usable_template(result.templates)) {
    PropertyVerdict verdict;
    ++verdict.skipped;
    return verdict;
  }
  return as_property_verdict(workspace,
                             compact::check_theorem2(workspace.program(), workspace.terms(), result, workspace.forward_exploration(),
                                                     settings.loop_bound, settings.timeout_milliseconds));
}

}  // namespace symref::props
