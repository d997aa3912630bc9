// What a lab question's answer is compared with — the condition computed from the program, or the
// number of feasible paths — computed once per question and kept, since it depends on the program
// and the question only, never on the answer (interp/grading).  One store serves one thread: its
// term managers are not shared.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "interp/grading/condition_check.hpp"
#include "interp/grading/grader.hpp"
#include "interp/grading/lab.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref {

// The truth of one question.  Conditions live in `terms`, where the answers are translated too.
struct QuestionTruth {
  std::unique_ptr<terms::TermManager> terms;
  ConditionQuery query;                      // condition questions: how it was computed
  std::optional<ComputedCondition> condition;  // condition questions, when it could be computed
  std::optional<std::uint64_t> feasible;     // feasible-paths questions, when every leaf was decided
  std::uint32_t loop_bound = 0;              // feasible-paths questions: the bound used
  std::string failure;                       // why neither is there: the lab's question has no answer, a limit
};

class QuestionTruths {
 public:
  explicit QuestionTruths(const GradingLimits& limits);
  ~QuestionTruths();
  // Computed on the first call for a question, the same object afterwards.
  QuestionTruth& of(const Exercise& exercise, const LabQuestion& question);

 private:
  GradingLimits limits_;
  std::map<const LabQuestion*, std::unique_ptr<QuestionTruth>> truths_;
};

// The query that computes a condition question's truth under the grading limits.
ConditionQuery query_for(const LabQuestion& question, const GradingLimits& limits);

}  // namespace symref
