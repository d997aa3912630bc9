// `symref difftest --campaign --against TOOL`: random programs from the generator (props/generator.hpp),
// each exported and compared with the tool by difftest (interop/difftest.hpp); every disagreement
// shrunk by the well-typed shrinker (props/shrinking.hpp) to a small program that still disagrees,
// written out and printed with the command that reproduces it.
#pragma once

#include "interop/commands.hpp"

namespace symref::fuzz {

// Exit 0 when no program disagrees, 3 otherwise.
int run_difftest_campaign(const interop::CampaignRequest& request);

}  // namespace symref::fuzz
