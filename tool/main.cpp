// The `symref` binary (docs/cli.md): parses the command line and runs the chosen command of the table.
#include <iostream>
#include <regex>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(SYMREF_WITH_MIMALLOC)
#include <mimalloc.h>
#endif

#include <CLI/CLI.hpp>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/version.hpp"
#include "tool/command_table.hpp"

namespace {
// CLI11's message in the diagnostics' style: lower-case first letter, no final period.
std::string usage_message(std::string message) {
  auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  if (message.size() > 1 && upper(message[0]) && upper(message[1]))
    message = "the argument " + message;  // "FILE is required": a placeholder's name stays as shown
  else if (!message.empty() && upper(message[0]))
    message.front() = static_cast<char>(message.front() - 'A' + 'a');
  for (std::size_t at = message.find(": Value "); at != std::string::npos; at = message.find(": Value ", at))
    message[at + 2] = 'v';  // "--loop-bound: Value -1 not in range ..."
  while (!message.empty() && (message.back() == '.' || message.back() == '\n')) message.pop_back();
  // A number option given text: "--timeout: 'abc' is not a number" (CLI11 says it in two ways).
  static const std::regex not_converted("^(-[^:]*): value (.*) (could not be converted|not in range).*$");
  static const std::regex conversion("^could not convert: (-[^ ]*) = (.*)$");
  static const std::regex number("^[-+]?[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?$");
  std::smatch match;
  if ((std::regex_match(message, match, not_converted) || std::regex_match(message, match, conversion)) &&
      !std::regex_match(match[2].str(), number))
    message = match[1].str() + ": '" + match[2].str() + "' is not a number";
  return message;
}

// Keeps freed memory in the process instead of handing it back to the kernel (glibc only; no
// answer depends on it).  Every Z3 context allocates a block of several MiB: with glibc's
// defaults it is mapped fresh and zeroed by the kernel each time, and the top of the heap is
// trimmed after each fuzz case, so a campaign spends a visible share of its time in page faults;
// with these limits far fewer.  When the binary links mimalloc (tool/CMakeLists.txt) glibc's
// allocator goes unused; mimalloc is told not to return freed pages either, for the same reason.
void keep_freed_memory() {
#if defined(SYMREF_WITH_MIMALLOC)
  mi_option_disable(mi_option_allow_decommit);
#endif
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);   // glibc's largest: blocks below 32 MiB come from the heap
  mallopt(M_TRIM_THRESHOLD, 256 << 20);  // return the heap's free top only beyond 256 MiB
#endif
}
}  // namespace

int main(int argc, char** argv) {
  keep_freed_memory();
  CLI::App app{"symref: a reference interpreter and proof-checking testbed for symbolic execution"};
  app.require_subcommand(1);
  app.set_version_flag("--version", symref::version());
  symref::cli::Action action;
  for (const symref::tool::CommandEntry& entry : symref::tool::command_table()) entry.add(app, action);
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
    if (error.get_exit_code() == 0) return app.exit(error);  // --help, --version
    std::string command = argc > 1 && argv[1][0] != '-' ? std::string(" ") + argv[1] : std::string();
    std::cerr << "symref" << command << ": error: " << usage_message(error.what()) << "\n"
              << "(see symref" << command << " --help)\n";
    return symref::cli::exit_usage;
  }
  if (!action) return symref::cli::exit_usage;
  return symref::cli::run_action(action);
}
