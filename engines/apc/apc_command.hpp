// `symref apc FILE`: the necessary condition for failing one assert (Strejček & Trtík).
#pragma once

#include "interp/cli/command.hpp"

namespace symref::apc {

void add_apc_command(CLI::App& app, cli::Action& action);

}  // namespace symref::apc
