// `symref compact FILE` (Algorithm 1 of Trtík, classic or with loop templates) and
// `symref templates FILE` (template detection only).
#pragma once

#include "interp/cli/command.hpp"

namespace symref::compact {

void add_compact_command(CLI::App& app, cli::Action& action);
void add_templates_command(CLI::App& app, cli::Action& action);

}  // namespace symref::compact
