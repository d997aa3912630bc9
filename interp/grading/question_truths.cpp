// Computing and keeping each lab question's truth (interp/grading).
#include "interp/grading/question_truths.hpp"

#include "interp/explore/explorer.hpp"
#include "interp/grading/grader.hpp"
#include "semantics/traces/weakest_precondition.hpp"

namespace symref {

namespace {

void compute_condition_truth(const Exercise& exercise, const LabQuestion& question, const GradingLimits& limits,
                             QuestionTruth& truth) {
  truth.query = query_for(question, limits);
  std::string error;
  try {
    truth.condition = compute_condition(*exercise.program, *truth.terms, truth.query, error);
  } catch (const PathConditionTooLarge& too_large) {
    truth.failure = std::string("the weakest precondition grew too large to compare (") + too_large.what() + ")";
    return;
  }
  if (!truth.condition) truth.failure = "the lab's question has no answer: " + error;
}

void count_feasible_paths(const Exercise& exercise, const LabQuestion& question, const GradingLimits& limits,
                          QuestionTruth& truth) {
  ExploreOptions options;
  options.limits.loop_bound = question.loop_bound.value_or(10);
  options.max_steps = limits.max_steps;
  options.max_paths = limits.max_paths;
  options.solver = limits.solver;
  options.solving.timeout_milliseconds = limits.timeout_milliseconds;
  options.generate_tests = false;
  truth.loop_bound = options.limits.loop_bound;
  Explorer explorer(*exercise.program, *truth.terms, options);
  ExplorationResult result = explorer.explore();
  if (result.statistics.truncated || result.statistics.unknown > 0) {
    truth.failure = result.statistics.truncated ? "the tree has more leaves than the grader explores (--max-paths)"
                                                : "the solver could not decide the feasibility of every path";
    return;
  }
  std::uint64_t feasible = 0;
  for (const auto& path : result.paths)
    if (path.status == solver::SatResult::Sat && (!question.outcome || path.outcome == *question.outcome)) ++feasible;
  truth.feasible = feasible;
}

}  // namespace

ConditionQuery query_for(const LabQuestion& question, const GradingLimits& limits) {
  ConditionQuery query;
  query.kind = question.kind == QuestionKind::PathCondition     ? ConditionKind::PathCondition
               : question.kind == QuestionKind::OutcomeCondition ? ConditionKind::OutcomeCondition
                                                                 : ConditionKind::WeakestPrecondition;
  query.branches = question.branches;
  query.outcome = question.outcome;
  query.postcondition = question.postcondition_expression.get();
  query.loop_bound = question.loop_bound.value_or(question.kind == QuestionKind::PathCondition ? 1'000'000 : 10);
  query.max_steps = limits.max_steps;
  query.max_paths = limits.max_paths;
  query.solver = limits.solver;
  query.timeout_milliseconds = limits.timeout_milliseconds;
  return query;
}

QuestionTruths::QuestionTruths(const GradingLimits& limits) : limits_(limits) {}
QuestionTruths::~QuestionTruths() = default;

QuestionTruth& QuestionTruths::of(const Exercise& exercise, const LabQuestion& question) {
  auto& slot = truths_[&question];
  if (slot) return *slot;
  slot = std::make_unique<QuestionTruth>();
  slot->terms = std::make_unique<terms::TermManager>(exercise.program.get());
  if (question.kind == QuestionKind::FeasiblePaths)
    count_feasible_paths(exercise, question, limits_, *slot);
  else
    compute_condition_truth(exercise, question, limits_, *slot);
  return *slot;
}

}  // namespace symref
