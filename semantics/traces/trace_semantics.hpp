// The concrete semantics of traces (§4): configurations ⟨V, ρ⟩ with V a valuation of the
// variables and a heap, and the rules
//   concrete assignment       ⟨V, h := e · ρ⟩ → ⟨V[V(h) := V(e)], ρ⟩    if V(h) ≠ ⊥ and V(e) ≠ ⊥
//   concrete object creation  ⟨V, x := new C · ρ⟩ → ⟨V[x := new C], ρ⟩
//   concrete Boolean test     ⟨V, b · ρ⟩ → ⟨V, ρ⟩                        if V(b) = true
// where V(e) = ⊥ when e dereferences nil or reads an array outside its bounds.  Theorem 4.5 says
// ⟨V, ρ⟩ →* ε exactly when V(path(ρ)) = true.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>

#include "semantics/concrete/state.hpp"
#include "semantics/terms/term.hpp"
#include "semantics/traces/trace.hpp"

namespace symref {

class TraceInterpreter {
 public:
  TraceInterpreter(const Program& program, GlobalState initial) : program_(program), state_(std::move(initial)) {}

  // Runs ρ from the initial state; true when it reaches ε.  Otherwise `stuck_at` (if not null) is
  // the index of the item that could not be taken.
  bool run(const Trace& trace, std::size_t* stuck_at = nullptr);
  // One item; false when it cannot be taken (a test false or ⊥, an assignment with ⊥).
  bool take(const TraceItem& item);

  // V(e), or nothing for ⊥.  && || ==> and ?: are lazy, as in the language.
  std::optional<Value> evaluate(terms::Term term);

  const GlobalState& state() const { return state_; }

 private:
  std::optional<Value> read_variable(terms::Term symbol);
  bool write_variable(terms::Term symbol, const Value& value);

  const Program& program_;
  GlobalState state_;
  std::unordered_map<terms::Term, Value> fresh_;  // the variables the unfolding introduced
};

}  // namespace symref
