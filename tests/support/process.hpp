// Running a program (the built `symref`) as a process from a test: arguments quoted for the shell,
// stdout and stderr captured in files of a directory, the exit code (128 + n when killed by signal n).
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace symref::testing {

inline std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

struct ProcessResult {
  int code = -1;
  std::string out, err;
};

// Runs `program args...` in `directory` (stdout and stderr go to files there), with `environment`
// put before the command (e.g. "env PATH=/nonexistent").
inline ProcessResult run_process(const std::filesystem::path& directory, const std::string& program,
                                 const std::vector<std::string>& args, const std::string& environment = "") {
  std::string command = "cd " + shell_quote(directory.string()) + " && " + environment + " " + shell_quote(program);
  for (const auto& arg : args) command += " " + shell_quote(arg);
  const std::filesystem::path out = directory / "stdout.txt", err = directory / "stderr.txt";
  command += " >" + shell_quote(out.string()) + " 2>" + shell_quote(err.string()) + " </dev/null";
  int status = std::system(command.c_str());
  ProcessResult result;
  if (WIFEXITED(status)) result.code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) result.code = 128 + WTERMSIG(status);
  result.out = read_file(out);
  result.err = read_file(err);
  return result;
}

}  // namespace symref::testing
