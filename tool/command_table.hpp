// The table of symref's subcommands: the one place that sees every layer (interp, engines, props).
#pragma once

#include <span>
#include <string_view>

#include <CLI/CLI.hpp>

#include "interp/cli/command.hpp"

namespace symref::tool {

struct CommandEntry {
  std::string_view name;                                  // as typed: `symref NAME`
  void (*add)(CLI::App& app, cli::Action& action);        // registers the command's options
};

// Every subcommand, in the order `symref --help` lists them.
std::span<const CommandEntry> command_table();

}  // namespace symref::tool
