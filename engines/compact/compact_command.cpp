// The `compact` and `templates` subcommands: options, the run, the report, exit codes.
#include "engines/compact/compact_command.hpp"

#include <iostream>
#include <memory>

#include "engines/compact/compact_report.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/property_failure.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::compact {

namespace {

struct CompactCommandOptions {
  std::string file;
  std::string templates = "on";
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
  std::string fault;
};

void add_solver_options(CLI::App* command, CompactCommandOptions& options) {
  command->add_option("--solver", options.solver, "z3, cvc5 or both (cross-checked)")
      ->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  command->add_option("--timeout", options.timeout_milliseconds, "per solver query, in milliseconds (0: none)")
      ->capture_default_str();
  command->add_option("--format", options.format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
}

int run_compact(const CompactCommandOptions& options) {
  cli::activate_fault(options.fault);
  auto program = load_program(options.file);
  terms::TermManager terms(program.get());
  CompactOptions compact;
  compact.templates = options.templates == "on";
  compact.order = options.order == "dfs" ? SearchOrder::DepthFirst : SearchOrder::BreadthFirst;
  compact.max_instances = options.max_instances;
  compact.choose_random = options.choose == "random";
  compact.seed = options.seed;
  compact.limits.loop_bound = options.loop_bound;
  compact.max_steps = options.max_steps;
  compact.max_paths = options.max_paths;
  compact.solver = options.solver;
  compact.timeout_milliseconds = options.timeout_milliseconds;
  CompactResult result = explore_compact(*program, terms, compact);
  ReportContext context{*program, terms, options.file, "compact", options.solver};
  if (options.format == "json") std::cout << compact_to_json(context, result).dump(2) << "\n";
  else std::cout << compact_to_text(context, result);
  std::string failures = describe_replay_failures(result);
  if (!failures.empty()) throw PropertyFailure("a test does not follow its compact path (Theorem 2)" + failures);
  return cli::exit_done;
}

int run_templates(const CompactCommandOptions& options) {
  cli::activate_fault(options.fault);
  auto program = load_program(options.file);
  terms::TermManager terms(program.get());
  TemplateOptions template_options;
  template_options.solver = options.solver;
  template_options.timeout_milliseconds = options.timeout_milliseconds;
  std::vector<LoopTemplate> templates = detect_loop_templates(*program, terms, template_options);
  ReportContext context{*program, terms, options.file, "compact", options.solver};
  if (options.format == "json") {
    nlohmann::ordered_json out;
    out["program"] = options.file;
    out["templates"] = templates_to_json(context, templates);
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << templates_to_text(context, templates);
  }
  return cli::exit_done;
}

}  // namespace

void add_compact_command(CLI::App& app, cli::Action& action) {
  auto options = std::make_shared<CompactCommandOptions>();
  CLI::App* command = app.add_subcommand("compact", "compact symbolic execution (Trtík): loops folded by templates with a parameter k");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  command->add_option("--templates", options->templates, "on: compact (Algorithm 1 with templates); off: classic")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  command->add_option("--order", options->order, "the queue: bfs (FIFO, as printed) or dfs")
      ->check(CLI::IsMember({"bfs", "dfs"}))
      ->capture_default_str();
  command->add_option("--choose", options->choose, "chooseTemplate among a loop's templates: first or random")
      ->check(CLI::IsMember({"first", "random"}))
      ->capture_default_str();
  command->add_option("--seed", options->seed, "the seed of --choose random")->capture_default_str();
  command->add_option("--max-instances", options->max_instances, "template instances per path; then loops run classically")
      ->capture_default_str();
  command->add_option("--loop-bound", options->loop_bound, "classic iterations per loop entry and active calls, as in explore")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_option("--max-steps", options->max_steps, "transitions per path")->capture_default_str();
  command->add_option("--max-paths", options->max_paths, "leaves; then the search stops")->capture_default_str();
  add_solver_options(command, *options);
  cli::add_fault_option(command, options->fault, "switch on a planted bug (see `symref fuzz --list-faults`)");
  command->final_callback([&action, options] { action = [options] { return run_compact(*options); }; });
}

void add_templates_command(CLI::App& app, cli::Action& action) {
  auto options = std::make_shared<CompactCommandOptions>();
  CLI::App* command = app.add_subcommand("templates", "loop templates of a program (Trtík §5.1), detection only");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  add_solver_options(command, *options);
  cli::add_fault_option(command, options->fault, "switch on a planted bug (see `symref fuzz --list-faults`)");
  command->final_callback([&action, options] { action = [options] { return run_templates(*options); }; });
}

}  // namespace symref::compact
