// `symref check FILE [--format json]`: parse and type-check (docs/language.md#static-rules).
#include <iostream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/version.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::cli {

namespace {

struct CheckOptions {
  std::string file;
  std::string format = "text";
};

// The `file:line:col: error: message` lines of rendered diagnostics as {line, column, message}.
nlohmann::ordered_json diagnostics_to_json(const std::string& rendered) {
  static const std::regex located("^.*:([0-9]+):([0-9]+): error: (.*)$");
  static const std::regex unlocated("^.*: error: (.*)$");
  nlohmann::ordered_json errors = nlohmann::ordered_json::array();
  std::istringstream lines(rendered);
  std::string line;
  std::smatch match;
  while (std::getline(lines, line)) {
    if (std::regex_match(line, match, located))
      errors.push_back({{"line", std::stoul(match[1])}, {"column", std::stoul(match[2])}, {"message", match[3].str()}});
    else if (std::regex_match(line, match, unlocated))
      errors.push_back({{"line", 0}, {"column", 0}, {"message", match[1].str()}});
  }
  return errors;
}

int check(const CheckOptions& options) {
  std::unique_ptr<Program> program;
  try {
    program = load_program(options.file);
  } catch (const InputError& error) {
    if (options.format != "json") throw;
    std::cerr << error.what();
    nlohmann::ordered_json out;
    out["version"] = json_format_version;
    out["file"] = options.file;
    out["ok"] = false;
    out["errors"] = diagnostics_to_json(error.what());
    std::cout << out.dump(2) << "\n";
    return exit_input_fault;
  }
  if (options.format == "json") {
    nlohmann::ordered_json out;
    out["version"] = json_format_version;
    out["file"] = options.file;
    out["ok"] = true;
    out["globals"] = program->globals.size();
    out["classes"] = program->classes.size();
    out["procedures_and_methods"] = program->callables.size();
    std::cout << out.dump(2) << "\n";
    return exit_done;
  }
  std::cout << options.file << ": ok (" << program->globals.size() << " globals, " << program->classes.size()
            << " classes, " << program->callables.size() << " procedures and methods)\n";
  return exit_done;
}

}  // namespace

void add_check_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* command = app.add_subcommand("check", "parse and type-check a program; exit 1 with diagnostics if it is not well formed");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  command->add_option("--format", options->format,
                      "text or json ({\"file\", \"ok\", counts} or, when not well formed, {\"file\", \"ok\": false, \"errors\"})")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  command->final_callback([&action, options] { action = [options] { return check(*options); }; });
}

}  // namespace symref::cli
