// A symbolic configuration ⟨Δ, σ, φ⟩ (§3): the stack of closures with local substitutions τ, the
// global substitution σ — including int[] globals as array terms (§2.1) and every field as an
// array over objects (§4.1) — and the path condition φ.
//
// The trace engine (§4) unfolds programs with the same configurations in another reading: σ stays
// the identity, τ maps each local to the fresh variable that renames it in this call, and instead
// of φ the configuration accumulates the trace ρ (semantics/traces).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "semantics/control.hpp"
#include "semantics/outcome.hpp"
#include "semantics/symbolic/path_condition.hpp"
#include "semantics/terms/term_manager.hpp"
#include "semantics/traces/trace.hpp"

namespace symref {

struct HeapState;  // heap_model.hpp

struct SymbolicConfiguration {
  ControlStack control;                // the statements of the closures in Δ
  std::vector<terms::Term> locals;     // the local substitutions τ of every closure, contiguous
  std::vector<terms::Term> globals;    // σ on the global variables
  std::vector<terms::Term> fields;     // σ on the fields, each an array over objects (§4.1)
  std::int64_t next_object = 1;        // the serial of the next object `new` creates on this path
  terms::Term result = nullptr;        // the distinguished variable r of §4
  PathCondition path_condition;        // φ (forward engine)
  Trace trace;                         // ρ (trace engine)
  std::string branches;                // the path's name (docs/language.md#branch-letters)
  Outcome outcome = Outcome::Running;
  std::uint64_t steps = 0;
  std::string bound_reason;            // when outcome is Bound
  std::shared_ptr<const HeapState> heap;  // a heap model's part (heap_model.hpp); null for `arrays`

  std::uint32_t locals_base() const { return control.top_frame().locals_base; }
  // τ of closure `frame` (0 = main).
  const terms::Term* frame_locals(std::size_t frame) const {
    return locals.data() + control.frames()[frame].locals_base;
  }
};

}  // namespace symref
