// `symref grade LAB_DIR ANSWERS.json`: a student's answers to a lab's questions, each marked
// correct, wrong (with a separating input), malformed (with the diagnostic), undecided or missing,
// as text or JSON (interp/grading).  Exit 0 when every answer could be graded, 1 when an answer or
// the answers file is malformed (the marks are printed all the same).
#include <iostream>
#include <memory>
#include <string>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/grading/grader.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::cli {

namespace {

struct GradeOptions {
  std::string lab;
  std::string answers;
  std::string format = "text";
  GradingLimits limits;
};

int grade(const GradeOptions& options) {
  Lab lab = load_lab(options.lab);
  GradeReport report = grade_answers(lab, options.answers, options.limits);
  for (const auto& error : report.file_errors) std::cerr << error;
  if (options.format == "json")
    std::cout << grade_report_to_json(report).dump(2) << "\n";
  else
    std::cout << grade_report_to_text(report);
  return report.malformed() ? exit_input_fault : exit_done;
}

}  // namespace

void add_grade_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<GradeOptions>();
  CLI::App* command = app.add_subcommand("grade", "grade a student's answers to a lab (corpus/labs): path conditions, weakest preconditions, path counts");
  command->add_option("LAB_DIR", options->lab, "an exercise directory (with exercise.json) or a directory of exercises")->required();
  command->add_option("ANSWERS", options->answers, "the answers (JSON: question id → answer, or exercise → such an object)")->required();
  command->add_option("--format", options->format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  command->add_option("--max-steps", options->limits.max_steps, "at most N transitions per path")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10'000'000}))
      ->capture_default_str();
  command->add_option("--max-paths", options->limits.max_paths, "at most N leaves per exploration")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10'000'000}))
      ->capture_default_str();
  command->add_option("--timeout", options->limits.timeout_milliseconds,
                      "solver time limit in milliseconds per query; an answer it cannot decide is marked undecided")
      ->check(CLI::Range(1u, 600'000u))
      ->capture_default_str();
  command->add_option("--solver", options->limits.solver, "z3, cvc5 or both")->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  command->final_callback([&action, options] { action = [options] { return grade(*options); }; });
}

}  // namespace symref::cli
