// `symref check FILE`: parse and type-check (docs/language.md#static-rules).
#include <iostream>
#include <memory>
#include <string>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::cli {

void add_check_command(CLI::App& app, Action& action) {
  auto file = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("check", "parse and type-check a program; exit 1 with diagnostics if it is not well formed");
  command->add_option("FILE", *file, "the program (.sym)")->required();
  command->final_callback([&action, file] {
    action = [file] {
      auto program = load_program(*file);
      std::cout << *file << ": ok (" << program->globals.size() << " globals, " << program->classes.size()
                << " classes, " << program->callables.size() << " procedures and methods)\n";
      return exit_done;
    };
  });
}

}  // namespace symref::cli
