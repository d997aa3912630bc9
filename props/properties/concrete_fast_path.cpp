// Property `concrete_fast_path`: the fast path of `symref run` (concrete/fast/fast_machine.hpp) and the
// rule-by-rule ConcreteMachine (the definition of §2–§4 that --trace prints) agree on every input.
//
// Both run each input of the test case, once to the end and once cut off at half the steps, and
// must reach the same outcome (with the same bound reason), the same number of transitions, the
// same branch string and equivalent final states (globals and reachable heap).
#include "props/properties.hpp"
#include "semantics/concrete/fast/fast_machine.hpp"
#include "semantics/concrete/machine.hpp"

namespace symref::props {

namespace {

// What differs between the two runs, or nothing.
std::optional<std::string> compare_runs(const Program& program, const GlobalState& input, const RunLimits& limits) {
  ConcreteMachine reference(program, input);
  reference.run(limits);
  FastMachine fast(program, input);
  fast.run(limits);
  const std::string where =
      " (limit " + std::to_string(limits.max_steps) + " steps, " + std::to_string(limits.max_int_bits) + " bits)";
  if (fast.outcome() != reference.outcome() || fast.bound_reason() != reference.bound_reason())
    return "the fast path ends in " + std::string(outcome_name(fast.outcome())) + ", the rules in " +
           std::string(outcome_name(reference.outcome())) + where;
  if (fast.steps() != reference.steps())
    return "the fast path takes " + std::to_string(fast.steps()) + " transitions, the rules " +
           std::to_string(reference.steps()) + where;
  if (fast.branches() != reference.branches())
    return "the fast path's branch string is " + fast.branches() + ", the rules' " + reference.branches() + where;
  if (fast.branch_count() != reference.branch_count())
    return "the fast path records " + std::to_string(fast.branch_count()) + " branch letters, the rules " +
           std::to_string(reference.branch_count()) + where;
  // Where the run stopped: the statement, and each caller's call.
  if (reference.outcome() != Outcome::Normal) {
    const OutcomeSite fast_site = fast.site(), reference_site = reference.site();
    bool same = fast_site.statement == reference_site.statement && fast_site.awaiting_result == reference_site.awaiting_result &&
                fast_site.stack.size() == reference_site.stack.size();
    for (std::size_t f = 0; same && f < fast_site.stack.size(); ++f)
      same = fast_site.stack[f].callable == reference_site.stack[f].callable &&
             fast_site.stack[f].location.offset == reference_site.stack[f].location.offset;
    if (!same)
      return "the fast path stops at " + fast_site.statement_text(program) + " (" + std::to_string(fast_site.location().line) +
             ":" + std::to_string(fast_site.location().column) + "), the rules at " + reference_site.statement_text(program) +
             " (" + std::to_string(reference_site.location().line) + ":" + std::to_string(reference_site.location().column) +
             ")" + where;
  }
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
  const std::uint64_t max_int_bits = workspace.settings().max_int_bits;
  for (const GlobalState& input : workspace.inputs()) {
    ConcreteMachine probe(program, input);
    probe.run(RunLimits{max_steps, 100'000, max_int_bits});
    // The step limit in the middle of the run, and the smallest integer limit (64 bits: any
    // result beyond int64 ends the run), which both machines must hit at the same operation.
    const RunLimits cuts[] = {{max_steps, 100'000, max_int_bits},
                              {probe.steps() / 2 + 1, 100'000, max_int_bits},
                              {max_steps, 100'000, 64}};
    for (const RunLimits& limits : cuts) {
      ++verdict.checks;
      if (auto difference = compare_runs(program, input, limits)) {
        verdict.fail(*difference, workspace.state_json(input));
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
