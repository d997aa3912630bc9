// The bridge between concrete states and symbolic ones: an input state (G, H) read as a valuation
// V0 of the initial symbols, and the state V0∘σ that a symbolic configuration denotes under it —
// the two sides of Theorems 2.3/3.5 (correctness) and 2.4/3.6 (completeness).
#pragma once

#include <string>
#include <vector>

#include "semantics/concrete/state.hpp"
#include "semantics/symbolic/symbolic_configuration.hpp"
#include "semantics/terms/evaluator.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref {

// V0: Global symbols take the input's values, Field symbols read the input heap, int[] symbols
// its arrays (elements outside 0 <= i < len read as 0, which no defined execution observes).
// Concrete object k (heap[k - 1]) is the symbolic input object -k (terms/evaluator.hpp: input
// objects are negative, new objects positive).
class InitialStateValuation final : public terms::Valuation {
 public:
  InitialStateValuation(const Program& program, const GlobalState& input) : program_(program), input_(input) {}

  Value symbol_value(terms::Term symbol) const override;
  Value array_element(terms::Term array_symbol, const Value& index) const override;
  Integer array_length(terms::Term array_symbol) const override;

  static Value to_symbolic(const Value& concrete);

 private:
  const Program& program_;
  const GlobalState& input_;
};

// The global state V0∘σ: every global and every object reachable from them evaluated under the
// valuation.  Objects are named by how they were reached; compare with equivalent_states().
GlobalState materialize_state(const Program& program, terms::TermManager& terms, const std::vector<terms::Term>& globals,
                              const std::vector<terms::Term>& fields, terms::TermEvaluator& evaluator);
// The same, also evaluating `extra_roots` (e.g. local substitutions τ) into `extra_values`, with
// the objects they reach added to the state.
GlobalState materialize_state(const Program& program, terms::TermManager& terms, const std::vector<terms::Term>& globals,
                              const std::vector<terms::Term>& fields, terms::TermEvaluator& evaluator,
                              const std::vector<terms::Term>& extra_roots, std::vector<Value>& extra_values);


}  // namespace symref
