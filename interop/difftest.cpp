// `symref difftest FILE --against TOOL`: export, let the tool's adapter answer, compare with symref.
#include "interop/difftest.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>

#include "interop/random_inputs.hpp"
#include "interp/state_json/state_format.hpp"
#include "interp/report/external_program.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::interop {

namespace {

// A directory that exists for one difftest: the kept one, or a fresh temporary one removed at the end.
class WorkDirectory {
 public:
  explicit WorkDirectory(const std::filesystem::path& keep) {
    if (!keep.empty()) {
      path_ = keep;
      return;
    }
    std::string pattern = (std::filesystem::temp_directory_path() / "symref-difftest-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw InputError("symref: error: cannot create a temporary directory\n");
    path_ = pattern;
    temporary_ = true;
  }
  ~WorkDirectory() {
    std::error_code ignored;
    if (temporary_) std::filesystem::remove_all(path_, ignored);
  }
  WorkDirectory(const WorkDirectory&) = delete;
  WorkDirectory& operator=(const WorkDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  bool temporary_ = false;
};

std::string short_run(const nlohmann::ordered_json& run) {
  std::string branches = run.value("branches", "");
  if (branches.size() > 40) branches = branches.substr(0, 40) + "…";
  return run.value("outcome", "?") + " [" + branches + "]";
}

// Where two `run --json` answers first differ: outcome, branch string, final state, the count of
// branch letters beyond those kept, steps.
std::string first_difference(const nlohmann::ordered_json& expected, const nlohmann::ordered_json& actual) {
  if (expected.value("outcome", "") != actual.value("outcome", ""))
    return "outcome " + expected.value("outcome", "") + " vs " + actual.value("outcome", "");
  const std::string a = expected.value("branches", ""), b = actual.value("branches", "");
  if (a != b) {
    std::size_t at = 0;
    while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
    auto around = [at](const std::string& s) { return s.substr(at, 12) + (s.size() > at + 12 ? "…" : ""); };
    return "branch strings differ at letter " + std::to_string(at + 1) + ": '" + around(a) + "' vs '" + around(b) + "'";
  }
  const auto& sa = expected["state"];
  const auto& sb = actual.contains("state") ? actual["state"] : nlohmann::ordered_json();
  if (sa != sb) {
    if (sb.is_object() && sa.contains("globals") && sb.contains("globals"))
      for (const auto& [name, value] : sa["globals"].items())
        if (!sb["globals"].contains(name) || sb["globals"][name] != value)
          return "final state: global " + name + " = " + value.dump() + " vs " +
                 (sb["globals"].contains(name) ? sb["globals"][name].dump() : std::string("missing"));
    return "final state: " + sa.dump() + " vs " + sb.dump();
  }
  if (expected.value("branch_count", 0ull) != actual.value("branch_count", 0ull))
    return "branch counts " + std::to_string(expected.value("branch_count", 0ull)) + " vs " +
           std::to_string(actual.value("branch_count", 0ull)) + " (beyond the letters kept)";
  if (expected.value("steps", 0ull) != actual.value("steps", 0ull))
    return "steps " + std::to_string(expected.value("steps", 0ull)) + " vs " + std::to_string(actual.value("steps", 0ull));
  return {};
}

constexpr const char* concrete_right =
    "symref: `symref run` is the reference semantics of docs/language.md; the export or the tool deviates from it";

// How one input's runs are limited: the step limit of both sides, and whether symref's run
// stopping at a limit makes the item inconclusive (random inputs, whose runs may go on for long
// or make huge integers) or is compared like any end (the leaves' tests, which end near K).
struct RunBudget {
  std::uint64_t max_steps;
  bool limit_inconclusive;
};

void compare_run(DifftestReport& report, const Program& program, ToolAdapter& adapter, const AdapterSettings& settings,
                 const std::string& label, const nlohmann::ordered_json& input, RunBudget budget) {
  ComparedItem item{"run", label};
  item.input = input;
  std::string limit_hit;
  nlohmann::ordered_json expected = reference_run(program, input, budget.max_steps, settings.max_depth, &limit_hit);
  item.symref = short_run(expected);
  // The C export has no limit on the size of an integer: a run symref stops there would grow in
  // the tool until its time-out, so it is not compared, whichever input it is.
  const bool integer_limit = limit_hit.rfind("integer of more than", 0) == 0;
  if (!limit_hit.empty() && (budget.limit_inconclusive || integer_limit)) {
    item.agreement = Agreement::Inconclusive;
    item.tool = "not run";
    item.detail = "symref's run stopped at a limit (" + limit_hit + "): nothing to compare";
    report.add(std::move(item));
    return;
  }
  ToolRunAnswer answer = adapter.run(input, budget.max_steps);
  if (!answer.result) {
    item.agreement = Agreement::Inconclusive;
    item.tool = "no answer";
    item.detail = answer.inconclusive;
  } else {
    item.tool = short_run(*answer.result);
    item.detail = first_difference(expected, *answer.result);
    if (!item.detail.empty()) {
      item.agreement = Agreement::Disagree;
      item.right = concrete_right;
    }
  }
  report.add(std::move(item));
}

void compare_concrete(DifftestReport& report, const ExportedProgram& exported, const ReferenceExploration& exploration,
                      ToolAdapter& adapter, const DifftestOptions& options) {
  const auto& paths = exploration.result().paths;
  const RunBudget leaf_budget{options.settings.max_steps, false};
  for (std::size_t k = 0; k < paths.size(); ++k) {
    if (!paths[k].test) continue;
    compare_run(report, exported.program, adapter, options.settings,
                "leaf " + std::to_string(k + 1) + " (" + (paths[k].branches.empty() ? "ε" : paths[k].branches) + ")",
                write_state(exported.program, *paths[k].test), leaf_budget);
  }
  const RunBudget random_budget{std::min(options.settings.max_steps, options.random_max_steps), true};
  RandomInputs random(exported.program, options.seed, random_budget.max_steps);
  for (std::uint64_t k = 0; k < options.random_inputs; ++k)
    compare_run(report, exported.program, adapter, options.settings, "random " + std::to_string(k + 1), random.next(),
                random_budget);
}

// The outcomes a verdict tool is asked about: every outcome of LANGUAGE.md's list, `blocked`
// (an assume failed) and the cut at K included.
constexpr Outcome asked_outcomes[] = {Outcome::Normal,           Outcome::NilDereference, Outcome::OutOfBounds,
                                      Outcome::AssertionFailure, Outcome::Blocked,        Outcome::Bound};

// Verdicts: the tool is asked, in one run, about every outcome symref finds unreachable or
// cannot decide at K, and about the first `reachable_samples` reachable ones (a verifier cannot
// refute a reachable outcome, so asking about each mostly buys time-outs).  Unreachable and
// proved: agree; unreachable and not proved: incomplete; reachable and proved impossible:
// disagree — a feasible leaf's test reaches it when replayed concretely; a time-out, a failure
// or symref's own unknown: inconclusive.
void compare_verdicts(DifftestReport& report, const ExportedProgram& exported, const ReferenceExploration& exploration,
                      ToolAdapter& adapter, const DifftestOptions& options) {
  std::vector<Outcome> asked;
  std::uint32_t reachable_asked = 0;
  for (Outcome outcome : asked_outcomes) {
    const OutcomeVerdict verdict = exploration.outcome_verdicts().at(outcome);
    if (verdict == OutcomeVerdict::Reachable && reachable_asked >= options.reachable_samples) continue;
    if (verdict == OutcomeVerdict::Reachable) ++reachable_asked;
    asked.push_back(outcome);
  }
  const std::vector<ToolOutcomeAnswer> answers = adapter.prove_impossible_all(asked);
  for (std::size_t k = 0; k < asked.size(); ++k) {
    const Outcome outcome = asked[k];
    const ToolOutcomeAnswer& answer = answers.at(k);
    const OutcomeVerdict verdict = exploration.outcome_verdicts().at(outcome);
    ComparedItem item{"outcome", std::string(outcome_name(outcome))};
    item.symref = std::string(outcome_verdict_name(verdict));
    item.tool = answer.proof == ToolProof::Proved      ? "proved impossible"
                : answer.proof == ToolProof::NotProved ? "not proved impossible"
                                                       : "no answer";
    item.detail = answer.detail;
    if (answer.proof == ToolProof::Failed || verdict == OutcomeVerdict::Unknown) {
      item.agreement = Agreement::Inconclusive;
    } else if (verdict == OutcomeVerdict::Unreachable) {
      item.agreement = answer.proof == ToolProof::Proved ? Agreement::Agree : Agreement::Incomplete;
    } else if (answer.proof == ToolProof::Proved) {
      item.agreement = Agreement::Disagree;
      for (const ExploredPath& path : exploration.result().paths)
        if (path.status == solver::SatResult::Sat && path.outcome == outcome && path.test) {
          item.input = write_state(exported.program, *path.test);
          const bool replayed = path.replay && path.replay->agrees;
          item.right = replayed ? "symref: this input, run concretely by `symref run`, ends in " + item.label +
                                      " (LANGUAGE.md); the export or the tool is wrong"
                                : "undecided: symref's test for " + item.label + " did not replay to it";
          break;
        }
    }
    report.add(std::move(item));
  }
}

// Lets the adapter build the export; when it cannot, one item says why: inconclusive when the
// tool cannot run, a disagreement when it rejects the export (the exporter's fault).
bool prepared(DifftestReport& report, const AdapterEntry& entry, ToolAdapter& adapter, const ExportedProgram& exported) {
  Preparation preparation;
  if (!report::find_executable(std::string(entry.executable)))
    preparation = {Preparation::Status::ToolUnavailable, std::string(entry.executable) + " is not on PATH"};
  else
    preparation = adapter.prepare(exported);
  if (preparation.status == Preparation::Status::Ready) return true;
  ComparedItem item{"export", std::string(entry.language)};
  item.symref = "a valid program";
  if (preparation.status == Preparation::Status::ToolUnavailable) {
    report.notes.push_back(std::string(entry.name) + " cannot answer: " + preparation.detail);
    item.agreement = Agreement::Inconclusive;
    item.tool = "no answer";
  } else {
    item.agreement = Agreement::Disagree;
    item.tool = "rejected";
    item.right = "symref: the program is valid (it passed symref check); the exporter wrote something " +
                 std::string(entry.name) + " does not accept";
  }
  item.detail = preparation.detail;
  report.add(std::move(item));
  return false;
}

}  // namespace

WrittenExport write_export(const Program& program, const std::string& program_path, const std::string& language,
                           const ExportOptions& options, const std::filesystem::path& directory,
                           const ReferenceExploration& exploration) {
  const ExporterEntry* exporter = find_exporter(language);
  if (exporter == nullptr) throw InputError("symref: error: no exporter for '" + language + "'\n");
  WrittenExport written;
  written.exported = exporter->export_program(program, options);
  written.manifest = manifest_to_json({program, program_path, language, options, written.exported}, exploration);
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error || !std::filesystem::is_directory(directory))
    throw InputError(directory.string() + ": error: cannot create the directory\n");
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream out(directory / name, std::ios::binary);
    out << text;
    if (!out) throw InputError((directory / name).string() + ": error: cannot write the file\n");
  };
  for (const ExportedFile& file : written.exported.files) write(file.name, file.text);
  write("manifest.json", written.manifest.dump(2) + "\n");
  return written;
}

DifftestReport difftest_program(const Program& program, const std::string& program_path, const DifftestOptions& options) {
  auto start = std::chrono::steady_clock::now();
  const AdapterEntry* entry = find_adapter(options.against);
  if (entry == nullptr) throw InputError("symref difftest: error: no adapter for '" + options.against + "'\n");
  DifftestReport report;
  report.program = program_path;
  report.against = options.against;
  report.loop_bound = options.export_options.loop_bound;
  report.integers = std::string(integer_model_name(export_integer_model(entry->language, options.export_options)));

  ReferenceExploration exploration(program, options.export_options.loop_bound);
  WorkDirectory directory(options.keep_directory);
  WrittenExport written;
  try {
    written = write_export(program, program_path, std::string(entry->language), options.export_options, directory.path(),
                           exploration);
  } catch (const InputError& error) {
    if (!options.unexpressible_inconclusive) throw;
    std::string message = error.what();
    message = message.substr(0, message.find('\n'));
    report.add({"export", std::string(entry->language), Agreement::Inconclusive, "a valid program", "not asked",
                "the exporter cannot express this program: " + message});
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
  }
  if (!options.keep_directory.empty()) report.notes.push_back("export written to " + options.keep_directory.string());
  ExportedProgram exported{program, program_path, directory.path(), written.exported, options.export_options, written.manifest};

  std::unique_ptr<ToolAdapter> adapter = entry->make(options.settings);
  if (prepared(report, *entry, *adapter, exported)) {
    if (entry->kind == AdapterKind::Concrete)
      compare_concrete(report, exported, exploration, *adapter, options);
    else
      compare_verdicts(report, exported, exploration, *adapter, options);
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

DifftestReport difftest_runs(const Program& program, const std::string& program_path,
                             const std::vector<nlohmann::ordered_json>& inputs, const DifftestOptions& options) {
  auto start = std::chrono::steady_clock::now();
  const AdapterEntry* entry = find_adapter(options.against);
  if (entry == nullptr || entry->kind != AdapterKind::Concrete)
    throw InputError("symref difftest: error: '" + options.against + "' is not a concrete tool\n");
  DifftestReport report;
  report.program = program_path;
  report.against = options.against;
  report.loop_bound = options.export_options.loop_bound;
  report.integers = std::string(integer_model_name(export_integer_model(entry->language, options.export_options)));
  WorkDirectory directory(options.keep_directory);
  ExportResult exported = find_exporter(entry->language)->export_program(program, options.export_options);
  for (const ExportedFile& file : exported.files) std::ofstream(directory.path() / file.name, std::ios::binary) << file.text;
  const nlohmann::ordered_json no_manifest;
  ExportedProgram on_disk{program, program_path, directory.path(), exported, options.export_options, no_manifest};
  std::unique_ptr<ToolAdapter> adapter = entry->make(options.settings);
  if (prepared(report, *entry, *adapter, on_disk)) {
    for (std::size_t k = 0; k < inputs.size(); ++k)
      compare_run(report, program, *adapter, options.settings, "input " + std::to_string(k + 1), inputs[k],
                  RunBudget{options.settings.max_steps, false});
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace symref::interop
