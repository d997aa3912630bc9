// δ_g, γ_f and Ψ_n (§4.2), in the quantified and the unfolded encoding.
#include "engines/compositional/axioms.hpp"

#include <stdexcept>

#include "engines/compositional/compositional_coverage.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/substitution.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::compositional {

using terms::Term;

AxiomBuilder::AxiomBuilder(terms::TermManager& terms, const FunctionTable& table, const SummarySymbols& symbols,
                           const ExecutionTrees& trees, AxiomEncoding encoding, RuleTally* coverage)
    : terms_(terms), table_(table), symbols_(symbols), trees_(trees), encoding_(encoding), coverage_(coverage) {}

Term AxiomBuilder::substitute_inputs(FunctionIndex g, Term term, std::span<const Term> arguments) {
  terms::Substitution substitution(terms_);
  const auto& inputs = symbols_[g].inputs;
  for (std::size_t k = 0; k < inputs.size(); ++k)
    if (inputs[k] != arguments[k]) substitution.set(inputs[k], arguments[k]);
  return substitution.empty() ? term : substitution.apply(term);
}

std::vector<Term> AxiomBuilder::bound_inputs(FunctionIndex g) {
  std::vector<Term> variables;
  const FunctionInfo& info = table_[g];
  for (std::size_t k = 0; k < info.inputs.size(); ++k)
    variables.push_back(terms_.bound_variable(symbols_[g].input_sorts[k], info.inputs[k].name));
  return variables;
}

Term AxiomBuilder::definition(FunctionIndex g, std::span<const Term> arguments) {
  if (encoding_ == AxiomEncoding::Unfolded) {
    count_rule(coverage_, CompositionalRule::UnfoldedDefinition);
    // The planted fault: the definition is instantiated at the callee's own symbols P_g.
    if (fault_active(Fault::CompositionalUnfoldedAtInputs)) return definition_body(g, symbols_[g].inputs);
    return definition_body(g, arguments);
  }
  needed_delta_.insert(g);
  return terms_.apply(symbols_[g].definition, arguments);
}

Term AxiomBuilder::context(FunctionIndex f, std::span<const Term> arguments) {
  if (encoding_ == AxiomEncoding::Unfolded) {
    count_rule(coverage_, CompositionalRule::UnfoldedContext);
    return f == main_function ? entry_context(arguments) : context_body(f, arguments);
  }
  needed_gamma_.insert(f);
  return terms_.apply(symbols_[f].context, arguments);
}

// The encoding holds a field read (select F t) of reference sort to an input object (<= 0) only
// when F is the initial field symbol F_f and t is ground: its side constraint.  A summarized
// callee reads its own input P_g.f, or a callee's output g.f(a), and δ/γ put those reads under
// binders; nothing then keeps a model from giving the read a new object's (positive) number, which
// no input heap can produce (paper-notes/programs/fields-under-binders.sym).  The fact that holds
// is about the initial heap: ∀o. InputObject(F_f[o]) in every run (input objects' fields hold nil
// or input objects; a new object's fields are written at `new`, before any read, so F_f at its
// number is never observed).  So InputObject(F_f[t]) is true for ANY t, also under binders, and
// every other read reaches F_f through the definitions (P_g.f = the caller's array, stores over
// it, or g.f(a) = such an array on each returning leaf).  Sound: D and C occur only positively in
// Ψ, and every model of the real input heap satisfies the hints, so an unsat Ψ stays unsat
// without them.  Only summarized callees reading reference fields produce such reads.
void AxiomBuilder::add_input_object_hints(Term term, std::vector<Term>& conjuncts) {
  if (fault_active(Fault::CompositionalNoInputObjectHints)) return;  // the planted fault: no hints
  const Term* known = hints_.find(term);
  if (known == nullptr) {
    std::vector<Term> hints;
    terms::for_each_subterm(term, [&](Term t) {
      if (t->kind() != terms::TermKind::Select || t->sort().kind != terms::SortKind::Reference) return;
      Term array = t->child(0), index = t->child(1);
      Term base = terms_.array_base(array);
      if (base->kind() == terms::TermKind::Symbol && base->symbol_kind() == terms::SymbolKind::Field &&
          !index->has_bound_variables())
        return;  // the side constraint's case
      hints.push_back(terms_.input_object(terms_.select(terms_.field_symbol(array->sort().detail), index)));
    });
    hints_.insert_or_assign(term, terms_.logical_and(hints));
    known = hints_.find(term);
  }
  if (!(*known)->is_true()) {
    conjuncts.push_back(*known);
    count_rule(coverage_, CompositionalRule::InputObjectHint);
  }
}

Term AxiomBuilder::local_path_condition(const LocalPathCondition& local) {
  std::vector<Term> conjuncts{local.conditions};
  add_input_object_hints(local.conditions, conjuncts);
  for (const CallFact& call : local.calls) {
    conjuncts.push_back(definition(call.callee, call.arguments));
    for (Term argument : call.arguments) add_input_object_hints(argument, conjuncts);
  }
  return terms_.logical_and(conjuncts);
}

// ret(l) is g.o(P_g) = Ret_o(l) for every output on a returning leaf (an output the path did not
// write is its input there), G_l on a dangling leaf; a leaf ending in an error, `blocked` or
// `bound` gives false: the caller continues only through returning leaves.
Term AxiomBuilder::definition_body(FunctionIndex g, std::span<const Term> arguments) {
  const FunctionSymbols& symbols = symbols_[g];
  std::vector<Term> disjuncts;
  for (const TreeNode& n : trees_.nodes()) {
    if (n.function != g || !n.children.empty()) continue;
    Term returned;
    if (trees_.is_open(n)) {
      // The planted fault: the unexplored leaf is taken as never returning.
      returned = fault_active(Fault::CompositionalDanglingLeafFalse) ? terms_.false_term() : n.guard;
      count_rule(coverage_, CompositionalRule::DeltaOpenLeaf);
    } else if (n.state == NodeState::Explored && (n.returns || (fault_active(Fault::CompositionalErrorLeafReturns) && n.outcome &&
                                                                   is_error_outcome(*n.outcome)))) {
      std::vector<Term> equalities;
      for (std::size_t k = 0; k < symbols.outputs.size(); ++k) {
        if (!n.returns) continue;  // the planted fault: an error leaf that claims nothing about outputs
        Term exit = n.returned[k];
        const FunctionSlot& output = table_[g].outputs[k];
        if (fault_active(Fault::CompositionalUnwrittenOutputHavoc)) {
          // The planted fault: an output the path left at its input value is left free.
          bool unwritten = false;
          for (std::size_t i = 0; i < table_[g].inputs.size(); ++i)
            if (table_[g].inputs[i].same_variable(output) && exit == symbols.inputs[i]) unwritten = true;
          if (unwritten) continue;
        }
        if (fault_active(Fault::CompositionalSummaryForgetsWrites))
          for (std::size_t i = 0; i < table_[g].inputs.size(); ++i)  // the planted fault: the entry value
            if (table_[g].inputs[i].same_variable(output)) exit = symbols.inputs[i];
        equalities.push_back(terms_.equal(terms_.apply(symbols.outputs[k], symbols.inputs), exit));
      }
      for (std::size_t k = 0; k < n.returned.size() && n.returns; ++k) add_input_object_hints(n.returned[k], equalities);
      returned = terms_.logical_and(equalities);
      count_rule(coverage_, CompositionalRule::DeltaReturningLeaf);
    } else {
      if (n.state == NodeState::Explored) count_rule(coverage_, CompositionalRule::DeltaNonReturningLeaf);
      continue;
    }
    disjuncts.push_back(terms_.logical_and(local_path_condition(n.local), returned));
  }
  return substitute_inputs(g, terms_.logical_or(disjuncts), arguments);
}

// C_f^g(a) = ∃P_g. C_g(P_g) ∧ (knownC_f^g(a) ∨ unknownC^g), with knownC the known call sites of f
// in T_g (a = args(m) ∧ localpc(m)) and unknownC the dangling nodes d of T_g (localpc(d) ∧ G_d),
// where f may yet be called (the prose's case 2.b).  For main, P_main are the inputs I themselves.
Term AxiomBuilder::context_body(FunctionIndex f, std::span<const Term> arguments) {
  std::vector<Term> disjuncts;
  for (FunctionIndex g : table_.callers(f)) {
    std::vector<Term> sites;
    for (const CallSite& site : trees_.call_sites(g)) {
      if (site.callee != f) continue;
      std::vector<Term> conjuncts;
      for (std::size_t k = 0; k < arguments.size(); ++k) conjuncts.push_back(terms_.equal(arguments[k], site.arguments[k]));
      for (Term argument : site.arguments) add_input_object_hints(argument, conjuncts);
      // The planted fault: the call site's arguments without the path that leads to it.
      if (!fault_active(Fault::CompositionalContextWithoutLocalpc)) conjuncts.push_back(local_path_condition(site.local));
      sites.push_back(terms_.logical_and(conjuncts));
      count_rule(coverage_, CompositionalRule::GammaKnownCallSite);
    }
    // The planted fault: only the known call sites can reach f.
    if (!fault_active(Fault::CompositionalNoUnknownCallsites))
      for (const TreeNode& d : trees_.nodes())
        if (d.function == g && trees_.is_open(d)) {
          sites.push_back(terms_.logical_and(local_path_condition(d.local), d.guard));
          count_rule(coverage_, CompositionalRule::GammaUnknownCallSite);
        }
    Term reaches = terms_.logical_or(sites);
    if (g == main_function) {
      disjuncts.push_back(reaches);
      continue;
    }
    count_rule(coverage_, CompositionalRule::GammaSummarizedCaller);
    Term body = terms_.logical_and(context(g, symbols_[g].inputs), reaches);
    if (encoding_ == AxiomEncoding::Quantified) {
      std::vector<Term> variables = bound_inputs(g);
      disjuncts.push_back(terms_.exists(variables, substitute_inputs(g, body, variables)));
    } else {
      std::vector<Term> witnesses;
      for (std::size_t k = 0; k < symbols_[g].inputs.size(); ++k)
        witnesses.push_back(terms_.fresh_symbol(symbols_[g].input_sorts[k], table_[g].name + ".witness"));
      disjuncts.push_back(substitute_inputs(g, body, witnesses));
    }
  }
  return terms_.logical_or(disjuncts);
}

Term AxiomBuilder::delta(FunctionIndex g) {
  std::vector<Term> variables = bound_inputs(g);
  Term head = terms_.apply(symbols_[g].definition, variables);
  return terms_.forall(variables, terms_.equal(head, definition_body(g, variables)));
}

// The entry function is called with the program's inputs only: a = I.
Term AxiomBuilder::entry_context(std::span<const Term> arguments) {
  std::vector<Term> equalities;
  const auto& inputs = symbols_[main_function].inputs;
  for (std::size_t k = 0; k < inputs.size(); ++k) equalities.push_back(terms_.equal(arguments[k], inputs[k]));
  return terms_.logical_and(equalities);
}

Term AxiomBuilder::gamma(FunctionIndex f) {
  std::vector<Term> variables = bound_inputs(f);
  Term head = terms_.apply(symbols_[f].context, variables);
  return terms_.forall(variables, terms_.equal(head, f == main_function ? entry_context(variables) : context_body(f, variables)));
}

Term AxiomBuilder::psi(NodeId id) {
  needed_delta_.clear();
  needed_gamma_.clear();
  const TreeNode& n = trees_.node(id);
  std::vector<Term> conjuncts{local_path_condition(n.local)};
  if (n.function != main_function) conjuncts.push_back(context(n.function, symbols_[n.function].inputs));
  std::set<FunctionIndex> done_delta, done_gamma;
  for (bool grew = true; grew;) {  // the transitive closure of the axioms Ψ_n needs
    grew = false;
    for (FunctionIndex g : std::set<FunctionIndex>(needed_delta_))
      if (done_delta.insert(g).second) {
        count_rule(coverage_, CompositionalRule::PsiDeltaAxiom);
        conjuncts.push_back(delta(g));
        grew = true;
      }
    for (FunctionIndex f : std::set<FunctionIndex>(needed_gamma_))
      if (done_gamma.insert(f).second) {
        count_rule(coverage_, CompositionalRule::PsiGammaAxiom);
        conjuncts.push_back(gamma(f));
        grew = true;
      }
  }
  return terms_.logical_and(conjuncts);
}

}  // namespace symref::compositional
