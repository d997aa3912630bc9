// The checks of a lab's questions and of its golden and wrong answers (interp/grading).
#include "interp/grading/lab_check.hpp"

#include <filesystem>
#include <optional>

#include "interp/grading/question_truths.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref {

namespace {

namespace fs = std::filesystem;

class ExerciseCheck {
 public:
  ExerciseCheck(const Lab& lab, const Exercise& exercise, const GradingLimits& limits, QuestionTruths& truths, LabCheck& out)
      : lab_(lab), exercise_(exercise), limits_(limits), truths_(truths), out_(out) {}

  void run() {
    for (const LabQuestion& question : exercise_.questions) {
      ++out_.questions;
      check_question(question);
    }
    check_answers();
  }

 private:
  void error_at(std::size_t offset, const std::string& message) {
    const SourceFile& source = *exercise_.source;
    out_.errors.push_back(format_diagnostic(&source, source.path(), Diagnostic{source.location_of(offset), message}));
  }

  std::string bound_text(const LabQuestion& question) const {
    return question.loop_bound ? " at loop bound " + std::to_string(*question.loop_bound) : std::string();
  }

  // Whether some input satisfies `condition` outside the cut.
  solver::SatResult satisfiable(QuestionTruth& truth, terms::Term condition) {
    solver::SolverOptions options;
    options.timeout_milliseconds = limits_.timeout_milliseconds;
    auto solver = solver::make_solver(limits_.solver, *truth.terms, options);
    solver->add(condition);
    if (truth.condition->cut != nullptr && !truth.condition->cut->is_false()) solver->add(truth.terms->logical_not(truth.condition->cut));
    return solver->check();
  }

  void check_question(const LabQuestion& question) {
    const std::string id = "question \"" + question.id + "\": ";
    if (question.kind == QuestionKind::FeasiblePaths && !question.loop_bound) {
      error_at(question.offset, id + "a feasible-paths question names its \"loop_bound\" (the count depends on it)");
      return;
    }
    QuestionTruth& truth = truths_.of(exercise_, question);
    if (question.kind == QuestionKind::FeasiblePaths) {
      if (!truth.feasible) error_at(question.offset, id + truth.failure);
      return;
    }
    if (!truth.condition) {
      error_at(question.kind == QuestionKind::PathCondition ? question.branches_offset : question.offset, id + truth.failure);
      return;
    }
    if (truth.condition->truncated) {
      error_at(question.offset, id + "the tree has more leaves than the grader explores (--max-paths): the answer is not known");
      return;
    }
    if (question.kind == QuestionKind::PathCondition) {
      const SymbolicConfiguration& leaf = *truth.condition->leaf;
      if (leaf.outcome == Outcome::Bound) {
        error_at(question.branches_offset, id + "the path " + question.branches + " is cut by the bound" + bound_text(question) +
                                               (leaf.bound_reason.empty() ? "" : " (" + leaf.bound_reason + ")"));
        return;
      }
      switch (satisfiable(truth, truth.condition->condition)) {
        case solver::SatResult::Sat: return;
        case solver::SatResult::Unsat:
          error_at(question.branches_offset, id + "the path " + question.branches + " is infeasible: no input takes it" + bound_text(question));
          return;
        case solver::SatResult::Unknown:
          error_at(question.branches_offset, id + "the solver could not decide whether some input takes the path " + question.branches);
          return;
      }
    }
    if (question.kind == QuestionKind::OutcomeCondition) {
      const std::string outcome(outcome_name(*question.outcome));
      switch (satisfiable(truth, truth.condition->condition)) {
        case solver::SatResult::Sat:
          if (question.unreachable)
            error_at(question.outcome_offset, id + "the question says no input ends in " + outcome + ", but some input does" +
                                                  bound_text(question));
          return;
        case solver::SatResult::Unsat:
          if (!question.unreachable)
            error_at(question.outcome_offset, id + "no input ends in " + outcome + bound_text(question) +
                                                  "; if the answer is meant to be false, say \"unreachable\": true");
          return;
        case solver::SatResult::Unknown:
          error_at(question.outcome_offset, id + "the solver could not decide whether some input ends in " + outcome);
          return;
      }
    }
  }

  void check_answers() {
    const fs::path directory(exercise_.directory);
    const fs::path golden = directory / golden_file_name;
    if (!fs::is_regular_file(golden)) {
      error_at(0, "the exercise has no " + std::string(golden_file_name) + " (the answers the lab expects)");
    } else {
      GradeReport report = grade_exercise_answers(lab_, exercise_, golden.string(), limits_, &truths_);
      for (const auto& error : report.file_errors) out_.errors.push_back(error);
      for (const QuestionGrade& grade : report.exercises.front().questions) {
        ++out_.golden_answers;
        const std::string id = "question \"" + grade.question->id + "\": ";
        switch (grade.mark) {
          case Mark::Correct: break;
          case Mark::Missing: error_at(grade.question->offset, id + "golden.json has no answer to it"); break;
          case Mark::Malformed: out_.errors.push_back(grade.diagnostic); break;
          case Mark::Wrong: error_at(grade.question->offset, id + "the answer in golden.json is wrong: " + grade.feedback); break;
          case Mark::Undecided: error_at(grade.question->offset, id + "the answer in golden.json could not be confirmed: " + grade.feedback); break;
        }
      }
    }
    const fs::path wrong = directory / wrong_file_name;
    if (!fs::is_regular_file(wrong)) return;
    GradeReport report = grade_exercise_answers(lab_, exercise_, wrong.string(), limits_, &truths_);
    for (const auto& error : report.file_errors) out_.errors.push_back(error);
    for (const QuestionGrade& grade : report.exercises.front().questions) {
      if (grade.mark == Mark::Missing) continue;
      ++out_.wrong_answers;
      const std::string id = "question \"" + grade.question->id + "\": ";
      switch (grade.mark) {
        case Mark::Wrong:
          if (grade.question->kind != QuestionKind::FeasiblePaths && !grade.separating_input)
            error_at(grade.question->offset, id + "the answer in wrong.json is rejected without a separating input: " + grade.feedback);
          break;
        case Mark::Correct: error_at(grade.question->offset, id + "the answer in wrong.json is right: " + grade.feedback); break;
        case Mark::Malformed: out_.errors.push_back(grade.diagnostic); break;
        case Mark::Undecided: error_at(grade.question->offset, id + "the answer in wrong.json could not be rejected: " + grade.feedback); break;
        case Mark::Missing: break;
      }
    }
  }

  const Lab& lab_;
  const Exercise& exercise_;
  const GradingLimits& limits_;
  QuestionTruths& truths_;
  LabCheck& out_;
};

}  // namespace

LabCheck check_lab(const Lab& lab, const GradingLimits& limits, QuestionTruths* truths) {
  std::optional<QuestionTruths> own;
  if (truths == nullptr) truths = &own.emplace(limits);
  LabCheck out;
  for (const Exercise& exercise : lab.exercises) ExerciseCheck(lab, exercise, limits, *truths, out).run();
  return out;
}

}  // namespace symref
