// The live check of Theorem 2.3/3.5 on one path and one input.
#include "interp/explore/replay.hpp"

#include "semantics/concrete/machine.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/terms/printer.hpp"

namespace symref {

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
  RunLimits limits;
  // A cut path (outcome bound) is compared with the concrete run after the same number of steps;
  // a finished one must finish within them.
  limits.max_steps = leaf.outcome == Outcome::Bound ? leaf.steps : leaf.steps + 1;
  limits.max_depth = static_cast<std::uint32_t>(leaf.control.depth() + 2);
  machine.run(limits);

  std::string differences;
  if (machine.outcome() != leaf.outcome)
    differences += "outcome " + std::string(outcome_name(machine.outcome())) + " instead of " +
                   std::string(outcome_name(leaf.outcome)) + "; ";
  if (machine.branches() != leaf.branches)
    differences += "branches " + machine.branches() + " instead of " + leaf.branches + "; ";
  if (machine.steps() != leaf.steps)
    differences += std::to_string(machine.steps()) + " steps instead of " + std::to_string(leaf.steps) + "; ";
  if (differences.empty()) {
    GlobalState expected = materialize_state(program, terms, leaf.globals, leaf.fields, evaluator);
    std::string where;
    if (!equivalent_states(program, machine.state(), expected, &where))
      differences += "the final state is not V0∘σ: " + where + "; ";
  }
  if (differences.empty()) {
    verdict.agrees = true;
    return verdict;
  }
  differences.resize(differences.size() - 2);
  verdict.details = differences;
  return verdict;
}

}  // namespace symref
