// The stepper of the HTML report: the concrete and the forward symbolic system run in lockstep on
// one input (interp/lockstep, as `symref step`), every configuration recorded side by side with
// both rule names, the branch letters, the conjuncts added to φ and the simulation check of
// §2–§3 (the same rule and letters; V0 ⊨ φ; V = V0∘σ and L = V0∘τ), for the page to replay.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "semantics/concrete/state.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::report {

struct StepperRecord {
  nlohmann::ordered_json json;  // {"input", "steps": [...], "outcome", "branches", "truncated", "failure"}
  std::string failure;          // the first step at which the simulation failed, if any
  std::string branches;         // the branch string of the run (of the steps recorded)
};

// Records at most `max_steps` transitions (then the stepper says the run was cut).
StepperRecord record_lockstep(const Program& program, terms::TermManager& terms, const GlobalState& input,
                              std::uint64_t max_steps);

}  // namespace symref::report
