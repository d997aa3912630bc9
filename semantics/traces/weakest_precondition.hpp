// The path condition of a trace as a weakest precondition (§4 Definition 4.2), computed backwards
// over ρ with the substitutions of §4: φ[x := e] on variables, φ[a := (a[i] := e)] on arrays
// (§2.1), φ[h.f := e] on fields with the aliasing conditional, and φ[x := new C].
//
//   path(ε)              = true
//   path(b · ρ)          = path(ρ) ∧ b
//   path(h := e · ρ)     = path(ρ)[h := e] ∧ δ(h, e)
//   path(x := new C · ρ) = path(ρ)[x := new C]
#pragma once

#include <cstddef>
#include <stdexcept>

#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_manager.hpp"
#include "semantics/traces/trace.hpp"

namespace symref {

// Raised when e[x := new C] would need more guarded cases than max_new_object_cases.  §4 removes
// x by pushing conditionals outwards through equations and dereferences; each aliasing conditional
// that e[h.f := e'] left behind can double the cases, so long traces with many field writes before
// a `new` grow exponentially.  symref stops at a fixed budget instead of exhausting memory.
class PathConditionTooLarge : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// The budget: guarded cases created by one application of [x := new C].
inline constexpr std::size_t max_new_object_cases = 1'000'000;

class WeakestPrecondition {
 public:
  WeakestPrecondition(terms::TermManager& terms, const Program& program) : terms_(terms), program_(program) {}

  // path(ρ).  Every variable the unfolding introduced is assigned before it is used, so the
  // result speaks only of the initial globals and heap; a fresh variable left over is a bug
  // (std::logic_error).
  terms::Term path_condition(const Trace& trace);
  // path(ρ) of a trace whose fresh variables may stay free (tests of single clauses).
  terms::Term weakest_precondition(const std::vector<const TraceItem*>& items, terms::Term postcondition);

  // φ[x := e]: every occurrence of the variable x replaced by e.
  terms::Term substitute_variable(terms::Term formula, terms::Term variable, terms::Term value);
  // φ[a[i] := e] = φ[a := (a[i] := e)] (§2.1, following Gries).
  terms::Term substitute_array_element(terms::Term formula, terms::Term array, terms::Term index, terms::Term value);
  // φ[o.f := e] (§4): (h'.f)[o.f := e] = if h'[o.f := e] = o then e else h'[o.f := e].f fi, and
  // (h'.g)[o.f := e] = h'[o.f := e].g for another field g.
  terms::Term substitute_field(terms::Term formula, terms::Term object, std::int32_t field, terms::Term value);
  // φ[x := new C] (§4): x.f becomes the default of f, x = e false for e other than x, x = x true;
  // conditionals over objects are first pushed outwards, as the paper assumes.  The class needs no
  // argument: each field of x.f carries its own default.
  terms::Term substitute_new(terms::Term formula, terms::Term variable);

 private:
  terms::TermManager& terms_;
  const Program& program_;
};

}  // namespace symref
