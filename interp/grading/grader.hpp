// Grading a student's answers to a lab (`symref grade`): each question is marked correct, wrong
// (with an input on which the answer and the truth differ, or for a count whether it is too high
// or too low), malformed (with the diagnostic), undecided (the solver or a limit stopped the check:
// never counted right or wrong) or missing.  The truth is computed from the program, never read from a golden file; the
// limits (steps per path, paths, solver time per query, answer length) keep a hostile answer from
// hanging the grader.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interp/grading/lab.hpp"
#include "semantics/concrete/state.hpp"

namespace symref {

struct GradingLimits {
  std::uint64_t max_steps = 10'000;        // per path
  std::uint64_t max_paths = 10'000;        // per exploration
  // Per question: each solver query stops there, and the search for a small separating input
  // (small_input.hpp) starts no query after that long since the question's grading began.
  unsigned timeout_milliseconds = 5000;
  std::size_t max_answer_length = 4000;    // characters of one condition
  std::string solver = "z3";
};

enum class Mark { Correct, Wrong, Malformed, Undecided, Missing };
const char* mark_name(Mark mark);

struct QuestionGrade {
  const LabQuestion* question = nullptr;
  Mark mark = Mark::Missing;
  nlohmann::ordered_json answer;        // as given (null when missing)
  std::string feedback;                 // one line for the student
  std::string diagnostic;               // Malformed: file:line:col: error: ... with the line and a caret
  std::optional<GlobalState> separating_input;
  bool answer_value = false, truth_value = false;  // on the separating input
  std::string run;                      // the program's run on the separating input: "path TF, normal"
};

struct ExerciseGrade {
  const Exercise* exercise = nullptr;
  std::vector<QuestionGrade> questions;
};

struct GradeReport {
  std::string lab_directory;
  std::string answers_path;
  std::string student;
  std::vector<ExerciseGrade> exercises;
  std::vector<std::string> file_errors;  // problems of the answers file itself (unknown names, bad shape)
  bool malformed() const;                // any malformed answer or file error
  bool any_wrong() const;                // any answer marked wrong
};

class QuestionTruths;

// Reads the answers file (JSON: question id → answer for one exercise; exercise name → such an
// object for a lab of several; optional "student" and "comment" strings) and grades every
// question of the lab.  Throws InputError when the file is not JSON or not an object.  The
// questions' truths come from `truths` (question_truths.hpp) when given, so that grading many
// files computes each once; `limits` must be the ones `truths` was made with.
GradeReport grade_answers(const Lab& lab, const std::string& answers_path, const GradingLimits& limits,
                          QuestionTruths* truths = nullptr);

// The same for a file of answers to one exercise of the lab (question id → answer), such as the
// exercise's own golden.json; the report has that exercise only.
GradeReport grade_exercise_answers(const Lab& lab, const Exercise& exercise, const std::string& answers_path,
                                   const GradingLimits& limits, QuestionTruths* truths = nullptr);

nlohmann::ordered_json grade_report_to_json(const GradeReport& report);
std::string grade_report_to_text(const GradeReport& report);

}  // namespace symref
