// Per-question statistics of a graded class (`symref grade --summary`): how many answered each
// question right, wrong, malformed, undecided or not at all, and the wrong answers grouped by
// equivalence — answers the solver proves equivalent (outside the inputs the loop bound cuts) are
// one misconception, shown by one representative with its count and separating input.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interp/grading/class_grading.hpp"

namespace symref {

struct WrongAnswerGroup {
  const QuestionGrade* representative = nullptr;  // the first student's answer of the group
  std::vector<std::string> students;
  std::vector<std::string> spellings;  // the distinct answers of the group as written, the representative's first
};

struct QuestionStatistics {
  const Exercise* exercise = nullptr;
  const LabQuestion* question = nullptr;
  std::size_t counts[5] = {};  // by Mark
  std::vector<WrongAnswerGroup> wrong_answers;  // most frequent first
  std::size_t undecided_comparisons = 0;        // pairs of wrong answers the solver could not compare
};

// The statistics of every question of the lab, in the lab's order.
std::vector<QuestionStatistics> question_statistics(const Gradebook& gradebook, const GradingLimits& limits);

nlohmann::ordered_json question_statistics_to_json(const Gradebook& gradebook, const std::vector<QuestionStatistics>& statistics);
std::string question_statistics_to_text(const Gradebook& gradebook, const std::vector<QuestionStatistics>& statistics);

}  // namespace symref
