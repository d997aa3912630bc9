// Configurations as named, printed parts for people to read: the concrete ⟨Γ, G, H⟩ (§3, §4) and
// the symbolic ⟨Δ, σ, φ⟩ (§2–§3, §4.1).  `symref run --trace` and `symref step` print them as
// text; the HTML report's stepper shows them side by side.
#pragma once

#include <string>
#include <vector>

#include "semantics/concrete/machine.hpp"
#include "semantics/symbolic/symbolic_configuration.hpp"
#include "semantics/terms/printer.hpp"

namespace symref {

struct NamedText {
  std::string name;
  std::string text;
};

// A closure of the stack: the procedure or method it runs and its local valuation L (concrete) or
// substitution τ (symbolic).
struct ClosureView {
  std::string name;
  std::vector<NamedText> locals;
};

struct ObjectView {
  std::string label;  // the object's id, or #k for an unnamed one
  std::string class_name;
  std::vector<NamedText> fields;
};

struct ConcreteView {
  std::vector<NamedText> globals;     // G, int[] globals as [e0, e1, ...]
  std::vector<ClosureView> closures;  // top first; main, which has no locals, is left out
  std::vector<ObjectView> heap;       // H
};

struct SymbolicView {
  std::vector<NamedText> globals;     // σ on the globals
  std::vector<ClosureView> closures;  // τ of each closure, top first, main left out
  std::vector<NamedText> fields;      // σ on the fields that the path has written (Class.field)
  std::vector<std::string> conjuncts; // φ, oldest conjunct first
  std::string path_condition;         // φ as one formula
};

// How a concrete value reads: 3, true, nil, an object's id (#k when it has none).
std::string concrete_value_text(const GlobalState& state, const Value& value);

ConcreteView view_concrete(const Program& program, const ConcreteMachine& machine);
// `budget` cuts each printed term; `formula_budget` the whole path condition.
SymbolicView view_symbolic(const Program& program, terms::TermManager& terms, const SymbolicConfiguration& configuration,
                           terms::PrintOptions budget, terms::PrintOptions formula_budget);

}  // namespace symref
