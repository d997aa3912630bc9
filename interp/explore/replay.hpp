// Replaying a path's test through the concrete system: Theorem 2.3/3.5 (correctness) checked live.
// For a leaf ⟨Δ, σ, φ⟩ reached in n steps and an input V0 with V0(φ) = true, the concrete run from
// V0 must take the same n transitions, with the same branch string, to the same outcome, and end
// in the state V0∘σ (up to renaming of objects).
#pragma once

#include <string>

#include "semantics/concrete/machine.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/symbolic/symbolic_configuration.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref {

struct ReplayVerdict {
  bool agrees = false;
  std::string details;  // what differed, when it does not agree
};

// The limits of a concrete run that replays `leaf`: a leaf cut by a bound is reached after exactly
// its steps; any other leaf's run ends by itself within one step more.  Integers are limited as
// the exploration's were (`max_int_bits`, the term manager's).
RunLimits replay_limits(const SymbolicConfiguration& leaf, std::uint64_t max_int_bits = default_max_int_bits);

ReplayVerdict replay_path(const Program& program, terms::TermManager& terms, const SymbolicConfiguration& leaf,
                          const GlobalState& input);

// The trace engine's counterpart (§4, Theorem 4.5): V0 ⊨ path(ρ); the concrete program run takes
// the path's steps, branch string and outcome; the trace ρ runs on V0 to ε (Theorem 4.5, ⇐ side
// of V0(path(ρ))); and it ends in the state the program run ends in.
ReplayVerdict replay_trace(const Program& program, const SymbolicConfiguration& leaf,
                           terms::Term path_condition, const GlobalState& input,
                           std::uint64_t max_int_bits = default_max_int_bits);

}  // namespace symref
