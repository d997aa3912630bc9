// The exploration options shared by explore, report and grade.
#include "interp/cli/exploration_flags.hpp"

#include "interp/cli/command.hpp"

namespace symref::cli {

namespace {

// "arrays (…), lazy (…) or summary (…); lazy and summary need --engine forward"
std::string heap_help(const HeapModelCatalogue& heap_models) {
  std::string help = "arrays (§4.1 fields as arrays)", names;
  for (std::size_t k = 0; k < heap_models.size(); ++k) {
    const bool last = k + 1 == heap_models.size();
    help += (last ? " or " : ", ") + heap_models[k].name + " (" + heap_models[k].description + ")";
    names += (k == 0 ? "" : last ? " and " : ", ") + heap_models[k].name;
  }
  if (!heap_models.empty()) help += "; " + names + (heap_models.size() == 1 ? " needs" : " need") + " --engine forward";
  return help;
}

}  // namespace

void add_exploration_flags(CLI::App* command, ExplorationFlags& flags, const std::vector<EngineName>& extra_engines,
                           const HeapModelCatalogue& heap_models) {
  flags.heap_models = heap_models;
  std::vector<std::string> engines{"forward", "trace"};
  std::string help = "forward (§2-§4.1)";
  std::vector<std::string> descriptions{"trace (§4: path conditions as weakest preconditions)"};
  for (const EngineName& engine : extra_engines) {
    engines.push_back(engine.name);
    descriptions.push_back(engine.name + " (" + engine.description + ")");
  }
  for (std::size_t k = 0; k < descriptions.size(); ++k)
    help += (k + 1 == descriptions.size() ? " or " : ", ") + descriptions[k];
  command->add_option("--engine", flags.engine, help)
      ->check(CLI::IsMember(engines))
      ->capture_default_str();
  command->add_option("--solver", flags.solver, "z3, cvc5, or both (cross-checked on every query)")
      ->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  command->add_option("--loop-bound", flags.loop_bound,
                      "at most K iterations of a loop per entry and K nested active calls of one procedure or method")
      ->check(CLI::Range(std::uint32_t{0}, std::uint32_t{1'000'000}))
      ->capture_default_str();
  command->add_option("--max-steps", flags.max_steps, "at most N transitions per path")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  command->add_option("--max-paths", flags.max_paths, "stop after N leaves (0: no limit)")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 62))
      ->capture_default_str();
  command->add_option("--timeout", flags.timeout_milliseconds,
                      "per-query solver time limit in milliseconds (0: none); a query that runs out is reported unknown")
      ->check(CLI::Range(0u, 86'400'000u))
      ->capture_default_str();
  std::vector<std::string> heap_names{"arrays"};
  for (const HeapModelChoice& choice : heap_models) heap_names.push_back(choice.name);
  command->add_option("--heap", flags.heap, heap_help(heap_models))->check(CLI::IsMember(heap_names))->capture_default_str();
  add_max_int_bits_option(command, flags.max_int_bits);
  command->add_flag("--heap-prune", flags.heap_prune,
                    "lazy/summary: drop points-to targets whose guard the solver refutes under the path condition "
                    "(Summarize, UN, VS, ST; unknown keeps the target)");
}

void check_heap_flags(const ExplorationFlags& flags) {
  if (flags.heap != "arrays" && flags.engine != "forward")
    throw CLI::ValidationError("--heap", "--heap " + flags.heap + " needs --engine forward");
  if (flags.heap_prune && flags.heap == "arrays")
    throw CLI::ValidationError("--heap-prune", "--heap-prune needs --heap lazy or summary");
}

ExploreOptions explore_options_from(const ExplorationFlags& flags) {
  ExploreOptions options;
  options.engine = flags.engine == "trace" ? EngineMode::Trace : EngineMode::Forward;
  options.limits.loop_bound = flags.loop_bound;
  options.max_steps = flags.max_steps;
  options.max_paths = flags.max_paths;
  options.solver = flags.solver;
  options.solving.timeout_milliseconds = flags.timeout_milliseconds;
  options.heap = find_heap_model(flags.heap_models, flags.heap);
  options.heap_prune = flags.heap_prune;
  return options;
}

}  // namespace symref::cli
