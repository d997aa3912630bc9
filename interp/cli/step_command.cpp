// `symref step FILE --input STATE.json`: the concrete and the symbolic system in lockstep, one
// transition per block of lines, with the simulation relation of §2–§3 checked at every step.
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "interp/cli/command.hpp"
#include "interp/cli/configuration_printer.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/lockstep/configuration_view.hpp"
#include "interp/lockstep/lockstep.hpp"
#include "interp/property_failure.hpp"
#include "interp/version.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/syntax/printer.hpp"
#include "semantics/terms/printer.hpp"

namespace symref::cli {

namespace {

struct StepOptions {
  std::string file;
  std::string input;
  std::uint64_t max_steps = 10'000;
  bool quiet = false;
  std::uint64_t max_int_bits = default_max_int_bits;
  std::string format = "text";
};

nlohmann::ordered_json named_texts_to_json(const std::vector<NamedText>& parts) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const NamedText& part : parts) out[part.name] = part.text;
  return out;
}

nlohmann::ordered_json closures_to_json(const std::vector<ClosureView>& closures) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ClosureView& closure : closures) out.push_back({{"name", closure.name}, {"locals", named_texts_to_json(closure.locals)}});
  return out;
}

// One checked step in JSON: where, the two rules, the letters, both configurations and the checks.
nlohmann::ordered_json step_to_json(const Program& program, terms::TermManager& terms, const Lockstep& lockstep,
                                    const LockstepStep& step) {
  const ConcreteView concrete = view_concrete(program, lockstep.concrete());
  nlohmann::ordered_json heap = nlohmann::ordered_json::array();
  for (const ObjectView& object : concrete.heap)
    heap.push_back({{"object", object.label}, {"class", object.class_name}, {"fields", named_texts_to_json(object.fields)}});
  const SymbolicView symbolic = view_symbolic(program, terms, lockstep.symbolic(), {300}, {600});
  nlohmann::ordered_json out;
  out["index"] = step.index;
  out["position"] = step.position;
  out["concrete_rule"] = concrete_rule_name(step.concrete_rule);
  out["symbolic_rule"] = step.symbolic_rule ? nlohmann::ordered_json(symbolic_rule_name(*step.symbolic_rule)) : nlohmann::ordered_json(nullptr);
  out["letters"] = step.letters;
  out["concrete"] = {{"globals", named_texts_to_json(concrete.globals)}, {"closures", closures_to_json(concrete.closures)},
                     {"heap", std::move(heap)}};
  out["symbolic"] = {{"sigma", named_texts_to_json(symbolic.globals)}, {"tau", closures_to_json(symbolic.closures)},
                     {"fields", named_texts_to_json(symbolic.fields)}, {"phi", symbolic.path_condition}};
  out["check"] = {{"same_rule", step.symbolic_rule.has_value()}, {"path_condition_holds", step.path_condition_holds},
                  {"states_correspond", step.states_correspond}};
  return out;
}

std::string render_symbolic(const Program& program, terms::TermManager& terms, const SymbolicConfiguration& c,
                            const std::string& indent) {
  const SymbolicView view = view_symbolic(program, terms, c, {300}, {600});
  std::string out;
  if (!view.globals.empty()) {
    out += indent + "σ:";
    for (std::size_t g = 0; g < view.globals.size(); ++g)
      out += (g ? ", " : " ") + view.globals[g].name + " ↦ " + view.globals[g].text;
    out += "\n";
  }
  if (!view.closures.empty()) {
    out += indent + "τ:";
    for (const ClosureView& closure : view.closures) {
      out += " " + closure.name + "(";
      for (std::size_t slot = 0; slot < closure.locals.size(); ++slot)
        out += (slot ? ", " : "") + closure.locals[slot].name + " ↦ " + closure.locals[slot].text;
      out += ") ·";
    }
    out += " main\n";
  }
  for (const NamedText& field : view.fields) out += indent + field.name + " ↦ " + field.text + "\n";
  out += indent + "φ: " + view.path_condition + "\n";
  return out;
}

int step(const StepOptions& options) {
  auto program = load_program(options.file);
  std::vector<std::string> notes;
  std::string error;
  auto source = SourceFile::read(options.input, error);
  if (source == nullptr) throw InputError(options.input + ": error: " + error + "\n");
  GlobalState input = read_state(*program, *source, notes);
  for (const auto& note : notes) std::cerr << "note: " << note << "\n";

  terms::TermManager terms(program.get());
  terms.set_max_int_bits(options.max_int_bits);
  Lockstep lockstep(*program, terms, input);
  ConfigurationPrinter printer(*program);
  const bool json = options.format == "json";
  nlohmann::ordered_json steps = nlohmann::ordered_json::array();
  std::uint64_t checked = 0;
  while (checked < options.max_steps) {
    auto step = lockstep.step();
    if (!step) break;
    ++checked;
    if (json && !options.quiet) {
      steps.push_back(step_to_json(*program, terms, lockstep, *step));
    } else if (!options.quiet) {
      std::cout << "#" << step->index << "  " << step->position << "  " << concrete_rule_name(step->concrete_rule)
                << " | " << (step->symbolic_rule ? symbolic_rule_name(*step->symbolic_rule) : std::string("(none)"))
                << (step->letters.empty() ? "" : "  [" + step->letters + "]") << "\n";
      std::cout << "  concrete:\n" << printer.render(lockstep.concrete(), "    ");
      std::cout << "  symbolic:\n" << render_symbolic(*program, terms, lockstep.symbolic(), "    ");
      std::cout << "  check: " << (step->symbolic_rule ? "same rule ✓" : "same rule ✗") << "  "
                << (step->path_condition_holds ? "V0 ⊨ φ ✓" : "V0 ⊨ φ ✗") << "  "
                << (step->states_correspond ? "V = V0∘σ, L = V0∘τ ✓" : "V = V0∘σ, L = V0∘τ ✗") << "\n";
    }
    if (!step->ok())
      throw PropertyFailure("step " + std::to_string(step->index) + " at " + step->position + ": " + step->difference);
  }
  if (checked == options.max_steps) lockstep.stop_at_step_limit(options.max_steps);
  const ConcreteMachine& machine = lockstep.concrete();
  const bool cut = machine.outcome() == Outcome::Bound && !machine.bound_reason().empty();
  if (json) {
    nlohmann::ordered_json out;
    out["version"] = json_format_version;
    out["program"] = options.file;
    if (!options.quiet) out["steps"] = std::move(steps);
    out["outcome"] = std::string(outcome_name(machine.outcome()));
    if (cut) out["bound_reason"] = machine.bound_reason();
    out["step_count"] = machine.steps();
    out["branches"] = machine.branches();
    out["checked"] = checked;
    std::cout << out.dump(2) << "\n";
    return exit_done;
  }
  std::cout << "outcome: " << outcome_name(machine.outcome()) << (cut ? " (" + machine.bound_reason() + ")" : "")
            << "  steps: " << machine.steps() << "  branches: " << shorten_branches(machine.branches(), machine.branch_count()) << "\n"
            << "every step checked: the symbolic path simulates the run (Theorems 2.3/3.5 and 2.4/3.6 on this input)\n";
  return exit_done;
}

}  // namespace

void add_step_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<StepOptions>();
  CLI::App* command =
      app.add_subcommand("step", "run the concrete and the symbolic system in lockstep, checking the simulation at every step");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  command->add_option("--input", options->input, "the input state (JSON)")->required();
  command->add_option("--max-steps", options->max_steps, "stop after N steps")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}))
      ->capture_default_str();
  add_max_int_bits_option(command, options->max_int_bits);
  command->add_flag("--quiet", options->quiet, "print only the summary (every step is still checked)");
  command->add_option("--format", options->format, "text or json (every step, then the outcome and the whole branch string)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  command->add_flag_callback("--json", [options] { options->format = "json"; }, "the same as --format json");
  command->final_callback([&action, options] { action = [options] { return step(*options); }; });
}

}  // namespace symref::cli
