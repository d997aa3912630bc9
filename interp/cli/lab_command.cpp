// `symref lab check LAB_DIR` and `symref lab new DIR`: a lab checked before students answer it —
// every question answerable, the golden answers right, the wrong ones rejected, errors at the
// question's position in exercise.json — and a new exercise's five files to start from
// (interp/grading/lab_check, lab_template).  Exit 0 when the lab passes, 1 with its errors.
#include <iostream>
#include <memory>
#include <string>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/grading/lab_check.hpp"
#include "interp/grading/lab_template.hpp"

namespace symref::cli {

namespace {

struct LabOptions {
  std::string directory;
  GradingLimits limits;
};

int check(const LabOptions& options) {
  Lab lab = load_lab(options.directory);
  LabCheck result = check_lab(lab, options.limits);
  for (const auto& error : result.errors) std::cerr << error;
  if (!result.errors.empty()) {
    std::cerr << options.directory << ": " << result.errors.size() << (result.errors.size() == 1 ? " error" : " errors")
              << " in the lab\n";
    return exit_input_fault;
  }
  std::cout << "lab " << options.directory << ": " << lab.exercises.size() << (lab.exercises.size() == 1 ? " exercise, " : " exercises, ")
            << result.questions << " questions, each with an answer the program determines; " << result.golden_answers
            << " golden answers right, " << result.wrong_answers << " wrong answers rejected\n";
  return exit_done;
}

int create(const LabOptions& options) {
  for (const auto& path : write_lab_template(options.directory)) std::cout << "wrote " << path << "\n";
  std::cout << "next: edit the files, then run: symref lab check " << options.directory << "\n";
  return exit_done;
}

}  // namespace

void add_lab_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<LabOptions>();
  CLI::App* command = app.add_subcommand("lab", "write and check lab exercises for symref grade");
  command->require_subcommand(1);
  CLI::App* check_command = command->add_subcommand(
      "check", "check a lab: every question answerable (paths exist and are feasible, outcomes reached), golden.json right, "
               "wrong.json rejected");
  check_command->add_option("LAB_DIR", options->directory, "an exercise directory or a directory of exercises")->required();
  check_command->add_option("--timeout", options->limits.timeout_milliseconds, "time limit in milliseconds per question")
      ->check(CLI::Range(1u, 600'000u))
      ->capture_default_str();
  check_command->add_option("--solver", options->limits.solver, "z3, cvc5 or both")
      ->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  check_command->final_callback([&action, options] { action = [options] { return check(*options); }; });
  CLI::App* new_command =
      command->add_subcommand("new", "write a new exercise's five files (task, program, questions, golden and wrong answers) to start from");
  new_command->add_option("DIR", options->directory, "the exercise's directory (new, or without those files)")->required();
  new_command->final_callback([&action, options] { action = [options] { return create(*options); }; });
}

}  // namespace symref::cli
