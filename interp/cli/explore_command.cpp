// `symref explore FILE`: the symbolic execution tree, every leaf with its outcome, path condition,
// feasibility, final symbolic state, and a test input replayed through the concrete system.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/cli/exploration_flags.hpp"
#include "interp/cli/explore_extension.hpp"
#include "interp/cli/progress_meter.hpp"
#include "interp/explore/exploration_report.hpp"
#include "interp/explore/explorer.hpp"
#include "interp/property_failure.hpp"
#include "interp/solver/solver.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::cli {

namespace {

struct ExploreCommandOptions {
  std::string file;
  ExplorationFlags exploration;
  std::string format = "text";
  std::string order;  // empty: dfs for forward and trace, the engine's own default for an extension
  std::optional<std::uint64_t> seed;
  std::string tests_directory;
  std::string smt_directory;
  bool no_incremental = false;
  bool no_independence = false;
  bool no_counterexample_cache = false;
  bool no_model_reuse = false;
  bool no_implied_conditions = false;
  bool no_agreement = false;
  bool no_quantifier_expansion = false;
  std::string fault;
  int progress = 0;  // --progress / --no-progress
  bool no_timings = false;
};

}  // namespace

void create_tests_directory(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error || !std::filesystem::is_directory(directory))
    throw InputError(directory + ": error: cannot create the directory" + (error ? " (" + error.message() + ")" : "") + "\n");
}

void write_test(const std::string& directory, const Program& program, const ExploredPath& path, std::uint64_t number) {
  if (!path.test) return;
  std::string name = "path-" + std::to_string(number + 1) + (path.branches.empty() ? "" : "-" + path.branches.substr(0, 64)) + ".json";
  std::ofstream out(std::filesystem::path(directory) / name);
  if (!out) throw InputError(directory + ": error: cannot write " + name + "\n");
  out << write_state(program, *path.test).dump(2) << "\n";
}

void write_tests(const std::string& directory, const Program& program, const ExplorationResult& result) {
  for (std::size_t k = 0; k < result.paths.size(); ++k) write_test(directory, program, result.paths[k], k);
}

namespace {

int explore(const ExploreCommandOptions& options) {
  activate_fault(options.fault);
  auto program = load_program(options.file);
  if (!options.tests_directory.empty()) create_tests_directory(options.tests_directory);
  terms::TermManager terms(program.get());
  terms.set_max_int_bits(options.exploration.max_int_bits);
  ExploreOptions explore_options = explore_options_from(options.exploration);
  explore_options.check_agreement = !options.no_agreement;
  explore_options.order = options.order == "bfs" ? SearchOrder::BreadthFirst : SearchOrder::DepthFirst;
  explore_options.incremental = !options.no_incremental;
  explore_options.solving.independence = !options.no_independence;
  explore_options.solving.counterexample_cache = !options.no_counterexample_cache;
  explore_options.solving.model_reuse = !options.no_model_reuse;
  explore_options.solving.implied_conditions = !options.no_implied_conditions;
  explore_options.solving.expand_bounded_quantifiers = !options.no_quantifier_expansion;
  explore_options.solving.smt_directory = options.smt_directory;

  ReportContext context{*program, terms, options.file, options.exploration.engine, options.exploration.solver};
  context.heap = options.exploration.heap;
  context.timings = !options.no_timings;
  // Every leaf is handled the moment it is decided: its JSON line (jsonl), its test file, its
  // disagreements and the progress line; with jsonl the explorer then keeps no finished path.
  const bool streaming = options.format == "jsonl";
  explore_options.keep_tree = !streaming;
  std::string replay_disagreements, agreement_disagreements;
  ProgressMeter progress(progress_stream(options.progress), "explore");
  explore_options.on_leaf = [&](const ExploredPath& path, std::uint64_t number) {
    // The test file first: a reader that sees a leaf's line finds its test.
    if (!options.tests_directory.empty()) write_test(options.tests_directory, *program, path, number);
    if (streaming) std::cout << path_to_json(context, path).dump() << "\n" << std::flush;
    replay_disagreements += describe_replay_disagreement(*program, path, number);
    agreement_disagreements += describe_agreement_refuted(*program, path, number);
    progress.leaf(path.status == solver::SatResult::Sat, path.branches.size());
  };
  Explorer explorer(*program, terms, explore_options);
  context.heap_model = explorer.heap_model();
  ExplorationResult result = explorer.explore();
  progress.finish();

  if (streaming)
    std::cout << nlohmann::ordered_json{{"stats", statistics_to_json(context, result.statistics)}}.dump() << "\n";
  else if (options.format == "json")
    std::cout << exploration_to_json(context, result).dump(2) << "\n";
  else if (options.format == "dot")
    std::cout << exploration_to_dot(context, result);
  else
    std::cout << exploration_to_text(context, result);

  std::string disagreements = replay_disagreements + agreement_disagreements;
  if (!disagreements.empty()) throw PropertyFailure("the engines disagree with the concrete system or with each other" + disagreements);
  return exit_done;
}

}  // namespace

void add_explore_command(CLI::App& app, Action& action) { add_explore_command(app, action, {}, {}); }

void add_explore_command(CLI::App& app, Action& action, const std::vector<ExploreEngineExtension>& extensions,
                         const HeapModelCatalogue& heap_models) {
  auto options = std::make_shared<ExploreCommandOptions>();
  CLI::App* command = app.add_subcommand("explore", "the symbolic execution tree: paths, path conditions, tests replayed concretely");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  std::vector<EngineName> extra_engines;
  for (const auto& extension : extensions) extra_engines.push_back({extension.name, extension.description});
  add_exploration_flags(command, options->exploration, extra_engines, heap_models);
  struct AttachedEngine {
    std::string name;
    ExploreEngineRun run;
    std::function<void(const ExploreCommonOptions&)> check_usage;
  };
  auto runs = std::make_shared<std::vector<AttachedEngine>>();
  for (const auto& extension : extensions) runs->push_back({extension.name, extension.attach(command), extension.check_usage});
  command->add_option("--format", options->format,
                      "text, json, jsonl (one line per leaf as it is decided, then one with the stats) or dot")
      ->check(CLI::IsMember({"text", "json", "jsonl", "dot"}))
      ->capture_default_str();
  command->add_option("--order", options->order, "search order: dfs or bfs (default: dfs; compact: bfs, the queue of its Algorithm 1)")
      ->check(CLI::IsMember({"dfs", "bfs"}));
  command->add_option("--seed", options->seed,
                      "the engine's random choices, reproducible: compositional's first input, compact's --choose random (default 1)");
  command->add_option("--tests", options->tests_directory, "write each feasible leaf's test input to this directory, as it is found");
  add_progress_flag(command, options->progress);
  add_no_timings_flag(command, options->no_timings);
  command->add_option("--smt-dir", options->smt_directory, "write every solver query there as a standalone SMT-LIB2 file");
  command->add_flag("--no-incremental", options->no_incremental, "re-assert the whole path condition for every query");
  command->add_flag("--no-independence", options->no_independence, "ask the solver about the whole path condition, not only the conjuncts sharing symbols with the branch");
  command->add_flag("--no-counterexample-cache", options->no_counterexample_cache, "do not answer from known sat supersets and unsat subsets");
  command->add_flag("--no-model-reuse", options->no_model_reuse, "do not try the last model before asking the solver");
  command->add_flag("--no-implied-conditions", options->no_implied_conditions, "do not decide repeated or negated branch conditions syntactically");
  command->add_flag("--no-quantifier-expansion", options->no_quantifier_expansion,
                    "hand quantifiers over small constant integer ranges to the solver as they are, not spelled out");
  command->add_flag("--no-agreement", options->no_agreement, "trace engine: skip proving forward φ ⇔ path(ρ) for each path");
  add_fault_option(command, options->fault,
                   "switch on a planted semantic bug (see `symref fuzz --list-faults`), to watch the checks catch it");
  command->final_callback([&action, options, runs] {
    check_heap_flags(options->exploration);
    for (const AttachedEngine& engine : *runs)
      if (engine.name == options->exploration.engine) {
        if (options->format == "jsonl")
          throw CLI::ValidationError("--format", "--format jsonl needs --engine forward or trace");
        const ExploreCommonOptions common{.file = options->file,
                                          .exploration = options->exploration,
                                          .format = options->format,
                                          .tests_directory = options->tests_directory,
                                          .fault = options->fault,
                                          .smt_directory = options->smt_directory,
                                          .no_timings = options->no_timings,
                                          .quantifier_expansion = !options->no_quantifier_expansion,
                                          .order = options->order,
                                          .seed = options->seed,
                                          .progress = options->progress};
        if (engine.check_usage) engine.check_usage(common);
        action = [run = engine.run, common] { return run(common); };
        return;
      }
    if (options->seed) throw CLI::ValidationError("--seed", "--seed needs --engine compositional or compact");
    action = [options] { return explore(*options); };
  });
}

}  // namespace symref::cli
