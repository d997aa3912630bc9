// `symref difftest`: FILE --against TOOL (difftest.hpp), and --campaign over random programs
// (run by the campaign runner the command table passes in).
#include <iostream>
#include <memory>

#include "interop/commands.hpp"
#include "interop/results_check.hpp"
#include "interp/cli/exit_codes.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::interop {

namespace {

struct DifftestCommandOptions {
  std::string file;
  std::uint32_t loop_bound = 10;
  std::string integers = "exact";
  std::string format = "text";
  std::string out;
  bool verbose = false;
  bool campaign = false;
  std::string shard;
  std::string results;
  CampaignRequest request;
};

void print_report(const DifftestReport& report, const std::string& format, bool verbose) {
  if (format == "json")
    std::cout << report_to_json(report).dump(2) << "\n";
  else
    std::cout << report_to_text(report, verbose);
}

int usage_error(const std::string& message) {
  std::cerr << "symref difftest: error: " << message << "\n(see symref difftest --help)\n";
  return cli::exit_usage;
}

int run_difftest(DifftestCommandOptions options, const CampaignRunner& campaign) {
  DifftestOptions& difftest = options.request.difftest;
  difftest.export_options.loop_bound = options.loop_bound;
  difftest.export_options.integers = options.integers == "i64" ? IntegerModel::Int64 : IntegerModel::Exact;
  if (options.campaign) {
    if (!options.file.empty()) return usage_error("--campaign takes no FILE (it generates the programs)");
    if (difftest.against.empty()) return usage_error("--campaign needs --against TOOL");
    if (!options.shard.empty()) {
      auto slash = options.shard.find('/');
      try {
        if (slash == std::string::npos) throw std::invalid_argument("shard");
        options.request.shard_index = static_cast<std::uint32_t>(std::stoul(options.shard.substr(0, slash)));
        options.request.shard_count = static_cast<std::uint32_t>(std::stoul(options.shard.substr(slash + 1)));
      } catch (const std::exception&) {
        options.request.shard_count = 0;
      }
      if (options.request.shard_count == 0 || options.request.shard_index >= options.request.shard_count)
        return usage_error("--shard must be I/N with 0 <= I < N, found '" + options.shard + "'");
    }
    options.request.out_directory = options.out;
    options.request.format = options.format;
    difftest.unexpressible_inconclusive = true;  // a generated program the target cannot express is skipped
    return campaign(options.request);
  }
  if (options.file.empty()) return usage_error("a FILE is needed (or --campaign)");
  if (!options.results.empty()) {
    if (!difftest.against.empty()) return usage_error("--results and --against exclude each other");
    auto program = load_program(options.file);
    DifftestReport report = check_results(*program, options.file, options.results, options.loop_bound, difftest.settings);
    print_report(report, options.format, options.verbose);
    return report.exit_code();
  }
  if (difftest.against.empty()) return usage_error("--against TOOL (or --results RESULTS.json) is needed");
  cli::activate_fault(options.request.fault);
  auto program = load_program(options.file);
  difftest.keep_directory = options.out;
  DifftestReport report = difftest_program(*program, options.file, difftest);
  print_report(report, options.format, options.verbose);
  return report.exit_code();
}

}  // namespace

void add_difftest_command(CLI::App& app, cli::Action& action, CampaignRunner campaign) {
  auto options = std::make_shared<DifftestCommandOptions>();
  CLI::App* command =
      app.add_subcommand("difftest", "compare an outside tool (a compiler, a verifier, another engine) with symref");
  command->add_option("FILE", options->file, "the program (.sym)");
  std::vector<std::string> tools;
  std::string help = "the tool:";
  for (const AdapterEntry& entry : adapter_table()) {
    tools.emplace_back(entry.name);
    help += " " + std::string(entry.name);
  }
  command->add_option("--against", options->request.difftest.against, help)->check(CLI::IsMember(tools));
  command->add_option("--results", options->results,
                      "check another engine's results (schema symref-results/1, docs/schema/symref-results-1.schema.json)");
  command->add_option("--loop-bound", options->loop_bound, "K of the exploration (and of the bounded exports)")
      ->check(CLI::Range(0u, 1'000'000u))
      ->capture_default_str();
  command->add_option("--int", options->integers, "the C export's integer model: exact or i64 (the other exports have their own)")
      ->check(CLI::IsMember({"exact", "i64"}))
      ->capture_default_str();
  command->add_option("--format", options->format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  command->add_option("--random", options->request.difftest.random_inputs, "concrete tools: random inputs beside the leaves' tests (small ones first, at most 10,000 steps each)")
      ->capture_default_str();
  command->add_option("--seed", options->request.seed, "the seed of the random inputs (and of the campaign's programs)")
      ->capture_default_str();
  command->add_option("--reachable", options->request.difftest.reachable_samples,
                      "verdict tools: how many outcomes symref reaches are asked about too (the unreachable ones always are)")
      ->capture_default_str();
  command->add_option("--timeout", options->request.difftest.settings.timeout_seconds,
                      "seconds per call of the tool (verdict tools: per proof obligation)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_option("--max-steps", options->request.difftest.settings.max_steps, "concrete runs: run's --max-steps, on both sides")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 62))
      ->capture_default_str();
  command->add_option("--max-depth", options->request.difftest.settings.max_depth, "concrete runs: run's --max-depth, on both sides")
      ->check(CLI::Range(1u, 100'000u))
      ->capture_default_str();
  command->add_option("--out", options->out, "keep the export (or the campaign's record) in this directory");
  command->add_flag("--verbose", options->verbose, "text: list the items that agree too");
  command->add_flag("--campaign", options->campaign, "compare on random programs from the generator instead of FILE");
  command->add_option("--count", options->request.count, "campaign: programs")->capture_default_str();
  command->add_option("--time", options->request.time_seconds, "campaign: stop after this many seconds instead");
  command->add_option("--level", options->request.level, "campaign: the generator's level (1-3)")->check(CLI::Range(1, 3))->capture_default_str();
  command->add_option("--shard", options->shard, "campaign: I/N, this run takes programs I, I+N, ... (merge with fuzz-merge)");
  cli::add_fault_option(command, options->request.fault, "switch on a planted bug (see `symref fuzz --list-faults`)");
  command->final_callback([&action, options, campaign] {
    action = [options, campaign] {
      options->request.difftest.seed = options->request.seed;
      return run_difftest(*options, campaign);
    };
  });
}

}  // namespace symref::interop
