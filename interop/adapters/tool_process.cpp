// Running a verifier on an export, and the Why3 configuration it reads (tool_process.hpp).
#include "interop/adapters/tool_process.hpp"

#include <chrono>
#include <fstream>
#include <sstream>

#include "interp/report/external_program.hpp"

namespace symref::interop {

namespace {

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

ToolProcess run_tool(const std::filesystem::path& directory, const std::string& program,
                     const std::vector<std::string>& arguments, double timeout_seconds,
                     const std::filesystem::path& why3_config) {
  ToolProcess process;
  // `env` sets WHY3CONFIG and the working directory for the tool alone: symref's own process
  // environment stays as it is.
  // PWD too: Frama-C resolves relative paths against it.
  const std::string absolute = std::filesystem::absolute(directory).string();
  std::vector<std::string> command{"-C", absolute, "PWD=" + absolute};
  if (!why3_config.empty()) command.push_back("WHY3CONFIG=" + why3_config.string());
  command.push_back(program);
  command.insert(command.end(), arguments.begin(), arguments.end());
  const std::filesystem::path out = directory / ("." + program + ".out"), err = directory / ("." + program + ".err");
  const auto start = std::chrono::steady_clock::now();
  report::ExternalRun run = report::run_external("/usr/bin/env", command, "/dev/null", out.string(), err.string(),
                                                 timeout_seconds);
  process.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  process.finished = run.started && !run.timed_out && run.exit_code >= 0;
  process.timed_out = run.timed_out;
  process.exit_code = run.exit_code;
  process.output = read_all(out) + read_all(err);
  if (!process.finished) process.error = run.error.empty() ? program + " did not finish" : run.error;
  return process;
}

std::filesystem::path why3_config_path(const std::filesystem::path& directory) { return directory / "why3.conf"; }

bool cvc5_configured() { return report::find_executable("cvc5").has_value(); }

std::string write_why3_config(const std::filesystem::path& directory, double timeout_seconds) {
  std::error_code ignored;
  std::filesystem::remove(why3_config_path(directory), ignored);  // detect extends an existing file
  ToolProcess detect = run_tool(directory, "why3", {"config", "detect"}, timeout_seconds, why3_config_path(directory));
  if (!detect.finished || detect.exit_code != 0)
    return "why3 config detect failed: " + (detect.error.empty() ? detect.output.substr(0, 300) : detect.error);
  if (detect.output.find("Found prover Z3") == std::string::npos)
    return "why3 config detect found no Z3 prover: " + lines_containing(detect.output, "prover");
  // Why3 1.5.1 does not know cvc5; it speaks the SMT-LIB of CVC4 1.6, whose driver it has.
  if (report::find_executable("cvc5")) {
    std::ofstream config(why3_config_path(directory), std::ios::app);
    config << "\n[prover]\nalternative = \"\"\ncommand = \"cvc5 --tlimit-per=%t000 --lang=smt2 %f\"\n"
           << "driver = \"cvc4_16\"\neditor = \"\"\nin_place = false\ninteractive = false\nname = \"CVC5\"\n"
           << "shortcut = \"cvc5\"\nversion = \"1.0\"\n";
  }
  return {};
}

std::string lines_containing(const std::string& text, const std::string& needle, std::size_t limit) {
  std::istringstream in(text);
  std::string line, joined;
  while (std::getline(in, line)) {
    if (line.find(needle) == std::string::npos) continue;
    if (!joined.empty()) joined += "; ";
    joined += line;
    if (joined.size() > limit) return joined.substr(0, limit) + "…";
  }
  return joined;
}

}  // namespace symref::interop
