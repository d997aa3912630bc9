// The Frama-C WP adapter of `difftest --against frama-c-wp`: `frama-c -wp -wp-rte -wp-prover z3`
// on the C/ACSL export, with a Why3 configuration of its own.  WP proves a function's ensures
// under the hypothesis that its run-time-error assertions hold (no overflow, valid accesses), so
// "outcome_<name> proved" counts only when every goal of that function and of the division
// helpers sr_div/sr_mod is proved.  WP reads every value as fitting its C type, so its proofs
// cover the inputs that fit in 64 bits: a proof against an outcome that symref reaches only with
// larger inputs is no answer (inconclusive), not a disagreement.
#include <map>
#include <sstream>
#include <regex>

#include "interop/adapters/tool_process.hpp"
#include "interop/tool_adapter.hpp"
#include "interop/verifier_export.hpp"

namespace symref::interop {

namespace {

bool fits_in_64_bits(const nlohmann::ordered_json& value) {
  if (value.is_number_integer() || value.is_number_unsigned()) return true;  // JSON numbers are below 2^53
  if (value.is_string()) {
    std::string digits = value.get<std::string>();
    if (!digits.empty() && digits[0] == '-') digits.erase(0, 1);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return true;  // an object id
    if (digits.size() != 19) return digits.size() < 19;
    return digits <= "9223372036854775807";
  }
  if (value.is_array() || value.is_object()) {
    for (const auto& element : value) if (!fits_in_64_bits(element)) return false;
  }
  return true;
}

class FramaCWpAdapter final : public ToolAdapter {
 public:
  explicit FramaCWpAdapter(const AdapterSettings& settings) : settings_(settings) {}

  Preparation prepare(const ExportedProgram& exported) override {
    directory_ = exported.directory;
    file_ = std::filesystem::absolute(exported.main_file()).string();
    // cvc5 proves the memory-access goals of object programs that Z3 gives up on; elsewhere it
    // would only double the time of every goal that stays open.
    with_cvc5_ = !exported.program.classes.empty();
    // Which outcomes symref reaches only with a value beyond 64 bits in every test.
    if (exported.manifest.contains("leaves")) {
      for (const auto& leaf : exported.manifest["leaves"]) {
        if (!leaf.contains("outcome") || !leaf.contains("test") || leaf["test"].is_null()) continue;
        const std::string outcome = leaf["outcome"].get<std::string>();
        bool& fits = test_fits_[outcome];
        fits = fits || fits_in_64_bits(leaf["test"]);
      }
    }
    if (std::string failed = write_why3_config(directory_, settings_.timeout_seconds + 30); !failed.empty())
      return {Preparation::Status::ToolUnavailable, failed};
    // Frama-C parses and type-checks the C and its ACSL: an export it rejects is the exporter's fault.
    ToolProcess check = run_tool(directory_, "frama-c", {file_}, settings_.timeout_seconds + 60);
    if (!check.finished) return {Preparation::Status::ToolUnavailable, check.error};
    if (check.exit_code != 0) return {Preparation::Status::ExportRejected, "frama-c: " + lines_containing(check.output, "rror")};
    return {};
  }

  ToolOutcomeAnswer prove_impossible(Outcome outcome) override { return prove_impossible_all({outcome}).front(); }

  std::vector<ToolOutcomeAnswer> prove_impossible_all(const std::vector<Outcome>& outcomes) override {
    const long limit = std::max(1L, static_cast<long>(settings_.timeout_seconds));
    std::string functions = "sr_div,sr_mod";
    for (Outcome outcome : outcomes) functions += "," + acsl_outcome_function(outcome);
    ToolProcess wp = run_tool(directory_, "frama-c",
                              {"-wp", "-wp-rte", "-wp-prover", provers_option(), "-wp-timeout", std::to_string(limit), "-wp-par",
                               "1", "-wp-fct", functions, file_},
                              // each open goal may use the time limit once per prover
                              settings_.timeout_seconds * static_cast<double>(outcomes.size() + 2) * (provers_option() == "z3" ? 1 : 2) + 120,
                              why3_config_path(directory_));
    const std::map<std::string, std::string> goals = goal_statuses(wp.output);
    std::vector<ToolOutcomeAnswer> answers;
    for (Outcome outcome : outcomes) {
      ToolOutcomeAnswer answer;
      answer.seconds = wp.seconds / static_cast<double>(outcomes.size());
      const std::string function = acsl_outcome_function(outcome);
      std::vector<std::string> open, timed_out;
      std::size_t counted = 0;
      for (const auto& [goal, status] : goals) {
        const bool ours = goal.rfind("typed_" + function + "_", 0) == 0 || goal.rfind("typed_sr_div_", 0) == 0 ||
                          goal.rfind("typed_sr_mod_", 0) == 0;
        if (!ours) continue;
        ++counted;
        if (status == "Valid" || status == "trivial") continue;
        (status == "Timeout" ? timed_out : open).push_back(goal.substr(6) + " " + status);
      }
      const bool ensures_seen = goals.count("typed_" + function + "_ensures") > 0;
      if (!wp.finished || !ensures_seen) {
        answer.proof = ToolProof::Failed;
        answer.detail = "frama-c wp gave no verdict on " + function + ": " +
                        (wp.error.empty() ? lines_containing(wp.output, "rror") : wp.error);
      } else if (!open.empty()) {
        answer.proof = ToolProof::NotProved;
        answer.detail = "frama-c wp (" + provers() + "): " + join(open) + (timed_out.empty() ? "" : "; " + join(timed_out));
      } else if (!timed_out.empty()) {
        answer.proof = ToolProof::Failed;
        answer.detail = "frama-c wp (" + provers() + "): " + join(timed_out);
      } else if (auto fits = test_fits_.find(std::string(outcome_name(outcome)));
                 fits != test_fits_.end() && !fits->second) {
        answer.proof = ToolProof::Failed;
        answer.detail = "frama-c wp proved " + function + " for 64-bit inputs, but symref's every test of " +
                        std::string(outcome_name(outcome)) + " holds a value beyond 64 bits";
      } else {
        answer.proof = ToolProof::Proved;
        answer.detail = "frama-c wp (" + provers() + "): all " + std::to_string(counted) + " goals of " + function +
                        ", sr_div and sr_mod proved (overflow and run-time errors included)";
      }
      answers.push_back(std::move(answer));
    }
    return answers;
  }

 private:
  // Goal name -> "Valid", "trivial", "Timeout", "Unknown", "Failed", ... from WP's lines
  //   [wp] [Z3 4.8.12] Goal typed_outcome_normal_ensures : Valid (20ms)
  //   [wp] Goal typed_outcome_normal_call_sr_div_requires : trivial
  //   [wp] [Failed] Goal typed_outcome_normal_ensures      (several provers; one line each below)
  //     Z3 4.8.12: Timeout (Qed:8ms) (5s)
  static std::map<std::string, std::string> goal_statuses(const std::string& output) {
    static const std::regex goal_line(R"(^\[wp\] (?:\[([^\]]*)\] )?Goal (typed_[A-Za-z0-9_]+)(?: : ([A-Za-z]+))?)");
    static const std::regex prover_line(R"(^  [^:]+: ([A-Za-z]+))");
    std::map<std::string, std::string> goals;
    std::istringstream in(output);
    std::string line, pending;  // a goal whose provers' lines follow
    bool all_timed_out = false;
    while (std::getline(in, line)) {
      std::smatch match;
      if (!pending.empty() && std::regex_search(line, match, prover_line)) {
        all_timed_out = all_timed_out && match[1].str() == "Timeout";
        goals[pending] = all_timed_out ? "Timeout" : "Failed";
        continue;
      }
      pending.clear();
      if (!std::regex_search(line, match, goal_line)) continue;
      if (match[3].matched) {
        goals[match[2].str()] = match[3].str();
      } else {
        pending = match[2].str();
        goals[pending] = match[1].matched ? match[1].str() : "Failed";
        all_timed_out = true;
      }
    }
    return goals;
  }

  std::string provers_option() const { return with_cvc5_ && cvc5_configured() ? "z3,cvc5" : "z3"; }
  std::string provers() const { return provers_option() == "z3" ? "z3" : "z3, cvc5"; }

  static std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < 4; ++i) out += (i == 0 ? "" : ", ") + items[i];
    if (items.size() > 4) out += ", … (" + std::to_string(items.size()) + " goals)";
    return out;
  }

  AdapterSettings settings_;
  std::filesystem::path directory_;
  std::string file_;
  std::map<std::string, bool> test_fits_;
  bool with_cvc5_ = false;
};

}  // namespace

std::unique_ptr<ToolAdapter> make_frama_c_wp_adapter(const AdapterSettings& settings) {
  return std::make_unique<FramaCWpAdapter>(settings);
}

}  // namespace symref::interop
