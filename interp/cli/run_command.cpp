// `symref run FILE [--input STATE.json] [--trace] [--max-steps N] [--max-depth N] [--max-int-bits N] [--json]`:
// the concrete transition system on one input (docs/cli.md).
#include <iostream>
#include <memory>
#include <string>
#include <type_traits>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/cli/configuration_printer.hpp"
#include "interp/state_json/site_format.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/concrete/fast/fast_machine.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"
#include "interp/version.hpp"

namespace symref::cli {

namespace {

struct RunOptions {
  std::string file;
  std::string input;
  bool trace = false;
  bool json = false;
  std::uint64_t max_steps = RunLimits{}.max_steps;
  std::uint32_t max_depth = RunLimits{}.max_depth;
  std::uint64_t max_int_bits = RunLimits{}.max_int_bits;
};

// Reads the input state, or the all-defaults state when there is none; notes go to stderr.
GlobalState load_input(const Program& program, const std::string& path) {
  std::vector<std::string> notes;
  GlobalState state;
  if (path.empty()) {
    state = default_global_state(program);
    if (!program.globals.empty()) notes.push_back("no input state given; every global starts at its default");
  } else {
    std::string error;
    auto source = SourceFile::read(path, error);
    if (source == nullptr) throw InputError(path + ": error: " + error + "\n");
    state = read_state(program, *source, notes);
  }
  for (const auto& note : notes) std::cerr << "note: " << note << "\n";
  return state;
}


// Prints the end of a run of either machine: outcome, steps, branch string and final state.
template <typename Machine>
int report(const Program& program, const RunOptions& options, const Machine& machine, GlobalState final_state,
           nlohmann::ordered_json trace) {
  name_new_objects(final_state);
  if (options.json) {
    nlohmann::ordered_json out;
    out["version"] = json_format_version;
    out["outcome"] = std::string(outcome_name(machine.outcome()));
    if (machine.outcome() == Outcome::Bound) out["bound_reason"] = machine.bound_reason();
    if (machine.outcome() != Outcome::Normal) out["at"] = site_to_json(program, machine.site());
    out["state"] = write_state(program, final_state);
    out["steps"] = machine.steps();
    // The letters (up to 2^20) need no escaping: they are spliced into the text in place of a
    // placeholder, which spares them the JSON writer's check of every byte — `--json` then costs
    // about what the text output does.
    constexpr const char* placeholder = "\"\\u0001\"";
    out["branches"] = "\x01";
    if (machine.branch_count() > BranchRecord::kept_letters) {  // docs/json.md: only the first letters are kept
      out["branches_truncated"] = true;
      out["branch_count"] = machine.branch_count();
    }
    if (options.trace) out["trace"] = std::move(trace);
    std::string text = out.dump(2);
    text.replace(text.find(placeholder), std::char_traits<char>::length(placeholder), "\"" + machine.branches() + "\"");
    std::cout << text << "\n";
  } else {
    std::cout << "outcome: " << outcome_name(machine.outcome());
    if (machine.outcome() == Outcome::Bound) std::cout << " (" << machine.bound_reason() << ")";
    if (machine.outcome() != Outcome::Normal) {
      const OutcomeSite site = machine.site();
      std::cout << " at " << site_heading(program, site) << "\n" << site_details(program, site, "");
    } else {
      std::cout << "\n";
    }
    std::string branches;
    if constexpr (std::is_same_v<Machine, FastMachine>)  // only the letters shown are spelled out
      branches = shorten_branches(machine.branch_record().to_string(branches_shown_in_full), machine.branch_count());
    else
      branches = shorten_branches(machine.branches(), machine.branch_count());
    std::cout << "steps: " << machine.steps() << "\nbranches: " << branches
              << "\nfinal state:\n"
              << render_state(program, final_state, "  ");
  }
  return exit_done;
}

int run(const RunOptions& options) {
  auto program = load_program(options.file);
  RunLimits limits{options.max_steps, options.max_depth, options.max_int_bits};
  if (!options.trace) {
    // Nobody asks for the rules: the fast path (concrete/fast/fast_machine.hpp) applies the same ones.
    FastMachine machine(*program, load_input(*program, options.input));
    machine.run(limits);
    return report(*program, options, machine, machine.take_state(), {});
  }
  ConcreteMachine machine(*program, load_input(*program, options.input));

  // Step by step, printing each transition: the rule's name and the configuration it leads to.
  nlohmann::ordered_json trace = nlohmann::ordered_json::array();
  machine.set_limits(limits);
  ConfigurationPrinter printer(*program);
  while (machine.outcome() == Outcome::Running && machine.steps() < limits.max_steps) {
    const Statement* statement = machine.next_statement();
    std::string where = printer.describe_position(machine.control(), statement);
    auto rule = machine.step();
    if (!rule) break;
    if (options.json) {
      trace.push_back({{"step", machine.steps()}, {"rule", concrete_rule_name(*rule)}, {"at", where}});
    } else {
      std::cout << "#" << machine.steps() << " " << concrete_rule_name(*rule) << "  " << where << "\n"
                << printer.render(machine, "    ");
    }
  }
  machine.run(limits);  // classifies the run's end after tracing
  return report(*program, options, machine, machine.state(), std::move(trace));
}

}  // namespace

void add_run_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* command = app.add_subcommand("run", "run a program on the concrete transition system");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  command->add_option("--input", options->input, "the input state (JSON); globals it omits start at their defaults");
  command->add_flag("--trace", options->trace, "print every transition: the rule's name and the configuration");
  command->add_option("--max-steps", options->max_steps, "end the run in outcome 'bound' after this many transitions")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 62))
      ->capture_default_str();
  command->add_option("--max-depth", options->max_depth, "end the run in outcome 'bound' beyond this many active calls")
      ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{100'000'000}))
      ->capture_default_str();
  add_max_int_bits_option(command, options->max_int_bits);
  command->add_flag("--json", options->json, "print {\"outcome\", \"state\", \"steps\", \"branches\"} as one JSON object");
  command->final_callback([&action, options] { action = [options] { return run(*options); }; });
}

}  // namespace symref::cli
