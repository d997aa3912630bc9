// The formulas of §4.2: localpc(n), the definition axioms δ_g (D_g), the calling-context axioms
// γ_f (C_f with knownC and unknownC), and the interprocedural path constraint Ψ_n, closed
// transitively under the axioms its predicates need.  Two encodings that must agree:
//   quantified  the paper's ∀-axioms, D_g and C_f uninterpreted;
//   unfolded    every D_g(a) and C_f(a) replaced by its definition at a (finite, because the
//               summarized call graph is acyclic); C_f only occurs positively, so the ∃ of
//               C_f^g becomes fresh constants.
#pragma once

#include <set>
#include <span>
#include <vector>

#include "engines/compositional/execution_trees.hpp"
#include "engines/compositional/function_table.hpp"
#include "engines/compositional/summary_symbols.hpp"
#include "semantics/rule_coverage.hpp"
#include "semantics/terms/term_manager.hpp"
#include "semantics/terms/term_map.hpp"

namespace symref::compositional {

enum class AxiomEncoding : std::uint8_t { Quantified, Unfolded };

class AxiomBuilder {
 public:
  // `coverage`: where the builder counts the cases of §4.2 it builds (compositional_rule_table); null: not counted.
  AxiomBuilder(terms::TermManager& terms, const FunctionTable& table, const SummarySymbols& symbols, const ExecutionTrees& trees,
               AxiomEncoding encoding, RuleTally* coverage = nullptr);

  // localpc(n) = lpc_n ∧ D_g(a) for every summarized call g(a) on the way to n.
  terms::Term local_path_condition(const LocalPathCondition& local);
  // ⋁ over the leaves l of T_g of localpc(l) ∧ ret(l), at `arguments` for P_g.
  terms::Term definition_body(FunctionIndex g, std::span<const terms::Term> arguments);
  // ⋁ over the callers g of f of C_f^g(a).
  terms::Term context_body(FunctionIndex f, std::span<const terms::Term> arguments);
  // a = I, the context of the entry function main (whose P are the inputs I themselves).
  terms::Term entry_context(std::span<const terms::Term> arguments);
  // δ_g := ∀P_g. D_g(P_g) ⟺ definition_body(g, P_g);  γ_f := ∀a. C_f(a) ⟺ context_body(f, a)
  // (for main: ⟺ entry_context(a)).
  terms::Term delta(FunctionIndex g);
  terms::Term gamma(FunctionIndex f);
  // Ψ_n: localpc(n) ∧ C_f(P_f) ∧ the axioms of every D and C it mentions, transitively.
  terms::Term psi(NodeId n);

 private:
  terms::Term definition(FunctionIndex g, std::span<const terms::Term> arguments);  // D_g(a)
  terms::Term context(FunctionIndex f, std::span<const terms::Term> arguments);     // C_f(a)
  terms::Term substitute_inputs(FunctionIndex g, terms::Term term, std::span<const terms::Term> arguments);
  std::vector<terms::Term> bound_inputs(FunctionIndex g);
  // Appends to `conjuncts` InputObject(F_f[t]) for every reference read u[t] of a field f in `term`
  // (any sort) that the encoding's side constraints miss (axioms.cpp says why this is sound and
  // needed); nothing when there is none.
  void add_input_object_hints(terms::Term term, std::vector<terms::Term>& conjuncts);

  terms::TermManager& terms_;
  const FunctionTable& table_;
  const SummarySymbols& symbols_;
  const ExecutionTrees& trees_;
  AxiomEncoding encoding_;
  RuleTally* coverage_;
  std::set<FunctionIndex> needed_delta_, needed_gamma_;  // quantified: the axioms Ψ must carry
  terms::TermMap<terms::Term> hints_;                     // term -> the conjunction of its hints
};

}  // namespace symref::compositional
