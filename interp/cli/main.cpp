// The `symref` command (DESIGN.md "CLI"): the composition root that wires every subcommand.
#include <iostream>

#include <CLI/CLI.hpp>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/version.hpp"
#include "props/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"symref: a reference interpreter and proof-checking testbed for symbolic execution"};
  app.require_subcommand(1);
  app.set_version_flag("--version", symref::version());
  symref::cli::Action action;
  symref::cli::add_check_command(app, action);
  symref::cli::add_run_command(app, action);
  symref::cli::add_explore_command(app, action);
  symref::cli::add_step_command(app, action);
  symref::cli::add_wp_command(app, action);
  symref::props::add_commands(app, action);
  // A first word that is neither a flag nor a command is a usage error with a clear message.
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    std::string commands;
    for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) {
      known |= command->get_name() == argv[1];
      commands += (commands.empty() ? "" : ", ") + command->get_name();
    }
    if (!known) {
      std::cerr << "symref: error: unknown command '" << argv[1] << "' (commands: " << commands << "; see symref --help)\n";
      return symref::cli::exit_usage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    int code = app.exit(error);
    return code == 0 ? symref::cli::exit_done : symref::cli::exit_usage;
  }
  if (!action) return symref::cli::exit_usage;
  return symref::cli::run_action(action);
}
