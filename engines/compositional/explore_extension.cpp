// The compositional engine on the command line: --target, --initial/--seed, --max-executions,
// --axioms, --no-summaries, and the text, JSON and DOT reports; a replay disagreement exits 3.
#include "engines/compositional/explore_extension.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>

#include "engines/compositional/compositional_report.hpp"
#include "interp/explore/timings.hpp"
#include "interp/property_failure.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::compositional {

namespace {

struct CompositionalFlags {
  std::int32_t target_line = 0;
  std::string initial;
  std::uint64_t max_executions = 10'000;
  std::string axioms = "quantified";
  bool no_summaries = false;
};

// A reproducible random input: ints in [-8, 8], random bools, arrays of length up to 3.
GlobalState random_input(const Program& program, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  GlobalState state = default_global_state(program);
  for (std::size_t v = 0; v < program.globals.size(); ++v) {
    const Type& type = program.globals[v].type;
    if (type.kind == TypeKind::Int) state.globals[v] = Value::integer(Integer(static_cast<std::int64_t>(random() % 17) - 8));
    if (type.kind == TypeKind::Bool) state.globals[v] = Value::boolean(random() % 2 == 1);
  }
  return state;
}

void check_target_line(const Program& program, const std::string& path, std::int32_t line) {
  bool found = false;
  auto visit = [&](const Block& block) {
    for_each_statement(block, [&](const Statement& s) { found = found || static_cast<std::int32_t>(s.location.line) == line; });
  };
  visit(program.main);
  for (const Callable& c : program.callables) visit(c.body);
  if (!found) {
    SourceLocation location;
    location.line = static_cast<std::uint32_t>(std::max(line, 1));
    location.column = 1;
    throw InputError(format_diagnostic(program.source.get(), path,
                                       Diagnostic{location, "no statement starts on line " + std::to_string(line)}));
  }
}

int run(const cli::ExploreCommonOptions& common, const CompositionalFlags& flags) {
  cli::activate_fault(common.fault);
  auto program = load_program(common.file);
  if (flags.target_line != 0) check_target_line(*program, common.file, flags.target_line);
  if (!common.tests_directory.empty()) cli::create_tests_directory(common.tests_directory);
  terms::TermManager terms(program.get());
  terms.set_max_int_bits(common.exploration.max_int_bits);
  CompositionalOptions options;
  options.execute.limits.loop_bound = common.exploration.loop_bound;
  options.execute.max_steps = common.exploration.max_steps;
  options.execute.target_line = flags.target_line;
  options.solver = common.exploration.solver;
  options.solving.timeout_milliseconds = common.exploration.timeout_milliseconds;
  options.solving.expand_bounded_quantifiers = common.quantifier_expansion;
  options.axioms = flags.axioms == "unfolded" ? AxiomEncoding::Unfolded : AxiomEncoding::Quantified;
  options.summaries = !flags.no_summaries;
  options.max_executions = flags.max_executions;
  options.keep_formulas = common.format == "json";
  options.solving.smt_directory = common.smt_directory;
  if (!flags.initial.empty()) {
    std::string error;
    auto source = SourceFile::read(flags.initial, error);
    if (source == nullptr) throw InputError(flags.initial + ": error: " + error + "\n");
    std::vector<std::string> notes;
    options.initial = read_state(*program, *source, notes);
    for (const auto& note : notes) std::cerr << "note: " << note << "\n";
  } else if (common.seed) {
    options.initial = random_input(*program, *common.seed);
  }
  CompositionalExplorer explorer(*program, terms, options);
  CompositionalResult result = explorer.explore();
  if (common.format == "json") {
    nlohmann::ordered_json out = compositional_to_json(*program, common.file, explorer, result);
    if (common.no_timings) strip_timings(out);
    std::cout << out.dump(2) << "\n";
  } else if (common.format == "dot") {
    std::cout << compositional_to_dot(explorer);
  } else {
    std::cout << compositional_to_text(*program, common.file, explorer, result);
  }
  if (!common.tests_directory.empty())
    for (const Execution& e : result.executions) {
      std::ofstream out(std::filesystem::path(common.tests_directory) / ("execution-" + std::to_string(e.index) + ".json"));
      out << write_state(*program, e.input).dump(2) << "\n";
    }
  std::string disagreements;
  for (const Execution& e : result.executions)
    if (std::string verdict = replay_execution(*program, e); verdict != "agrees")
      disagreements += "\n  execution " + std::to_string(e.index) + ": " + verdict;
  if (!disagreements.empty()) throw PropertyFailure("executions disagree with the concrete system" + disagreements);
  return 0;
}

}  // namespace

cli::ExploreEngineExtension explore_extension() {
  return cli::ExploreEngineExtension{"compositional", "summaries of procedures, computed on demand", [](CLI::App* command) -> cli::ExploreEngineRun {
    auto flags = std::make_shared<CompositionalFlags>();
    command->add_option("--target", flags->target_line, "compositional: the statement starting on LINE (an assert: its failure)");
    command->add_option("--initial", flags->initial, "compositional: the first input (STATE.json); default: every global at its default");
    command->add_option("--max-executions", flags->max_executions, "compositional: stop Algorithm 1 after N executions")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}))
        ->capture_default_str();
    command->add_option("--axioms", flags->axioms, "compositional: quantified (the paper's axioms) or unfolded (instantiated)")
        ->check(CLI::IsMember({"quantified", "unfolded"}))
        ->capture_default_str();
    command->add_flag("--no-summaries", flags->no_summaries, "compositional: inline every call into one tree (non-compositional)");
    return [flags](const cli::ExploreCommonOptions& common) { return run(common, *flags); };
  }, /*check_usage=*/{}};
}

}  // namespace symref::compositional
