// Compact symbolic states (θ, φ, Ξ, l) of Trtík's §3: the initial memory Θ at a location,
// composition s ∘ s′ (Definition 2) and parameter substitution s⟦ν⟧.
//
// A state is the forward engine's configuration: θ is its globals, fields and top-frame locals,
// φ its path condition, Ξ its stack of closures (σ, l) and l the statement its control points at.
// Parameters κ are integer symbols the term manager hands out fresh.  The special records (t, κ)
// of recursion templates are kept by the search beside this stack (compact_explorer.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "semantics/symbolic/symbolic_configuration.hpp"
#include "semantics/terms/substitution.hpp"
#include "semantics/values/integer.hpp"

namespace symref::compact {

using terms::Term;

// Where a relative state hangs on its own stack: the frame whose memory Θ describes, the control
// entry of the statement the state is relative to, and the first local of that frame.
struct Anchor {
  std::size_t frame = 0;
  std::size_t entry = 0;
  std::uint32_t locals_base = 0;
};

// Θ: one symbol per variable in scope in one frame — every global and every field array (the
// forward engine's initial symbols, so that Θ at main's entry is its initial memory) and every
// local of the frame's callable (fresh symbols).
class InitialMemory {
 public:
  InitialMemory() = default;
  InitialMemory(terms::TermManager& terms, const Program& program, const Callable* callable);

  const std::vector<Term>& globals() const { return globals_; }
  const std::vector<Term>& fields() const { return fields_; }
  const std::vector<Term>& locals() const { return locals_; }

  // The substitution θ⟨·⟩ of Definition 2: Θ(v) ↦ θ(v) for the memory of `state`'s top frame.
  void bind(terms::Substitution& substitution, const SymbolicConfiguration& state) const;

  // A configuration holding Θ itself: the canonical state relative to which templates are built.
  void install(SymbolicConfiguration& state) const;

 private:
  std::vector<Term> globals_, fields_, locals_;
};

// Definition 2: s ∘ s′ = (θ∘θ′, φ ∧ θ⟨φ′⟩, Ξ ∘ (θ∘Ξ′), l′).  `relative` is s′ with θ′ and Ξ′ over
// Θ on its own stack (anchored at `anchor`) and φ′ given apart as `relative_condition`; `s` must
// be at the anchor's statement in its top frame.  `renaming` adds parameter renamings κ ↦ κ′ to
// θ⟨·⟩ (a fresh κ per instance, Algorithm 1 line 24).
SymbolicConfiguration compose(terms::TermManager& terms, const SymbolicConfiguration& s, const InitialMemory& theta0,
                              const SymbolicConfiguration& relative, const Anchor& anchor, Term relative_condition,
                              const std::vector<std::pair<Term, Term>>& renaming);

// A valuation ν of parameters: κ ↦ a non-negative integer.
using ParameterValuation = std::map<Term, Integer>;

// s⟦ν⟧ on θ and φ: every parameter ν maps replaced by its number.  The (t, κ) records are not
// part of the state here; the leaves this is applied to have popped theirs, except error leaves,
// whose stack the properties do not compare.
SymbolicConfiguration substitute_parameters(terms::TermManager& terms, const SymbolicConfiguration& s,
                                            const ParameterValuation& valuation);
Term substitute_parameters(terms::TermManager& terms, Term term, const ParameterValuation& valuation);

// Does the formula quantify (a ∀τ of a template instance)?  Counted apart in the statistics.
bool has_quantifier(Term formula);

}  // namespace symref::compact
