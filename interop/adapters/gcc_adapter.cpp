// How difftest calls the C compiler on the C export and reads the compiled program's answer.
#include "interop/adapters/gcc_adapter.hpp"

#include <chrono>
#include <fstream>
#include <sstream>

#include "interp/report/external_program.hpp"

namespace symref::interop {

namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class GccAdapter final : public ToolAdapter {
 public:
  explicit GccAdapter(const AdapterSettings& settings) : settings_(settings) {}

  // cc -std=c99 -O1 -o program program.c -lgmp
  Preparation prepare(const ExportedProgram& exported) override {
    directory_ = exported.directory;
    binary_ = directory_ / "program";
    auto compiler = report::find_executable("cc");
    if (!compiler) return {Preparation::Status::ToolUnavailable, "cc is not on PATH"};
    std::vector<std::string> arguments{"-std=c99", "-O1", "-w", "-o", binary_.string(), exported.main_file().string()};
    if (exported.options.integers == IntegerModel::Exact) arguments.push_back("-lgmp");
    report::ExternalRun run = report::run_external(*compiler, arguments, "/dev/null", (directory_ / "cc.out").string(),
                                                   (directory_ / "cc.err").string(), settings_.timeout_seconds);
    if (!run.started || run.timed_out) return {Preparation::Status::ToolUnavailable, run.error};
    if (run.exit_code != 0) {
      std::string errors = read_file(directory_ / "cc.err");
      if (errors.size() > 2000) errors.resize(2000);
      return {Preparation::Status::ExportRejected, "the export does not compile: " + errors};
    }
    return {};
  }

  // program --max-steps N --max-depth D input.json
  ToolRunAnswer run(const nlohmann::ordered_json& input, std::uint64_t max_steps) override {
    ToolRunAnswer answer;
    std::filesystem::path input_file = directory_ / ("input-" + std::to_string(++runs_) + ".json");
    std::filesystem::path output_file = directory_ / "run.out";
    { std::ofstream(input_file) << input.dump(2) << "\n"; }
    auto start = std::chrono::steady_clock::now();
    report::ExternalRun run = report::run_external(
        binary_.string(),
        {"--max-steps", std::to_string(max_steps), "--max-depth", std::to_string(settings_.max_depth), input_file.string()},
        "/dev/null", output_file.string(), (directory_ / "run.err").string(), settings_.timeout_seconds);
    answer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!run.started || run.timed_out) {
      answer.inconclusive = run.timed_out ? "the compiled program timed out" : "the compiled program did not start: " + run.error;
      return answer;
    }
    if (run.exit_code != 0) {  // a crash (a NULL dereference in C, say) is an answer, and a wrong one
      std::string errors = read_file(directory_ / "run.err").substr(0, 300);
      answer.result = nlohmann::ordered_json{{"outcome", "crash (" + run.error + ")"},
                                             {"stderr", errors}};
      return answer;
    }
    std::string text = read_file(output_file);
    try {
      nlohmann::ordered_json result = nlohmann::ordered_json::parse(text);
      if (result.value("outcome", "") == "inconclusive") {
        answer.inconclusive = "the compiled program says inconclusive: " + result.value("reason", std::string("(no reason)"));
        return answer;
      }
      answer.result = std::move(result);
    } catch (const nlohmann::json::exception& error) {
      answer.result = nlohmann::ordered_json{{"outcome", "output that is not JSON: " + text.substr(0, 200)}};
    }
    std::error_code ignored;
    std::filesystem::remove(input_file, ignored);
    return answer;
  }

 private:
  AdapterSettings settings_;
  std::filesystem::path directory_;
  std::filesystem::path binary_;
  std::uint64_t runs_ = 0;
};

}  // namespace

std::unique_ptr<ToolAdapter> make_gcc_adapter(const AdapterSettings& settings) { return std::make_unique<GccAdapter>(settings); }

}  // namespace symref::interop
