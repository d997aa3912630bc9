// Property `tests_replay`: each generated test runs along its own branch string to its outcome
// (arrays, and --heap lazy|summary on programs with classes).
//
// Property `tests_replay`: each test generated from a model of a feasible path runs concretely
// along its own branch string to its own outcome (docs/language.md#branch-letters).
#include "interp/explore/replay.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"
#include "semantics/concrete/machine.hpp"

namespace symref::props {

PropertyVerdict check_tests_replay(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  // arrays, and on programs with classes the heap modes (docs/engine-heap.md): their tests come from models
  // of φ over the same input symbols, so they replay on the same concrete machine.
  std::vector<const ExplorationResult*> explorations{&workspace.forward_exploration()};
  if (!workspace.program().classes.empty())
    for (const char* heap : {"lazy", "summary"}) explorations.push_back(&workspace.heap_exploration(heap));
  for (const ExplorationResult* result : explorations)
  for (const ExploredPath& path : result->paths) {
    if (path.status == solver::SatResult::Unknown) ++verdict.unknown;
    if (!path.test) continue;
    const SymbolicConfiguration& leaf = path.final_configuration;
    ConcreteMachine machine(workspace.program(), *path.test);
    machine.run(replay_limits(leaf, workspace.settings().max_int_bits));
    ++verdict.checks;
    if (machine.branches() != path.branches || machine.outcome() != path.outcome) {
      verdict.fail(std::string(result == explorations.front() ? "" : result == explorations[1] ? "--heap lazy: " : "--heap summary: ") +
                       "the test of path " + path_name(path.branches) + " (" + std::string(outcome_name(path.outcome)) +
                       ") runs concretely along " + path_name(machine.branches()) + " to " + std::string(outcome_name(machine.outcome())),
                   workspace.state_json(*path.test));
      return verdict;
    }
  }
  return verdict;
}

}  // namespace symref::props
