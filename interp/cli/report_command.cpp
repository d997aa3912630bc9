// `symref report FILE [--input STATE.json] [-o OUT.html]`: the symbolic execution tree and, with
// an input, the lockstep stepper, as one self-contained HTML page (interp/report).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "interp/cli/command.hpp"
#include "interp/cli/explore_extension.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/cli/exploration_flags.hpp"
#include "interp/explore/exploration_report.hpp"
#include "interp/property_failure.hpp"
#include "interp/report/html_report.hpp"
#include "interp/report/stepper_record.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::cli {

namespace {

struct ReportOptions {
  std::string file;
  std::string input;
  std::string output;
  ExplorationFlags exploration;
  std::string layout = "auto";
  std::size_t window_nodes = 100;
  std::uint64_t stepper_steps = 10'000;
  std::string fault;
  bool no_timings = false;
};

std::string default_output(const std::string& file) {
  return std::filesystem::path(file).stem().string() + ".html";
}

int report(const ReportOptions& options) {
  activate_fault(options.fault);
  auto program = load_program(options.file);
  std::optional<GlobalState> input;
  if (!options.input.empty()) {
    std::string error;
    auto source = SourceFile::read(options.input, error);
    if (source == nullptr) throw InputError(options.input + ": error: " + error + "\n");
    std::vector<std::string> notes;
    input = read_state(*program, *source, notes);
    for (const auto& note : notes) std::cerr << "note: " << note << "\n";
  }
  const std::string output = options.output.empty() ? default_output(options.file) : options.output;
  // Opened before the exploration, so that an unwritable path is reported at once.
  std::ofstream out(output, std::ios::binary);
  if (!out) throw InputError(output + ": error: cannot write the report\n");

  terms::TermManager terms(program.get());
  terms.set_max_int_bits(options.exploration.max_int_bits);
  Explorer explorer(*program, terms, explore_options_from(options.exploration));
  ExplorationResult result = explorer.explore();
  std::optional<report::StepperRecord> stepper;
  if (input) stepper = report::record_lockstep(*program, terms, *input, options.stepper_steps);

  ReportContext context{*program, terms, options.file, options.exploration.engine, options.exploration.solver};
  context.timings = !options.no_timings;
  report::HtmlReportOptions html_options;
  html_options.loop_bound = options.exploration.loop_bound;
  html_options.input_file = options.input;
  html_options.layout = options.layout == "dot"   ? report::LayoutChoice::Graphviz
                        : options.layout == "own" ? report::LayoutChoice::Own
                                                  : report::LayoutChoice::Automatic;
  html_options.window_nodes = options.window_nodes;
  report::HtmlReport page = report::build_html_report(context, result, program->source->text(), stepper, html_options);

  out << page.html;
  out.close();
  if (!out) throw InputError(output + ": error: cannot write the report\n");
  if (!page.layout_note.empty()) std::cerr << "note: " << page.layout_note << "\n";
  const auto& s = result.statistics;
  std::cout << "wrote " << output << " (" << (page.html.size() + 1023) / 1024 << " KiB): " << s.paths << " leaves ("
            << s.feasible << " feasible) in " << page.windows << (page.windows == 1 ? " window" : " windows") << ", drawn by "
            << (page.layout == "graphviz" ? "Graphviz dot" : "symref's own layout");
  if (stepper) std::cout << "; stepper: " << stepper->json["steps"].size() - 1 << " steps";
  std::cout << "\n";

  // The page shows every check; a failed one is still a bug in symref, reported as for explore and step.
  std::string disagreements = describe_disagreements(*program, result);
  if (!disagreements.empty()) throw PropertyFailure("the engines disagree with the concrete system or with each other" + disagreements);
  if (stepper && !stepper->failure.empty()) throw PropertyFailure(stepper->failure);
  return exit_done;
}

}  // namespace

void add_report_command(CLI::App& app, Action& action) { add_report_command(app, action, {}); }

void add_report_command(CLI::App& app, Action& action, const HeapModelCatalogue& heap_models) {
  auto options = std::make_shared<ReportOptions>();
  CLI::App* command = app.add_subcommand(
      "report", "one self-contained HTML page: the source, the symbolic execution tree, and with --input the lockstep stepper");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  command->add_option("--input", options->input, "an input state (JSON): adds the stepper of `symref step` on it");
  command->add_option("-o,--output", options->output, "the HTML file to write (default: the program's name with .html, here)");
  add_exploration_flags(command, options->exploration, {}, heap_models);
  command->add_option("--layout", options->layout, "auto (Graphviz dot when on PATH), dot, or own (symref's layout)")
      ->check(CLI::IsMember({"auto", "dot", "own"}))
      ->capture_default_str();
  command->add_option("--window-nodes", options->window_nodes,
                      "at most N nodes per picture; deeper subtrees are collapsed into pictures of their own")
      ->check(CLI::Range(std::size_t{8}, std::size_t{100'000}))
      ->capture_default_str();
  command->add_option("--stepper-steps", options->stepper_steps, "record at most N steps of the lockstep run")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000}))
      ->capture_default_str();
  add_fault_option(command, options->fault,
                   "switch on a planted semantic bug (see `symref fuzz --list-faults`), to see the page mark it");
  add_no_timings_flag(command, options->no_timings);
  command->final_callback([&action, options] { action = [options] { return report(*options); }; });
}

}  // namespace symref::cli
