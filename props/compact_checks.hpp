// What the compact-engine properties share (Trtík, Theorems 1–2, Definition 5): the engine's
// settings under the props bounds, and the engine's agreement verdicts as property verdicts.
#pragma once

#include "engines/compact/classic_agreement.hpp"
#include "props/properties.hpp"

namespace symref::props {

// The compact engine under the props bounds: the same loop bound and step limit as the forward
// exploration, a few instances per path (the loops then run classically), no tests.
compact::CompactOptions compact_options_for(const PropertySettings& settings);

// Has at least one loop a usable template?  Without one compact execution is the classic one.
bool has_usable_template(const std::vector<compact::LoopTemplate>& templates);

// Theorem 1 (soundness) or 2 (completeness) of the compact tree against the workspace's forward
// tree, as a property verdict (the witness as JSON).  Skipped when no loop has a usable template,
// and for Theorem 1 when the compact search was cut (a missing leaf would prove nothing).
enum class CompactTheorem { Soundness, Completeness };
PropertyVerdict check_compact_theorem(CaseWorkspace& workspace, CompactTheorem theorem);

}  // namespace symref::props
