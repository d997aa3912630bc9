// `symref fuzz`: campaigns with progress, planted faults and shrunk counterexamples written to files.
//
// `symref fuzz`: a campaign over random programs with every property on, a planted fault if asked,
// progress and throughput while it runs, and the shrunk counterexample written to files on failure.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/explore/timings.hpp"
#include "interp/solver/solver_chain.hpp"
#include "fuzz/campaign.hpp"
#include "fuzz/campaign_shards.hpp"
#include "fuzz/campaign_workers.hpp"
#include "fuzz/commands.hpp"
#include "semantics/faults.hpp"

namespace symref::fuzz {

namespace {

struct FuzzCommandOptions {
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> count;
  std::optional<double> seconds;
  int level = 3;
  int max_size = 100;
  std::vector<std::string> properties;
  std::string fault;
  bool list_faults = false;
  std::size_t shrink_limit = 1000;
  std::string output_directory = ".";
  std::uint32_t loop_bound = 2;
  std::uint64_t max_int_bits = default_max_int_bits;
  unsigned solver_timeout_milliseconds = props::PropertySettings{}.timeout_milliseconds;
  bool quiet = false;
  bool query_cache = true;
  bool quantifier_expansion = true;
  bool syntactic_contradictions = true;
  bool isolated_checks = true;
  unsigned jobs = 1;
  std::string shard;             // "I/N", empty: the whole campaign
  std::string result_directory;  // --out: write the shard's JSON result here
  bool no_timings = false;
  bool coverage = false;
  std::string format = "text";
};

// "I/N" with 0 <= I < N, as --shard takes it.
bool parse_shard(const std::string& text, std::uint64_t& index, std::uint64_t& count) {
  const auto slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == text.size()) return false;
  try {
    std::size_t used = 0;
    index = std::stoull(text.substr(0, slash), &used);
    if (used != slash) return false;
    count = std::stoull(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) return false;
  } catch (const std::exception&) {
    return false;
  }
  return text[0] != '-' && count >= 1 && index < count;
}

// Where the fault's catch is shown: the fuzz options of its ctests (at seeds 7 and 99; the first
// shown), or the unit test that catches it.
std::string caught_by(const FaultDescription& fault) {
  const std::string_view options = fault.catch_options;
  if (options.starts_with("test:")) return "the test " + std::string(options.substr(5));
  return "symref fuzz --seed 7 " + std::string(options.empty() ? "--count 100 --level 3" : options) + " --inject-fault " +
         std::string(fault.name);
}

double property_seconds(const CampaignResult& result) {
  double total = 0;
  for (const auto& tally : result.tallies) total += tally.seconds;
  return total;
}

// The per-property table, the totals, and with --coverage the engines' rules.
void print_text_summary(const CampaignOptions& options, const CampaignResult& result, bool no_timings) {
  std::cout << campaign_summary(options, result, !no_timings);
  if (no_timings) {
    std::cout << result.cases << " programs, " << result.properties_checked() << " properties checked, " << result.unknown()
              << " unknown skipped" << stalls_note(result) << "\n";
  } else {
    char rate[64];
    std::snprintf(rate, sizeof rate, "%.2f", result.seconds > 0 ? static_cast<double>(result.cases) / result.seconds : 0.0);
    std::cout << result.cases << " programs in " << result.seconds << " s (" << rate << " programs/s), "
              << result.properties_checked() << " properties checked, " << result.unknown() << " unknown skipped"
              << stalls_note(result) << "\n";
    char split[128];
    std::snprintf(split, sizeof split,
                  "generating %.2f s, printing and loading %.2f s, properties %.2f s (summed over workers)\n",
                  result.generation_seconds, result.workspace_seconds, property_seconds(result));
    std::cout << split;
  }
  if (result.coverage) std::cout << props::coverage_report(*result.coverage, options.level);
}

int run_fuzz(const FuzzCommandOptions& command) {
  if (command.list_faults) {
    for (const auto& fault : all_faults())
      std::cout << fault.name << "  " << fault.description << "\n    caught by: " << caught_by(fault) << "\n";
    return cli::exit_done;
  }
  CampaignOptions options;
  options.seed = command.seed ? *command.seed
                              : static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) % 1'000'000'007ULL;
  if (command.seconds) options.seconds = *command.seconds;
  else options.count = command.count.value_or(100);
  options.level = command.level;
  options.max_size = command.max_size;
  options.shrink_limit = command.shrink_limit;
  options.settings.loop_bound = command.loop_bound;
  options.settings.max_int_bits = command.max_int_bits;
  options.settings.timeout_milliseconds = command.solver_timeout_milliseconds;
  options.query_cache = command.query_cache;
  options.settings.quantifier_expansion = command.quantifier_expansion;
  options.settings.syntactic_contradictions = command.syntactic_contradictions;
  if (!command.isolated_checks) options.settings.isolation_grace_milliseconds = 0;
  options.log_checks = std::getenv("SYMREF_CHECK_LOG") != nullptr;  // a line per solver check on stderr
  for (const auto& name : command.properties) options.properties.push_back(*props::property_by_name(name));
  if (!command.quiet) options.progress = &std::cerr;
  options.jobs = command.jobs;
  options.coverage = command.coverage;
  if (!command.shard.empty()) parse_shard(command.shard, options.shard_index, options.shard_count);
  cli::activate_fault(command.fault);

  // Cases come in seeded batches: the reproduce line runs to the end of the failing case's batch.
  auto reproduce = [&](std::uint64_t cases) { return reproduce_line(options, command.properties, command.fault, cases); };
  std::cerr << "fuzz: seed " << options.seed << ", level " << options.level
            << (options.shard_count > 1 ? ", shard " + command.shard : "")
            << (options.jobs > 1 ? ", " + std::to_string(options.jobs) + " worker processes" : "")
            << (command.fault.empty() ? "" : ", planted fault " + command.fault) << "\n";

  CampaignResult result = run_campaign_in_workers(options);
  set_active_fault(Fault::None);
  if (!command.result_directory.empty()) {
    std::filesystem::create_directories(command.result_directory);
    const std::filesystem::path path = std::filesystem::path(command.result_directory) /
        ("shard-" + std::to_string(options.shard_index) + "-of-" + std::to_string(options.shard_count) + ".json");
    std::ofstream out(path);
    nlohmann::json document = shard_to_json(options, result, result.failure ? reproduce(result.failure->case_number) : "");
    if (command.no_timings) strip_timings(document);
    out << document.dump(1) << "\n";
    if (!out) throw std::runtime_error(path.string() + ": cannot write the shard result");
  }
  const bool json = command.format == "json";
  // With --format json the document is all of standard output; what the text adds goes to standard error.
  std::ostream& text = json ? std::cerr : std::cout;
  if (json) {
    nlohmann::json document = shard_to_json(options, result, result.failure ? reproduce(result.failure->case_number) : "");
    if (command.no_timings) strip_timings(document);
    std::cout << document.dump(1) << "\n";
  } else {
    print_text_summary(options, result, command.no_timings);
  }
  if (!command.fault.empty() && !result.failure) {
    const FaultDescription& fault = *std::find_if(all_faults().begin(), all_faults().end(),
                                                    [&](const FaultDescription& f) { return f.name == command.fault; });
    // A fault whose code never ran was not missed: nothing looked at it.  Saying "passed" would
    // read as the properties failing to catch it.
    if (result.fault_reached() == 0) {
      std::cerr << "fuzz: error: the planted fault " << command.fault << " was never reached: no chosen property ran its code on these "
                << result.cases << " level-" << options.level << " programs, so this campaign says nothing about it (caught by: "
                << caught_by(fault) << ")\n";
      return cli::exit_usage;
    }
    text << "planted fault " << command.fault << ": its code ran " << result.fault_reached() << " times, not caught\n";
  }
  if (!result.failure) return cli::exit_done;

  const CampaignFailure& failure = *result.failure;
  std::filesystem::create_directories(command.output_directory);
  const std::string stem = "symref-fuzz-" + std::to_string(options.seed) + "-" + failure.property;
  const std::filesystem::path program_path = std::filesystem::path(command.output_directory) / (stem + ".sym");
  const std::filesystem::path input_path = std::filesystem::path(command.output_directory) / (stem + ".json");
  std::ofstream(program_path) << failure.program;
  std::ofstream(input_path) << failure.input << "\n";
  text << "FAILED: property " << failure.property << " on case " << failure.case_number << " (shrunk in " << failure.shrink_steps
       << " steps, " << failure.shrink_evaluations << " candidates tried"
       << (failure.shrinking_stopped_by_time ? "; stopped at the time limit" : "") << ")\n"
       << "  " << failure.message << "\n"
       << "  counterexample program: " << program_path.string() << "\n"
       << "  counterexample input:   " << input_path.string() << "\n"
       << "  reproduce: " << reproduce(failure.case_number) << "\n";
  return cli::exit_property_failure;
}

}  // namespace

void add_fuzz_command(CLI::App& app, cli::Action& action) {
  auto options = std::make_shared<FuzzCommandOptions>();
  CLI::App* command = app.add_subcommand("fuzz", "random well-typed programs checked against the paper's lemmas and theorems");
  command->add_option("--seed", options->seed, "the campaign's seed (default: from the clock, printed)");
  auto* count = command->add_option("--count", options->count, "check N generated programs (default 100)")
                    ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  auto* time = command->add_option("--time", options->seconds, "check programs for T seconds instead (a failure is shrunk until then, or for up to 10 s after it was found)")
                   ->check(CLI::Range(0.001, 1e9));
  count->excludes(time);
  command->add_option("--level", options->level, "1: globals, arrays, loops; 2: + procedures; 3: + classes and methods")
      ->check(CLI::Range(1, 3))
      ->capture_default_str();
  std::vector<std::string> property_names;
  for (const auto& property : props::all_properties()) property_names.emplace_back(property.name);
  command->add_option("--property", options->properties, "check only this property (repeatable)")
      ->check(CLI::IsMember(property_names));
  cli::add_fault_option(command, options->fault, "switch on a planted fault (see --list-faults)");
  command->add_flag("--list-faults", options->list_faults,
                    "print the planted faults, each on a line with its name first, and under it what catches it");
  command->add_option("--max-size", options->max_size, "the largest RapidCheck size of a program")
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  command->add_option("--shrink-limit", options->shrink_limit, "shrink candidates to try on a failure (0: do not shrink)")
      ->capture_default_str();
  cli::add_max_int_bits_option(command, options->max_int_bits);
  command->add_option("--loop-bound", options->loop_bound, "explorations: loop iterations and active calls per path")
      ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{10}))
      ->capture_default_str();
  // A wall-clock limit makes a run depend on the machine's speed: under valgrind (about 50 times
  // slower) checks that the work budgets end natively end by time instead, and instruction counts
  // of two builds compare only with the limit raised.
  command->add_option("--solver-timeout", options->solver_timeout_milliseconds,
                      "milliseconds a Z3 or cvc5 check may take before it is unknown (the work budgets per check still apply)")
      ->check(CLI::Range(1u, 3'600'000u))
      ->capture_default_str();
  command->add_option("--output-dir", options->output_directory, "where a counterexample is written")->capture_default_str();
  command->add_flag("--quiet", options->quiet, "no progress lines");
  // Each switch as two flags, so that --help shows which one is the default.
  auto add_switch = [command](const std::string& name, bool& value, const std::string& on, const std::string& off) {
    command->add_flag_callback("--" + name, [&value] { value = true; }, on + " (the default)");
    command->add_flag_callback("--no-" + name, [&value] { value = false; }, off);
  };
  add_switch("query-cache", options->query_cache,
             "answer a query asked before in the same case from that case's store instead of a solver",
             "ask the solvers every time");
  add_switch("quantifier-expansion", options->quantifier_expansion,
             "spell out quantifiers over small constant integer ranges as finite conjunctions and disjunctions "
             "before a solver sees them",
             "hand quantifiers to the solvers as they are");
  add_switch("syntactic-contradictions", options->syntactic_contradictions,
             "answer a query whose formulas hold a conjunct and its negation unsat without a solver "
             "(except in solvers_agree, axioms_agree and paths_partition's pruned leaves)",
             "ask the solvers");
  add_switch("isolated-checks", options->isolated_checks,
             "check each case in a child process, killed when a Z3 check stalls past its time limit",
             "check the cases in the campaign's process");
  command->add_option("--jobs", options->jobs, "worker processes running parts of the campaign side by side")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  command->add_option("--shard", options->shard, "run only part I of N (0 <= I < N): batches k with k mod N = I")
      ->check([](const std::string& text) {
        std::uint64_t index = 0, count = 0;
        return parse_shard(text, index, count) ? std::string() : "expected I/N with 0 <= I < N, got '" + text + "'";
      });
  command->add_option("--out", options->result_directory, "write this shard's result as DIR/shard-I-of-N.json (for fuzz-merge)");
  cli::add_no_timings_flag(command, options->no_timings);
  command->add_flag("--coverage", options->coverage,
                    "count the rules, template kinds, summary cases and heap choices each engine applied, and report them");
  command->add_option("--format", options->format, "text, or json: the campaign's result as one document (docs/json.md)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  command->final_callback([&action, options] { action = [options] { return run_fuzz(*options); }; });
}

}  // namespace symref::fuzz
