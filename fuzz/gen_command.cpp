// `symref gen`: one generated program, or its first input state as JSON.
//
// `symref gen`: one generated program (the one `--seed S --level L --size N` names), or with
// `--input` its first input state as JSON, e.g. to run it: symref gen ... > p.sym; symref gen ... --input > i.json.
// `--whole-case` prints everything the seed fixes (probe program, every input, the choice seed), so
// that a golden file shows any change in generation, e.g. between compilers.
#include <iostream>
#include <memory>

#include "interp/cli/exit_codes.hpp"
#include "interp/state_json/state_format.hpp"
#include "fuzz/commands.hpp"
#include "props/generator.hpp"
#include "props/shape_printer.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::fuzz {

namespace {

struct GenCommandOptions {
  std::uint64_t seed = 1;
  int level = 3;
  int size = 50;
  bool input = false;
  bool whole_case = false;
};

// The program, the probe program (probes and updates), every input as JSON, and the choice seed.
void print_whole_case(const props::TestCase& test_case) {
  const std::string text = props::program_text(test_case);
  auto program = load_program_from_text("generated.sym", text);
  std::cout << text << "// probes and updates\n" << print_program_shape(probe_program(test_case));
  for (std::size_t k = 0; k < test_case.inputs.size(); ++k)
    std::cout << "// input " << k << "\n" << write_state(*program, materialize_input(*program, test_case.inputs[k])).dump(2) << "\n";
  std::cout << "// choice seed " << test_case.choice_seed << "\n";
}

int gen(const GenCommandOptions& options) {
  props::TestCase test_case = props::generate_test_case(options.seed, options.level, options.size);
  if (options.whole_case) {
    print_whole_case(test_case);
    return cli::exit_done;
  }
  const std::string text = props::program_text(test_case);
  if (!options.input) {
    std::cout << text;
    return cli::exit_done;
  }
  auto program = load_program_from_text("generated.sym", text);
  GlobalState state = props::materialize_input(*program, test_case.inputs.at(0));
  std::cout << write_state(*program, state).dump(2) << "\n";
  return cli::exit_done;
}

}  // namespace

void add_gen_command(CLI::App& app, cli::Action& action) {
  auto options = std::make_shared<GenCommandOptions>();
  CLI::App* command = app.add_subcommand("gen", "print one generated well-typed program (or its input state)");
  command->add_option("--seed", options->seed, "the program's seed")->capture_default_str();
  command->add_option("--level", options->level, "1: globals, arrays, loops; 2: + procedures; 3: + classes and methods")
      ->check(CLI::Range(1, 3))
      ->capture_default_str();
  command->add_option("--size", options->size, "0..100: statements and expression depth grow with it")
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  command->add_flag("--input", options->input, "print the program's first generated input state (JSON) instead");
  command->add_flag("--whole-case", options->whole_case,
                    "print the whole test case instead: program, probes and updates, every input (JSON), choice seed")
      ->excludes("--input");
  command->final_callback([&action, options] { action = [options] { return gen(*options); }; });
}

}  // namespace symref::fuzz
