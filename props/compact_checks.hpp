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

// Theorem 1 or 2 against the workspace's forward tree, as a property verdict (the witness as JSON).
PropertyVerdict as_property_verdict(CaseWorkspace& workspace, const compact::AgreementVerdict& agreement);

}  // namespace symref::props
