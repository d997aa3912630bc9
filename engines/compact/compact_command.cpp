// Compact symbolic execution on the command line, as `explore --engine compact` and as its alias
// `compact`, and the `templates` subcommand: options, the run, the report, exit codes.
#include "engines/compact/compact_command.hpp"

#include <iostream>
#include <memory>

#include "engines/compact/classic_agreement.hpp"
#include "engines/compact/compact_report.hpp"
#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/cli/explore_extension.hpp"
#include "interp/cli/progress_meter.hpp"
#include "interp/explore/timings.hpp"
#include "interp/property_failure.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/front_end.hpp"
#include "interp/version.hpp"
#include "semantics/values/integer_limit.hpp"

namespace symref::compact {

namespace {

struct CompactCommandOptions {
  std::string file;
  std::string templates = "on";
  std::string brackets = "on";
  std::string order = "bfs";
  std::string choose = "first";
  std::uint64_t seed = 1;
  std::uint32_t max_instances = 8;
  std::uint32_t loop_bound = 10;
  std::uint64_t max_steps = 10'000;
  std::uint64_t max_paths = 100'000;
  std::string solver = "z3";
  unsigned timeout_milliseconds = 5000;
  std::string format = "text";
  std::string tests_directory;
  std::string smt_directory;
  std::uint32_t check_classic = 0;  // 0: off; K: Theorems 1 and 2 against explore --loop-bound K
  std::string fault;
  std::uint64_t max_int_bits = default_max_int_bits;
  int progress = 0;  // --progress / --no-progress
  bool no_timings = false;
};

void add_solver_options(CLI::App* command, CompactCommandOptions& options) {
  command->add_option("--solver", options.solver, "z3, cvc5 or both (cross-checked)")
      ->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  command->add_option("--timeout", options.timeout_milliseconds, "per solver query, in milliseconds (0: none)")
      ->capture_default_str();
}

// Theorems 1 and 2 (Trtík) against `explore --loop-bound K`: a summary line each, a failure throws.
nlohmann::ordered_json check_against_classic(const Program& program, terms::TermManager& terms, const CompactResult& result,
                                             const CompactCommandOptions& options) {
  ExploreOptions explore_options;
  explore_options.limits.loop_bound = options.check_classic;
  explore_options.max_steps = options.max_steps;
  explore_options.max_paths = options.max_paths;
  explore_options.solving.timeout_milliseconds = options.timeout_milliseconds;
  ExplorationResult classic = Explorer(program, terms, explore_options).explore();
  nlohmann::ordered_json summary;
  summary["loop_bound"] = options.check_classic;
  summary["forward_leaves"] = classic.paths.size();
  std::string failures;
  auto record = [&](const char* name, const AgreementVerdict& verdict) {
    summary[name] = {{"checks", verdict.checks}, {"unknown", verdict.unknown}, {"skipped", verdict.skipped},
                     {"verdict", verdict.failure ? "fails" : "holds"}};
    if (verdict.failure) {
      failures += "\n  " + *verdict.failure;
      if (verdict.witness) failures += "\n  input: " + write_state(program, *verdict.witness).dump();
    }
  };
  // Theorem 1 needs the whole compact tree: a truncated one is not checked.
  const solver::SolverOptions one_shot = solver::SolverOptions::timed(options.timeout_milliseconds);
  if (result.statistics.truncated) summary["theorem1"] = {{"verdict", "skipped: the compact search was truncated"}};
  else record("theorem1", check_theorem1(program, terms, result, classic, one_shot));
  record("theorem2", check_theorem2(program, terms, result, classic, options.check_classic, one_shot));
  if (!failures.empty()) {
    std::cerr << summary.dump(2) << "\n";
    throw PropertyFailure("the compact tree disagrees with explore --loop-bound " + std::to_string(options.check_classic) + failures);
  }
  return summary;
}

int run_compact(const CompactCommandOptions& options) {
  cli::activate_fault(options.fault);
  auto program = load_program(options.file);
  terms::TermManager terms(program.get());
  terms.set_max_int_bits(options.max_int_bits);
  CompactOptions compact;
  compact.templates = options.templates == "on";
  compact.quantifier_brackets = options.brackets == "on";
  compact.order = options.order == "dfs" ? SearchOrder::DepthFirst : SearchOrder::BreadthFirst;
  compact.max_instances = options.max_instances;
  compact.choose_random = options.choose == "random";
  compact.seed = options.seed;
  compact.limits.loop_bound = options.loop_bound;
  compact.max_steps = options.max_steps;
  compact.max_paths = options.max_paths;
  compact.solver = options.solver;
  compact.solving.timeout_milliseconds = options.timeout_milliseconds;
  compact.solving.smt_directory = options.smt_directory;
  if (!options.tests_directory.empty()) cli::create_tests_directory(options.tests_directory);
  cli::ProgressMeter progress(cli::progress_stream(options.progress), "compact");
  compact.on_leaf = [&progress](const CompactPath& path) {
    progress.leaf(path.status == solver::SatResult::Sat, path.branches.size());
  };
  CompactResult result = explore_compact(*program, terms, compact);
  progress.finish();
  nlohmann::ordered_json agreement;
  if (options.check_classic > 0) agreement = check_against_classic(*program, terms, result, options);
  ReportContext context{*program, terms, options.file, "compact", options.solver};
  context.timings = !options.no_timings;
  if (options.format == "json") {
    nlohmann::ordered_json out = compact_to_json(context, result);
    if (options.no_timings) strip_timings(out);
    if (!agreement.is_null()) out["check_classic"] = agreement;
    std::cout << out.dump(2) << "\n";
  } else if (options.format == "dot") {
    std::cout << compact_to_dot(context, result);
  } else {
    std::cout << compact_to_text(context, result);
    if (!agreement.is_null()) std::cout << "check-classic: " << agreement.dump() << "\n";
  }
  if (!options.tests_directory.empty()) cli::write_tests(options.tests_directory, *program, compact_tree(result));
  std::string failures = describe_replay_failures(result);
  if (!failures.empty()) throw PropertyFailure("a test does not follow its compact path (Theorem 2)" + failures);
  return cli::exit_done;
}

int run_templates(const CompactCommandOptions& options) {
  cli::activate_fault(options.fault);
  auto program = load_program(options.file);
  terms::TermManager terms(program.get());
  terms.set_max_int_bits(options.max_int_bits);
  TemplateOptions template_options;
  template_options.solver = options.solver;
  template_options.solving.timeout_milliseconds = options.timeout_milliseconds;
  std::vector<LoopTemplate> templates = detect_loop_templates(*program, terms, template_options);
  ReportContext context{*program, terms, options.file, "compact", options.solver};
  if (options.format == "json") {
    nlohmann::ordered_json out;
    out["version"] = json_format_version;
    out["program"] = options.file;
    out["templates"] = templates_to_json(context, templates);
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << templates_to_text(context, templates);
  }
  return cli::exit_done;
}

// The options only compact execution has, on `compact` and on `explore` (prefixed "compact:").
void add_compact_only_options(CLI::App* command, CompactCommandOptions& options, const std::string& prefix) {
  command->add_option("--templates", options.templates, prefix + "on: compact (Algorithm 1 with templates); off: classic")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  command->add_option("--brackets", options.brackets,
                      prefix + "on: a quantified query is first decided by quantifier-free brackets (∀τ spelt out for small k, or instantiated at 0, k and k - 1)")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  command->add_option("--choose", options.choose, prefix + "chooseTemplate among a loop's templates: first or random")
      ->check(CLI::IsMember({"first", "random"}))
      ->capture_default_str();
  command->add_option("--max-instances", options.max_instances, prefix + "template instances per path; then loops run classically")
      ->capture_default_str();
  command->add_option("--check-classic", options.check_classic,
                      prefix + "check Theorems 1 and 2 against explore --loop-bound K; exit 3 when one fails")
      ->check(CLI::PositiveNumber);
}

}  // namespace

cli::ExploreEngineExtension explore_extension() {
  return cli::ExploreEngineExtension{"compact", "Trtík: loops and recursion folded by templates", [](CLI::App* command) -> cli::ExploreEngineRun {
    auto flags = std::make_shared<CompactCommandOptions>();
    add_compact_only_options(command, *flags, "compact: ");
    return [flags](const cli::ExploreCommonOptions& common) {
      CompactCommandOptions options = *flags;
      options.file = common.file;
      if (!common.order.empty()) options.order = common.order;
      if (common.seed) options.seed = *common.seed;
      options.loop_bound = common.exploration.loop_bound;
      options.max_steps = common.exploration.max_steps;
      options.max_paths = common.exploration.max_paths;
      options.max_int_bits = common.exploration.max_int_bits;
      options.solver = common.exploration.solver;
      options.timeout_milliseconds = common.exploration.timeout_milliseconds;
      options.format = common.format;
      options.tests_directory = common.tests_directory;
      options.smt_directory = common.smt_directory;
      options.fault = common.fault;
      options.progress = common.progress;
      options.no_timings = common.no_timings;
      return run_compact(options);
    };
  }, [](const cli::ExploreCommonOptions& common) {
    if (common.exploration.loop_bound == 0)
      throw CLI::ValidationError("--loop-bound", "--engine compact needs --loop-bound of at least 1");
  }};
}

void add_compact_command(CLI::App& app, cli::Action& action) {
  auto options = std::make_shared<CompactCommandOptions>();
  CLI::App* command = app.add_subcommand("compact", "compact symbolic execution (Trtík): loops folded by templates with a parameter k; "
                                                    "the same as explore --engine compact");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  add_compact_only_options(command, *options, "");
  command->add_option("--order", options->order, "the queue: bfs (FIFO, as printed) or dfs")
      ->check(CLI::IsMember({"bfs", "dfs"}))
      ->capture_default_str();
  command->add_option("--seed", options->seed, "the seed of --choose random")->capture_default_str();
  command->add_option("--loop-bound", options->loop_bound, "classic iterations per loop entry and active calls, as in explore")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_option("--max-steps", options->max_steps, "transitions per path")->capture_default_str();
  command->add_option("--max-paths", options->max_paths, "leaves; then the search stops")->capture_default_str();
  cli::add_max_int_bits_option(command, options->max_int_bits);
  add_solver_options(command, *options);
  command->add_option("--format", options->format, "text, json or dot (the compact tree for Graphviz)")
      ->check(CLI::IsMember({"text", "json", "dot"}))
      ->capture_default_str();
  command->add_option("--tests", options->tests_directory, "write each feasible leaf's test input to this directory");
  command->add_option("--smt-dir", options->smt_directory,
                      "write every solver query there as SMT-LIB2 (the search's in DIR/search, the templates' in DIR/templates)");
  cli::add_fault_option(command, options->fault, "switch on a planted bug (see `symref fuzz --list-faults`)");
  cli::add_progress_flag(command, options->progress);
  cli::add_no_timings_flag(command, options->no_timings);
  command->final_callback([&action, options] { action = [options] { return run_compact(*options); }; });
}

void add_templates_command(CLI::App& app, cli::Action& action) {
  auto options = std::make_shared<CompactCommandOptions>();
  CLI::App* command = app.add_subcommand("templates", "loop templates of a program (Trtík §5.1), detection only");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  add_solver_options(command, *options);
  command->add_option("--format", options->format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  cli::add_fault_option(command, options->fault, "switch on a planted bug (see `symref fuzz --list-faults`)");
  command->final_callback([&action, options] { action = [options] { return run_templates(*options); }; });
}

}  // namespace symref::compact
