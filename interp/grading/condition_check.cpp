// Computing path conditions, outcome conditions and weakest preconditions, and comparing a claimed
// condition with them by one solver query (interp/grading).
#include "interp/grading/condition_check.hpp"

#include "interp/explore/explorer.hpp"
#include "interp/explore/path_following.hpp"
#include "interp/explore/small_input.hpp"
#include "interp/explore/test_generation.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/symbolic/expression_translation.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/terms/evaluator.hpp"
#include "semantics/traces/weakest_precondition.hpp"

namespace symref {

namespace {

// Main's scope with every global and field standing for its value in the state spoken about: the
// initial state for a claimed input condition, the current state for a postcondition in ρ.
class GlobalEnvironment final : public SymbolicEnvironment {
 public:
  explicit GlobalEnvironment(terms::TermManager& terms) : terms_(terms) {}
  terms::Term variable(const VariableSlot& slot) const override { return terms_.global_symbol(slot.index); }
  terms::Term field_array(std::int32_t field) const override { return terms_.field_symbol(field); }

 private:
  terms::TermManager& terms_;
};

// wp(ρ, Q), or path(ρ) without a postcondition.
terms::Term trace_condition(WeakestPrecondition& calculus, const Trace& trace, terms::Term postcondition) {
  if (postcondition == nullptr) return calculus.path_condition(trace);
  return calculus.weakest_precondition(trace.items(), postcondition);
}

}  // namespace

terms::Term condition_term(terms::TermManager& terms, const Expression& expression) {
  GlobalEnvironment environment(terms);
  ExpressionTranslator translator(terms, environment);
  return translator.translate(expression);
}

std::optional<ComputedCondition> compute_condition(const Program& program, terms::TermManager& terms,
                                                   const ConditionQuery& query, std::string& error) {
  WeakestPrecondition calculus(terms, program);
  terms::Term postcondition = query.postcondition ? condition_term(terms, *query.postcondition) : nullptr;
  SymbolicLimits limits;
  limits.loop_bound = query.loop_bound;
  ComputedCondition out;
  out.cut = terms.false_term();

  if (query.kind == ConditionKind::PathCondition) {
    SymbolicMachine machine(program, terms, limits, EngineMode::Trace);
    PathTarget target;
    target.branches = query.branches;
    target.outcome = query.outcome;
    target.max_steps = query.max_steps;
    auto leaf = follow_path(machine, target, error);
    if (!leaf) return std::nullopt;
    out.condition = trace_condition(calculus, leaf->trace, postcondition);
    out.paths = 1;
    out.leaf = std::move(leaf);
    return out;
  }

  // The whole tree, with the trace engine: each leaf keeps ρ, and its path condition is path(ρ).
  ExploreOptions options;
  options.engine = EngineMode::Trace;
  options.limits = limits;
  options.max_steps = query.max_steps;
  options.max_paths = query.max_paths;
  options.solver = query.solver;
  options.solving.timeout_milliseconds = query.timeout_milliseconds;
  options.generate_tests = false;
  options.check_agreement = false;
  Explorer explorer(program, terms, options);
  ExplorationResult result = explorer.explore();
  out.truncated = result.statistics.truncated;
  std::vector<terms::Term> disjuncts, cut;
  for (const ExploredPath& path : result.paths) {
    if (path.status == solver::SatResult::Unsat) continue;  // pruned: no input takes it
    if (path.outcome == Outcome::Bound) {
      cut.push_back(path.path_condition);
      continue;
    }
    if (query.kind == ConditionKind::OutcomeCondition) {
      if (path.outcome != query.outcome) continue;
      disjuncts.push_back(path.path_condition);
    } else if (path.outcome == Outcome::Normal) {
      disjuncts.push_back(trace_condition(calculus, path.final_configuration.trace, postcondition));
    } else if (path.outcome == Outcome::Blocked) {
      disjuncts.push_back(path.path_condition);
    } else {
      continue;  // an error outcome: no postcondition holds after it
    }
  }
  out.paths = disjuncts.size();
  out.cut_paths = cut.size();
  out.condition = terms.logical_or(disjuncts);
  out.cut = terms.logical_or(cut);
  return out;
}

ConditionVerdict compare_condition(const Program& program, terms::TermManager& terms, terms::Term claimed,
                                   const ComputedCondition& expected, const ConditionQuery& query) {
  ConditionVerdict verdict;
  if (expected.truncated) {
    verdict.reason = "the exploration stopped at its path limit, so the condition is not known for every input";
    return verdict;
  }
  solver::SolverOptions solver_options;
  solver_options.timeout_milliseconds = query.timeout_milliseconds;
  auto solver = solver::make_solver(query.solver, terms, solver_options);
  solver->add(terms::separating_condition(terms, claimed, expected.condition));
  if (!expected.cut->is_false()) solver->add(terms.logical_not(expected.cut));
  switch (solver->check()) {
    case solver::SatResult::Unsat: verdict.kind = VerdictKind::Equivalent; return verdict;
    case solver::SatResult::Unknown:
      verdict.reason = "the solver could not decide (" + solver->reason_unknown() + ")";
      return verdict;
    case solver::SatResult::Sat: break;
  }
  verdict.kind = VerdictKind::Different;
  // The smallest input the solver finds that still separates the two (small_input.hpp).
  SmallInputLimits small;
  small.deadline = query.deadline;
  small.timeout_milliseconds = query.timeout_milliseconds;
  const terms::Term separating = terms::separating_condition(terms, claimed, expected.condition);
  auto input = small_input(program, terms, *solver, separating, small, verdict.reason);
  if (!input) return verdict;
  InitialStateValuation valuation(program, *input);
  verdict.claimed_value = terms::evaluate(claimed, valuation).as_boolean();
  verdict.expected_value = terms::evaluate(expected.condition, valuation).as_boolean();
  ConcreteMachine machine(program, *input);
  RunLimits limits;
  limits.max_steps = query.max_steps * 100;
  verdict.run_outcome = machine.run(limits);
  verdict.run_branches = machine.branches();
  verdict.separating_input = std::move(input);
  return verdict;
}

}  // namespace symref
