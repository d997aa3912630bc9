// The Why3 adapter of `difftest --against why3`: `why3 prove -P z3` on the export's goals
// outcome_<name>'vc, with a Why3 configuration of its own (why3 config detect).  `Valid` is
// proved, `Timeout` inconclusive, every other answer (Unknown, Invalid, HighFailure) not proved.
#include <regex>

#include "interop/adapters/tool_process.hpp"
#include "interop/tool_adapter.hpp"
#include "interop/verifier_export.hpp"

namespace symref::interop {

namespace {

class Why3Adapter final : public ToolAdapter {
 public:
  explicit Why3Adapter(const AdapterSettings& settings) : settings_(settings) {}

  // Writes the Why3 configuration, then type-checks the export: one Why3 rejects is the exporter's fault.
  Preparation prepare(const ExportedProgram& exported) override {
    directory_ = exported.directory;
    file_ = std::filesystem::absolute(exported.main_file()).string();
    if (std::string failed = write_why3_config(directory_, settings_.timeout_seconds + 30); !failed.empty())
      return {Preparation::Status::ToolUnavailable, failed};
    ToolProcess check = run_tool(directory_, "why3", {"prove", "--type-only", file_}, settings_.timeout_seconds + 30,
                                 why3_config_path(directory_));
    if (!check.finished) return {Preparation::Status::ToolUnavailable, check.error};
    if (check.exit_code != 0) return {Preparation::Status::ExportRejected, "why3: " + check.output.substr(0, 400)};
    return {};
  }

  ToolOutcomeAnswer prove_impossible(Outcome outcome) override { return prove_impossible_all({outcome}).front(); }

  std::vector<ToolOutcomeAnswer> prove_impossible_all(const std::vector<Outcome>& outcomes) override {
    const long limit = std::max(1L, static_cast<long>(settings_.timeout_seconds));
    std::vector<std::string> arguments{"prove", "-P", "z3", "-t", std::to_string(limit), file_, "-T", "Program"};
    for (Outcome outcome : outcomes) {
      arguments.push_back("-G");
      arguments.push_back(whyml_outcome_function(outcome) + "'vc");
    }
    ToolProcess why3 = run_tool(directory_, "why3", arguments,
                                settings_.timeout_seconds * static_cast<double>(outcomes.size() + 1) + 60,
                                why3_config_path(directory_));
    std::vector<ToolOutcomeAnswer> answers;
    for (Outcome outcome : outcomes) {
      ToolOutcomeAnswer answer;
      answer.seconds = why3.seconds / static_cast<double>(outcomes.size());
      const std::string goal = whyml_outcome_function(outcome) + "'vc";
      const std::string result = goal_result(why3.output, goal);
      if (result.rfind("Valid", 0) == 0) {
        answer.proof = ToolProof::Proved;
        answer.detail = "why3 (z3): " + goal + " valid";
      } else if (result.empty()) {
        answer.proof = ToolProof::Failed;
        answer.detail = "why3 gave no result for " + goal + ": " +
                        (why3.error.empty() ? why3.output.substr(0, 300) : why3.error);
      } else if (result.rfind("Timeout", 0) == 0) {
        answer.proof = ToolProof::Failed;
        answer.detail = "why3 (z3): " + goal + " " + result;
      } else {
        answer.proof = ToolProof::NotProved;
        answer.detail = "why3 (z3): " + goal + " " + result;
      }
      answers.push_back(std::move(answer));
    }
    return answers;
  }

 private:
  // "Valid (0.02s, 827 steps)", "Timeout (10.00s)", "High failure (0.31s)", ... after "Goal GOAL.".
  static std::string goal_result(const std::string& output, const std::string& goal) {
    const std::size_t at = output.find("Goal " + goal + ".");
    if (at == std::string::npos) return {};
    static const std::regex result(R"(Prover result is: ([^\n]*[^\n.,]))");
    std::smatch match;
    std::string rest = output.substr(at);
    rest = rest.substr(0, rest.find("\nFile ", 1));
    if (!std::regex_search(rest, match, result)) return {};
    return match[1].str();
  }

  AdapterSettings settings_;
  std::filesystem::path directory_;
  std::string file_;
};

}  // namespace

std::unique_ptr<ToolAdapter> make_why3_adapter(const AdapterSettings& settings) {
  return std::make_unique<Why3Adapter>(settings);
}

}  // namespace symref::interop
