// Running a verifier (dafny, why3, frama-c) on an export: its command line, its time limit, the
// text it printed, and the Why3 configuration that Why3 and Frama-C WP read their provers from.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace symref::interop {

struct ToolProcess {
  bool finished = false;    // ran to its end (any exit code)
  bool timed_out = false;   // killed at the time limit
  int exit_code = -1;
  std::string output;       // stdout and stderr, in that order
  std::string error;        // why it did not finish, for the report
  double seconds = 0;
};

// Runs `program arguments...` in `directory` with the environment variable WHY3CONFIG set to
// `why3_config` when that is not empty; kills it after `timeout_seconds`.
ToolProcess run_tool(const std::filesystem::path& directory, const std::string& program,
                     const std::vector<std::string>& arguments, double timeout_seconds,
                     const std::filesystem::path& why3_config = {});

// Writes a Why3 configuration with the provers found on this machine (`why3 config detect`) to
// `directory`/why3.conf, so that neither tool depends on the user's ~/.why3.conf.  Returns the
// empty string on success, otherwise why it failed.  Why3 1.5.1 detects Z3 only; when cvc5 is on
// PATH the configuration gets a hand-written entry for it (shortcut `cvc5`, the CVC4 1.6 driver).
std::string write_why3_config(const std::filesystem::path& directory, double timeout_seconds);
std::filesystem::path why3_config_path(const std::filesystem::path& directory);
bool cvc5_configured();  // write_why3_config added the cvc5 entry

// The first `limit` characters of `text`'s lines that contain `needle`, joined by "; ".
std::string lines_containing(const std::string& text, const std::string& needle, std::size_t limit = 300);

}  // namespace symref::interop
