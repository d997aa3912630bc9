// Running an external program (Graphviz `dot`) on files, with a time limit, without a shell.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace symref::report {

// The executable `name` found on PATH (or `name` itself when it holds a slash and is executable).
std::optional<std::string> find_executable(const std::string& name);

struct ExternalRun {
  bool started = false;
  bool timed_out = false;
  int exit_code = -1;  // when it exited; -1 when killed or not started
  std::string error;   // why it did not run or did not finish, for a note
};

// Runs `program` with `arguments`, stdin from `input_file`, stdout to `output_file`, stderr to
// `error_file`; kills it after `timeout_seconds`.
ExternalRun run_external(const std::string& program, const std::vector<std::string>& arguments,
                         const std::string& input_file, const std::string& output_file, const std::string& error_file,
                         double timeout_seconds);

}  // namespace symref::report
