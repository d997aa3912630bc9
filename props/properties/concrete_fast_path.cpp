// Property `concrete_fast_path`: the fast path of `symref run` (concrete/fast_machine.hpp) and the
// rule-by-rule ConcreteMachine (the definition of §2–§4 that --trace prints) agree on every input.
//
// Both run each input of the test case, once to the end and once cut off at half the steps, and
// must reach the same outcome (with the same bound reason), the same number of transitions, the
// same branch string and equivalent final states (globals and reachable heap).
#include "props/properties.hpp"
#include "semantics/concrete/fast_machine.hpp"
#include "semantics/concrete/machine.hpp"

namespace symref::props {

namespace {

// What differs between the two runs, or nothing.
std::optional<std::string> compare_runs(const Program& program, const GlobalState& input, const RunLimits& limits) {
  ConcreteMachine reference(program, input);
  reference.run(limits);
  FastMachine fast(program, input);
  fast.run(limits);
  const std::string where = " (limit " + std::to_string(limits.max_steps) + " steps)";
  if (fast.outcome() != reference.outcome() || fast.bound_reason() != reference.bound_reason())
    return "the fast path ends in " + std::string(outcome_name(fast.outcome())) + ", the rules in " +
           std::string(outcome_name(reference.outcome())) + where;
  if (fast.steps() != reference.steps())
    return "the fast path takes " + std::to_string(fast.steps()) + " transitions, the rules " +
           std::to_string(reference.steps()) + where;
  if (fast.branches() != reference.branches())
    return "the fast path's branch string is " + fast.branches() + ", the rules' " + reference.branches() + where;
  std::string difference;
  if (!equivalent_states(program, fast.state(), reference.state(), &difference))
    return "the final states differ" + where + ": " + difference;
  return std::nullopt;
}

}  // namespace

PropertyVerdict check_concrete_fast_path(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.program();
  const std::uint64_t max_steps = workspace.settings().max_trace_steps;
  for (const GlobalState& input : workspace.inputs()) {
    ConcreteMachine probe(program, input);
    probe.run(RunLimits{max_steps, 100'000});
    for (std::uint64_t limit : {max_steps, probe.steps() / 2 + 1}) {
      ++verdict.checks;
      if (auto difference = compare_runs(program, input, RunLimits{limit, 100'000})) {
        verdict.fail(*difference, workspace.state_json(input));
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
