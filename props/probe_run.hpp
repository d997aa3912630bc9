// Running one statement of the probe program concretely: the concrete side of Lemmas 4.3 and 4.4.
//
// Running one statement of the probe program concretely (test_case.hpp): the concrete side of
// Lemmas 4.3 and 4.4 — V(e) with its failure, and the state after one update.
#pragma once

#include <memory>

#include "semantics/concrete/machine.hpp"

namespace symref::props {

// The concrete machine of `program` from `input` (whose probe_selector names `statement`), after
// it has executed `statement`: its outcome is Running when the statement was defined, or the
// error outcome of its first failure.
inline std::unique_ptr<ConcreteMachine> run_probe_statement(const Program& program, const GlobalState& input,
                                                            const Statement& statement) {
  auto machine = std::make_unique<ConcreteMachine>(program, input);
  // The selector tests before the statement are defined and take their else branch.
  for (int guard = 0; guard < 100'000 && machine->outcome() == Outcome::Running; ++guard) {
    if (machine->next_statement() == &statement) {
      machine->step();
      break;
    }
    machine->step();
  }
  return machine;
}

}  // namespace symref::props
