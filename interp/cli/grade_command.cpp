// `symref grade LAB_DIR ANSWERS...`: one student's answers to a lab's questions, each marked
// correct, wrong (with a separating input), malformed (with the diagnostic), undecided or missing,
// as text or JSON; or a class's — many files or directories of them, graded in parallel — as a
// gradebook in text, CSV or JSON, with per-question statistics on request (interp/grading).  Exit
// 1 when an answer or an answers file is malformed, else 4 when any answer is wrong, else 0 (the
// marks are printed all the same).
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/grading/class_grading.hpp"
#include "interp/grading/grader.hpp"
#include "interp/grading/lab_check.hpp"
#include "interp/grading/question_truths.hpp"
#include "interp/grading/question_statistics.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::cli {

namespace {

struct GradeOptions {
  std::string lab;
  std::vector<std::string> answers;
  std::string format = "text";
  bool summary = false;
  unsigned jobs = 1;
  GradingLimits limits;
};

int grade_class(const Lab& lab, const GradeOptions& options) {
  Gradebook gradebook = grade_class(lab, answers_files(options.answers), options.limits, options.jobs);
  std::vector<QuestionStatistics> statistics;
  if (options.summary) statistics = question_statistics(gradebook, options.limits);
  if (options.format == "json") {
    nlohmann::ordered_json out = gradebook_to_json(gradebook);
    if (options.summary) out["summary"] = question_statistics_to_json(gradebook, statistics);
    std::cout << out.dump(2) << "\n";
  } else if (options.format == "csv") {
    std::cout << gradebook_to_csv(gradebook);
    if (options.summary) std::cout << "\n" << question_statistics_to_text(gradebook, statistics);
  } else {
    std::cout << gradebook_to_text(gradebook);
    if (options.summary) std::cout << "\n" << question_statistics_to_text(gradebook, statistics);
  }
  // The rows' errors in full (the gradebook shows their first lines), after it.
  std::cout.flush();
  for (const auto& row : gradebook.rows)
    for (const auto& error : row.errors) std::cerr << error;
  return gradebook.any_failed() ? exit_input_fault : gradebook.any_wrong() ? exit_answer_wrong : exit_done;
}

int grade(const GradeOptions& options) {
  Lab lab = load_lab(options.lab);
  // A lab with a question that has no answer, or goldens the program contradicts, grades nobody.
  QuestionTruths truths(options.limits);
  LabCheck check = check_lab(lab, options.limits, &truths);
  if (!check.errors.empty()) {
    for (const auto& error : check.errors) std::cerr << error;
    std::cerr << options.lab << ": the lab has " << check.errors.size() << (check.errors.size() == 1 ? " error" : " errors")
              << " (symref lab check " << options.lab << "); nothing graded\n";
    return exit_input_fault;
  }
  namespace fs = std::filesystem;
  const bool one_student = options.answers.size() == 1 && !fs::is_directory(options.answers.front()) && !options.summary &&
                           options.format != "csv";
  if (!one_student) return grade_class(lab, options);
  GradeReport report = grade_answers(lab, options.answers.front(), options.limits, &truths);
  for (const auto& error : report.file_errors) std::cerr << error;
  if (options.format == "json")
    std::cout << grade_report_to_json(report).dump(2) << "\n";
  else
    std::cout << grade_report_to_text(report);
  return report.malformed() ? exit_input_fault : report.any_wrong() ? exit_answer_wrong : exit_done;
}

}  // namespace

void add_grade_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<GradeOptions>();
  CLI::App* command = app.add_subcommand(
      "grade", "grade answers to a lab (corpus/labs) — one student's, or a class's into a gradebook: path conditions, weakest "
               "preconditions, path counts");
  command->add_option("LAB_DIR", options->lab, "an exercise directory (with exercise.json) or a directory of exercises")->required();
  command->add_option("ANSWERS", options->answers,
                      "answers files (JSON: question id → answer, or exercise → such an object) or directories of them; "
                      "more than one, or a directory, gives a gradebook with a row per student")
      ->required();
  command->add_option("--format", options->format, "text, json or csv (a gradebook)")
      ->check(CLI::IsMember({"text", "json", "csv"}))
      ->capture_default_str();
  command->add_flag("--summary", options->summary,
                    "per question: how many answered right, wrong, malformed, undecided or not at all, and the wrong answers "
                    "grouped by equivalence (with csv: after the table, as text)");
  command->add_option("--jobs", options->jobs, "grade N answers files at a time")->check(CLI::Range(1u, 256u))->capture_default_str();
  command->add_option("--max-steps", options->limits.max_steps, "at most N transitions per path")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10'000'000}))
      ->capture_default_str();
  command->add_option("--max-paths", options->limits.max_paths, "at most N leaves per exploration")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10'000'000}))
      ->capture_default_str();
  command->add_option("--timeout", options->limits.timeout_milliseconds,
                      "time limit in milliseconds per question: for each solver query, and for the search for a small "
                      "separating input; an answer it cannot decide is marked undecided")
      ->check(CLI::Range(1u, 600'000u))
      ->capture_default_str();
  command->add_option("--solver", options->limits.solver, "z3, cvc5 or both")->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  command->final_callback([&action, options] { action = [options] { return grade(*options); }; });
}

}  // namespace symref::cli
