// Checking a lab before students answer it (`symref lab check`, and before every grading): each
// question must have an answer the program determines — a path-condition question names a path
// that exists and that some input takes within the question's bound; an outcome-condition
// question's outcome is reached by some input, unless the question says it is unreachable (its
// answer is false), and then none does; a feasible-paths question names its loop bound — and each
// exercise's golden.json is graded all correct while every answer in its wrong.json (when there
// is one) is graded wrong, a condition with a separating input.  Every error is a diagnostic at
// the question's position in exercise.json.
#pragma once

#include <string>
#include <vector>

#include "interp/grading/grader.hpp"
#include "interp/grading/lab.hpp"

namespace symref {

class QuestionTruths;

struct LabCheck {
  std::vector<std::string> errors;  // file:line:col: error: message, with the line and a caret
  std::size_t questions = 0;
  std::size_t golden_answers = 0, wrong_answers = 0;  // checked
};

// The golden and wrong answers of an exercise directory.
inline constexpr const char* golden_file_name = "golden.json";
inline constexpr const char* wrong_file_name = "wrong.json";

LabCheck check_lab(const Lab& lab, const GradingLimits& limits, QuestionTruths* truths = nullptr);

}  // namespace symref
