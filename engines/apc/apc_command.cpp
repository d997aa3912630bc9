// `symref apc FILE`: apc for the failure of one assert, its two queries (§6), the verdict and a
// witness (§7), as text or JSON.
#include "engines/apc/apc_command.hpp"

#include <iostream>
#include <memory>
#include <string>

#include "engines/apc/apc_analysis.hpp"
#include "engines/apc/apc_report.hpp"
#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/cli/progress_meter.hpp"
#include "interp/explore/timings.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/values/integer_limit.hpp"

namespace symref::apc {

namespace {

struct ApcCommandOptions {
  std::string file;
  std::uint64_t max_int_bits = default_max_int_bits;
  std::string target;
  std::string loop_processing = "heavy";
  std::uint32_t unfold = 25;
  bool no_direct = false;
  bool no_unfold = false;
  std::string solver = "z3";
  unsigned timeout = 10'000;
  std::uint64_t rlimit = 0;
  std::uint32_t witness_bound = 16;
  bool no_witness = false;
  bool no_model_witness = false;
  bool unguided = false;
  std::string format = "text";
  std::string smt_directory;
  std::string fault;
  int progress = 0;  // --progress / --no-progress
  bool no_timings = false;
};

// LINE or LINE:COL, both positive.
bool parse_target(const std::string& text, TargetChoice& choice) {
  try {
    std::size_t used = 0;
    unsigned long line = std::stoul(text, &used);
    unsigned long column = 0;
    if (used < text.size()) {
      if (text[used] != ':') return false;
      std::size_t more = 0;
      column = std::stoul(text.substr(used + 1), &more);
      if (used + 1 + more != text.size() || column == 0) return false;
    }
    if (line == 0 || line > 100'000'000 || column > 100'000'000) return false;
    choice.line = static_cast<std::uint32_t>(line);
    choice.column = static_cast<std::uint32_t>(column);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

int run_apc(const ApcCommandOptions& options) {
  cli::activate_fault(options.fault);
  ApcOptions apc_options;
  if (!options.target.empty() && !parse_target(options.target, apc_options.target)) {
    std::cerr << "symref apc: --target takes LINE or LINE:COL (positive numbers), not '" << options.target << "'\n";
    return cli::exit_usage;
  }
  auto program = load_program(options.file);
  terms::TermManager terms(program.get());
  terms.set_max_int_bits(options.max_int_bits);
  apc_options.loop_processing = options.loop_processing == "light" ? LoopProcessing::Light : LoopProcessing::Heavy;
  apc_options.unfold = options.unfold;
  apc_options.direct = !options.no_direct;
  apc_options.unfolded = !options.no_unfold;
  apc_options.solver = options.solver;
  apc_options.solving.timeout_milliseconds = options.timeout;
  apc_options.solving.resource_limit = options.rlimit;
  apc_options.witness_bound = options.witness_bound;
  apc_options.witness = !options.no_witness;
  apc_options.model_witness = !options.no_model_witness;
  apc_options.guided = !options.unguided;
  apc_options.solving.smt_directory = options.smt_directory;
  std::ostream* progress_stream = cli::progress_stream(options.progress);
  cli::ProgressMeter search_progress(progress_stream, "apc witness search");
  if (progress_stream != nullptr) {
    apc_options.on_phase = [progress_stream](const std::string& phase) { *progress_stream << "apc: " << phase << "\n" << std::flush; };
    apc_options.on_search_leaf = [&search_progress](const ExploredPath& path, std::uint64_t) {
      search_progress.leaf(path.status == solver::SatResult::Sat, path.branches.size());
    };
  }
  ApcAnalysis analysis(*program, terms, apc_options);
  try {
    analysis.run();
  } catch (const AnalysisTooLarge& error) {  // a bound of the analysis, not a bug
    std::cerr << options.file << ": error: the program is too large for the apc analysis: " << error.what() << "\n";
    return cli::exit_input_fault;
  }
  search_progress.finish();
  if (options.format == "json") {
    nlohmann::ordered_json out = analysis_to_json(analysis, options.file);
    if (options.no_timings) strip_timings(out);
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << analysis_to_text(analysis, options.file, !options.no_timings);
  }
  return cli::exit_done;
}

}  // namespace

void add_apc_command(CLI::App& app, cli::Action& action) {
  auto options = std::make_shared<ApcCommandOptions>();
  CLI::App* command = app.add_subcommand("apc", "a necessary condition on the inputs for failing one assert (Strejček & Trtík)");
  command->add_option("FILE", options->file, "the program (.sym), level 1 or with non-recursive procedures")->required();
  cli::add_max_int_bits_option(command, options->max_int_bits);
  command->add_option("--target", options->target, "the assert whose failure is the target, LINE[:COL] (default: the only assert)");
  command->add_option("--loop-processing", options->loop_processing, "light (§3.1) or heavy (§3.3, Algorithm 2)")
      ->check(CLI::IsMember({"light", "heavy"}))
      ->capture_default_str();
  command->add_option("--unfold", options->unfold, "K of §6: each universal quantifier unfolded for 0..K-1")
      ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{10'000}))
      ->capture_default_str();
  command->add_flag("--no-direct", options->no_direct, "do not solve apc itself");
  command->add_flag("--no-unfold", options->no_unfold, "do not build and solve apc^K");
  command->add_option("--solver", options->solver, "z3, cvc5, or both")->check(CLI::IsMember({"z3", "cvc5", "both"}))->capture_default_str();
  command->add_option("--timeout", options->timeout, "per-query time limit in milliseconds (0: none)")
      ->check(CLI::Range(0u, 86'400'000u))
      ->capture_default_str();
  command->add_option("--rlimit", options->rlimit,
                      "per-query solver resource limit (Z3 rlimit, cvc5 rlimit-per; 0: none): unlike --timeout, "
                      "the answer does not depend on machine load")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1'000'000'000'000}))
      ->capture_default_str();
  command->add_option("--witness-bound", options->witness_bound, "loop bound of the guided forward search for a witness")
      ->check(CLI::Range(std::uint32_t{0}, std::uint32_t{100'000}))
      ->capture_default_str();
  command->add_flag("--no-witness", options->no_witness, "do not look for a failing input");
  command->add_flag("--no-model-witness", options->no_model_witness, "skip the queries' models: the witness comes from the search");
  command->add_flag("--unguided", options->unguided, "the witness search explores without apc's pruning (the baseline of §7)");
  command->add_option("--format", options->format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  command->add_option("--smt-dir", options->smt_directory, "write every solver query there as SMT-LIB2");
  cli::add_fault_option(command, options->fault, "switch on a planted bug (see `symref fuzz --list-faults`)");
  cli::add_progress_flag(command, options->progress);
  cli::add_no_timings_flag(command, options->no_timings);
  command->final_callback([&action, options] { action = [options] { return run_apc(*options); }; });
}

}  // namespace symref::apc
