// Property `traces`: Theorem 4.5, ⟨V, ρ⟩ →* ε iff V(path(ρ)), on and off the path.
//
// Property `traces` — Theorem 4.5: ⟨V, ρ⟩ →* ε iff V(path(ρ)) = true, for the traces of the paths
// the inputs take (unfolded by the trace engine along each concrete run's branch string) and of
// random walks through the unfolding, each against every input, on the path or off it.
#include "interp/explore/path_following.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"
#include "props/random_source.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/traces/trace_semantics.hpp"
#include "semantics/traces/weakest_precondition.hpp"

namespace symref::props {

namespace {
constexpr int random_walks = 3;
}

PropertyVerdict check_traces(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.program();
  const auto& inputs = workspace.inputs();
  const std::uint64_t max_steps = workspace.settings().max_trace_steps;
  SymbolicMachine machine(program, workspace.terms(), SymbolicLimits{}, EngineMode::Trace);

  struct NamedTrace {
    Trace trace;
    std::string name;
  };
  std::vector<NamedTrace> traces;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    ConcreteMachine run(program, inputs[i]);
    run.run(RunLimits{max_steps, 100'000, workspace.settings().max_int_bits});
    PathTarget target;
    target.branches = run.branches();
    if (run.outcome() == Outcome::Bound) target.steps = run.steps();
    else target.outcome = run.outcome();
    target.max_steps = run.steps() + 2;
    std::string error;
    auto leaf = follow_path(machine, target, error);
    if (!leaf) {
      verdict.fail("the trace engine has no path for the concrete run of input " + std::to_string(i + 1) + " (branches " +
                       path_name(run.branches()) + ", " + std::string(outcome_name(run.outcome())) + "): " + error,
                   workspace.state_json(inputs[i]));
      return verdict;
    }
    traces.push_back({leaf->trace, "the path of input " + std::to_string(i + 1) + " (" + path_name(leaf->branches) + ")"});
  }
  RandomSource random(workspace.test_case().choice_seed ^ 0x7472616365ULL);
  std::vector<SymbolicSuccessor> successors;
  for (int walk = 0; walk < random_walks; ++walk) {
    SymbolicConfiguration current = machine.initial();
    while (current.outcome == Outcome::Running && current.steps < max_steps) {
      successors.clear();
      machine.successors(current, successors);
      if (successors.empty()) break;
      current = std::move(successors[random.below(successors.size())].configuration);
    }
    traces.push_back({current.trace, "a random walk (" + path_name(current.branches) + ")"});
  }

  WeakestPrecondition weakest_precondition(workspace.terms(), program);
  for (const auto& [trace, name] : traces) {
    terms::Term path_condition = weakest_precondition.path_condition(trace);
    for (std::size_t j = 0; j < inputs.size(); ++j) {
      TraceInterpreter interpreter(program, inputs[j]);
      std::size_t stuck_at = 0;
      const bool reaches_end = interpreter.run(trace, &stuck_at);
      InitialStateValuation initial(program, inputs[j]);
      const bool holds = terms::evaluate(path_condition, initial).as_boolean();
      ++verdict.checks;
      if (reaches_end != holds) {
        verdict.fail("Theorem 4.5 fails for the trace ρ of " + name + " (" + std::to_string(trace.length()) +
                         " items) on input " + std::to_string(j + 1) + ": " +
                         (reaches_end ? "⟨V, ρ⟩ →* ε but V(path(ρ)) is false"
                                      : "V(path(ρ)) is true but ⟨V, ρ⟩ gets stuck at item " + std::to_string(stuck_at + 1)),
                     workspace.state_json(inputs[j]));
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
