// The outside tools of `symref difftest --against TOOL`: one adapter per tool, in one small file
// under interop/adapters/, listed once in adapter_table.cpp.  An adapter says how to call its
// tool on an export and how to read the tool's answer; everything else — exploring the program
// at K, exporting, choosing inputs and outcomes, comparing, counting, reporting — is difftest's
// (difftest.hpp), the same for every tool.  A fifth tool is one more adapter and one table line.
//
// Two kinds of tool:
//  - concrete (gcc): the export is built once (prepare), then run on input states; the answer is
//    the JSON of `symref run --json`, or inconclusive (overflow of a fixed-width model, time-out);
//  - verdicts (dafny, frama-c-wp, why3): the export states one proof obligation per outcome ("this
//    outcome does not happen within K"); the answer per outcome is proved, not proved, or failed.
// A tool that is not installed makes every comparison `inconclusive` (reported, never hidden).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "interop/exporter.hpp"
#include "semantics/outcome.hpp"

namespace symref::interop {

enum class AdapterKind : unsigned char { Concrete, Verdicts };

// An export on disk, ready for a tool.
struct ExportedProgram {
  const Program& program;
  std::string program_path;
  std::filesystem::path directory;       // holds exported.files and manifest.json
  const ExportResult& exported;
  const ExportOptions& options;
  const nlohmann::ordered_json& manifest;
  std::filesystem::path main_file() const { return directory / exported.files.front().name; }
};

struct AdapterSettings {
  double timeout_seconds = 60;  // per call of the tool
  std::uint64_t max_steps = 1'000'000;  // concrete runs: symref run's --max-steps, applied on both sides
  std::uint32_t max_depth = 1'000;      // concrete runs: symref run's --max-depth, applied on both sides
};

// A concrete tool's answer on one input.
struct ToolRunAnswer {
  std::optional<nlohmann::ordered_json> result;  // {"outcome", "state", "steps", "branches"} as run --json
  std::string inconclusive;                      // why there is no result to compare (then result is empty)
  double seconds = 0;
};

// A verdict tool's answer on "outcome O does not happen".
enum class ToolProof : unsigned char { Proved, NotProved, Failed };
struct ToolOutcomeAnswer {
  ToolProof proof = ToolProof::Failed;
  std::string detail;  // the tool's words: which goals stayed open, the error, the time-out
  double seconds = 0;
};

// Whether the tool is ready to answer on an export.
struct Preparation {
  enum class Status : unsigned char {
    Ready,
    ToolUnavailable,  // the tool cannot run (missing, crashed, timed out): everything inconclusive
    ExportRejected,   // the tool rejects the export (a compile or type error): a disagreement, the exporter's fault
  };
  Status status = Status::Ready;
  std::string detail;  // why not ready: the tool's own words, shortened
};

class ToolAdapter {
 public:
  virtual ~ToolAdapter() = default;
  // Builds or loads the export once (compile, parse, type-check).
  virtual Preparation prepare(const ExportedProgram& exported) = 0;
  // Concrete tools: run the prepared export on `input` (a state as docs/language.md writes it),
  // stopping after `max_steps` transitions as `symref run --max-steps` does.
  virtual ToolRunAnswer run(const nlohmann::ordered_json& input, std::uint64_t max_steps) {
    return {std::nullopt, "not a concrete tool", 0};
  }
  // Verdict tools: try to prove that `outcome` does not happen within the export's loop bound.
  virtual ToolOutcomeAnswer prove_impossible(Outcome outcome) { return {ToolProof::Failed, "not a verdict tool", 0}; }
  // The same for several outcomes at once (one run of the tool); by default one call each.
  virtual std::vector<ToolOutcomeAnswer> prove_impossible_all(const std::vector<Outcome>& outcomes) {
    std::vector<ToolOutcomeAnswer> answers;
    for (Outcome outcome : outcomes) answers.push_back(prove_impossible(outcome));
    return answers;
  }
};

struct AdapterEntry {
  std::string_view name;        // as typed: `--against NAME`
  std::string_view language;    // the exporter it reads (exporter_table)
  AdapterKind kind;
  std::string_view executable;  // the program that must be on PATH for the tool to run
  std::unique_ptr<ToolAdapter> (*make)(const AdapterSettings& settings);
};

// Every adapter, in the order `--help` lists them.
std::span<const AdapterEntry> adapter_table();
const AdapterEntry* find_adapter(std::string_view name);

}  // namespace symref::interop
