// The live check of Theorem 2.3/3.5 on one path and one input.
#include "interp/explore/replay.hpp"

#include <utility>

#include "semantics/concrete/machine.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/traces/trace_semantics.hpp"

namespace symref {

RunLimits replay_limits(const SymbolicConfiguration& leaf, std::uint64_t max_int_bits) {
  RunLimits limits;
  limits.max_int_bits = max_int_bits;
  limits.max_steps = leaf.outcome == Outcome::Bound ? leaf.steps : leaf.steps + 1;
  return limits;
}

namespace {
// Runs `machine` (started on the test input) for the leaf's steps and lists what differs from the leaf.
std::string compare_program_run(const SymbolicConfiguration& leaf, ConcreteMachine& machine, std::uint64_t max_int_bits) {
  machine.run(replay_limits(leaf, max_int_bits));
  std::string differences;
  if (machine.outcome() != leaf.outcome)
    differences += "outcome " + std::string(outcome_name(machine.outcome())) + " instead of " +
                   std::string(outcome_name(leaf.outcome)) + "; ";
  // A run keeps its first BranchRecord::kept_letters letters and counts them all.
  if (machine.branch_count() != leaf.branches.size() ||
      leaf.branches.compare(0, machine.branches().size(), machine.branches()) != 0)
    differences += "branches " + machine.branches() + " instead of " + leaf.branches + "; ";
  if (machine.steps() != leaf.steps)
    differences += std::to_string(machine.steps()) + " steps instead of " + std::to_string(leaf.steps) + "; ";
  return differences;
}

// The verdict for a list of differences, each ending in "; ": agreement when there are none.
ReplayVerdict verdict_from(std::string differences) {
  ReplayVerdict verdict;
  if (differences.empty()) {
    verdict.agrees = true;
    return verdict;
  }
  differences.resize(differences.size() - 2);
  verdict.details = std::move(differences);
  return verdict;
}
}  // namespace

ReplayVerdict replay_path(const Program& program, terms::TermManager& terms, const SymbolicConfiguration& leaf,
                          const GlobalState& input) {
  ReplayVerdict verdict;
  InitialStateValuation initial(program, input);
  terms::TermEvaluator evaluator(initial);
  for (terms::Term conjunct : leaf.path_condition.conjuncts()) {
    if (!evaluator.evaluate_boolean(conjunct)) {
      verdict.details = "the test input does not satisfy the path condition: " +
                        terms::print_term(conjunct, &program, {200}) + " is false";
      return verdict;
    }
  }

  ConcreteMachine machine(program, input);
  std::string differences = compare_program_run(leaf, machine, terms.max_int_bits());
  if (differences.empty()) {
    GlobalState expected = materialize_state(program, terms, leaf.globals, leaf.fields, evaluator);
    std::string where;
    if (!equivalent_states(program, machine.state(), expected, &where))
      differences += "the final state is not V0∘σ: " + where + "; ";
  }
  return verdict_from(std::move(differences));
}


ReplayVerdict replay_trace(const Program& program, const SymbolicConfiguration& leaf,
                           terms::Term path_condition, const GlobalState& input, std::uint64_t max_int_bits) {
  ReplayVerdict verdict;
  InitialStateValuation initial(program, input);
  if (!terms::evaluate(path_condition, initial).as_boolean()) {
    verdict.details = "the test input does not satisfy path(ρ)";
    return verdict;
  }
  ConcreteMachine machine(program, input);
  std::string differences = compare_program_run(leaf, machine, max_int_bits);
  TraceInterpreter trace(program, input);
  std::size_t stuck_at = 0;
  if (!trace.run(leaf.trace, &stuck_at)) {
    differences += "the trace gets stuck at item " + std::to_string(stuck_at + 1) + " of " +
                   std::to_string(leaf.trace.length()) + " although V0(path(ρ)) is true (Theorem 4.5); ";
  } else if (differences.empty()) {
    std::string where;
    if (!equivalent_states(program, machine.state(), trace.state(), &where))
      differences += "the trace ends in another state than the program run: " + where + "; ";
  }
  return verdict_from(std::move(differences));
}

}  // namespace symref
