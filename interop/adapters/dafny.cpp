// The Dafny adapter of `difftest --against dafny`: `dafny /compile:0 /trace` on the export, one
// Boogie procedure per outcome (Impl$$_module.__default.Outcome<Name>).  Dafny 2.3.0 prints no
// error for some methods it did not verify, so only a method that /trace reports as `verified`
// counts as proved; `timed out` is inconclusive, every other word is not proved.
#include <regex>

#include "interop/adapters/tool_process.hpp"
#include "interop/tool_adapter.hpp"
#include "interop/verifier_export.hpp"

namespace symref::interop {

namespace {

class DafnyAdapter final : public ToolAdapter {
 public:
  explicit DafnyAdapter(const AdapterSettings& settings) : settings_(settings) {}

  // Parses and type-checks the export (`/noVerify`): an export Dafny rejects is the exporter's fault.
  Preparation prepare(const ExportedProgram& exported) override {
    directory_ = exported.directory;
    file_ = std::filesystem::absolute(exported.main_file()).string();
    ToolProcess check = run_tool(directory_, "dafny", {"/compile:0", "/noVerify", file_}, settings_.timeout_seconds + 60);
    if (!check.finished) return {Preparation::Status::ToolUnavailable, check.error};
    if (check.exit_code != 0 || check.output.find("Dafny program verifier finished") == std::string::npos)
      return {Preparation::Status::ExportRejected, "dafny: " + lines_containing(check.output, "rror")};
    return {};
  }

  ToolOutcomeAnswer prove_impossible(Outcome outcome) override { return prove_impossible_all({outcome}).front(); }

  std::vector<ToolOutcomeAnswer> prove_impossible_all(const std::vector<Outcome>& outcomes) override {
    const long limit = std::max(1L, static_cast<long>(settings_.timeout_seconds));
    std::vector<std::string> arguments{"/compile:0", "/trace", "/timeLimit:" + std::to_string(limit)};
    for (Outcome outcome : outcomes) arguments.push_back("/proc:" + procedure(outcome));
    arguments.push_back(file_);
    ToolProcess dafny = run_tool(directory_, "dafny", arguments,
                                 settings_.timeout_seconds * static_cast<double>(outcomes.size() + 1) + 60);
    std::vector<ToolOutcomeAnswer> answers;
    for (Outcome outcome : outcomes) {
      ToolOutcomeAnswer answer;
      answer.seconds = dafny.seconds / static_cast<double>(outcomes.size());
      const std::string status = method_status(dafny.output, procedure(outcome));
      if (status == "verified") {
        answer.proof = ToolProof::Proved;
        answer.detail = "dafny: " + dafny_outcome_method(outcome) + " verified";
      } else if (status.empty()) {
        answer.proof = ToolProof::Failed;
        answer.detail = "dafny gave no verdict on " + dafny_outcome_method(outcome) + ": " +
                        (dafny.error.empty() ? lines_containing(dafny.output, "rror") : dafny.error);
      } else if (status.find("timed out") != std::string::npos) {
        answer.proof = ToolProof::Failed;
        answer.detail = "dafny: " + dafny_outcome_method(outcome) + " timed out (" + std::to_string(limit) + " s)";
      } else {
        answer.proof = ToolProof::NotProved;
        answer.detail = "dafny: " + dafny_outcome_method(outcome) + " " + status;
      }
      answers.push_back(std::move(answer));
    }
    return answers;
  }

 private:
  static std::string procedure(Outcome outcome) { return "Impl$$_module.__default." + dafny_outcome_method(outcome); }

  // The word /trace prints after "Verifying PROCEDURE ...": "verified", "error", "timed out", ...
  static std::string method_status(const std::string& output, const std::string& procedure) {
    const std::string heading = "Verifying " + procedure + " ...";
    const std::size_t at = output.find(heading);
    if (at == std::string::npos) return {};
    static const std::regex verdict(R"(\n\s*\[[^\]]*\]\s+([a-z][a-z ]*[a-z]))");
    std::smatch match;
    std::string rest = output.substr(at + heading.size());
    rest = rest.substr(0, rest.find("\nVerifying "));
    if (!std::regex_search(rest, match, verdict)) return {};
    return match[1].str();
  }

  AdapterSettings settings_;
  std::filesystem::path directory_;
  std::string file_;
};

}  // namespace

std::unique_ptr<ToolAdapter> make_dafny_adapter(const AdapterSettings& settings) {
  return std::make_unique<DafnyAdapter>(settings);
}

}  // namespace symref::interop
