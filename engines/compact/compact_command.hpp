// `symref explore FILE --engine compact` and its alias `symref compact FILE` (Algorithm 1 of
// Trtík, classic or with loop templates; docs/engine-compact.md), and `symref templates FILE`
// (template detection only).
#pragma once

#include "interp/cli/command.hpp"
#include "interp/cli/explore_extension.hpp"

namespace symref::compact {

cli::ExploreEngineExtension explore_extension();
void add_compact_command(CLI::App& app, cli::Action& action);
void add_templates_command(CLI::App& app, cli::Action& action);

}  // namespace symref::compact
