// Θ, composition (Trtík Definition 2) and parameter substitution (§3) on forward configurations.
#include "engines/compact/compact_state.hpp"

#include "semantics/faults.hpp"
#include "semantics/symbolic/expression_translation.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::compact {

InitialMemory::InitialMemory(terms::TermManager& terms, const Program& program, const Callable* callable) {
  for (std::size_t g = 0; g < program.globals.size(); ++g) globals_.push_back(terms.global_symbol(static_cast<std::int32_t>(g)));
  for (std::size_t f = 0; f < program.fields.size(); ++f) fields_.push_back(terms.field_symbol(static_cast<std::int32_t>(f)));
  if (callable != nullptr)
    for (const auto& local : callable->locals) locals_.push_back(terms.fresh_symbol(sort_of(local.type), local.name));
}

void InitialMemory::bind(terms::Substitution& substitution, const SymbolicConfiguration& state) const {
  for (std::size_t g = 0; g < globals_.size(); ++g) substitution.set(globals_[g], state.globals[g]);
  for (std::size_t f = 0; f < fields_.size(); ++f) substitution.set(fields_[f], state.fields[f]);
  const Term* locals = state.locals.data() + state.locals_base();
  for (std::size_t k = 0; k < locals_.size(); ++k) substitution.set(locals_[k], locals[k]);
}

void InitialMemory::install(SymbolicConfiguration& state) const {
  state.globals = globals_;
  state.fields = fields_;
  state.locals.resize(state.locals_base());
  state.locals.insert(state.locals.end(), locals_.begin(), locals_.end());
}

SymbolicConfiguration compose(terms::TermManager& terms, const SymbolicConfiguration& s, const InitialMemory& theta0,
                              const SymbolicConfiguration& relative, const Anchor& anchor, Term relative_condition,
                              const std::vector<std::pair<Term, Term>>& renaming) {
  terms::Substitution theta(terms);
  theta0.bind(theta, s);
  for (const auto& [from, to] : renaming) theta.set(from, to);

  SymbolicConfiguration composed = s;
  // θ ∘ θ′: (θ∘θ′)(a) = θ⟨θ′(a)⟩ for every global and field ...
  for (std::size_t g = 0; g < composed.globals.size(); ++g) composed.globals[g] = theta.apply(relative.globals[g]);
  for (std::size_t f = 0; f < composed.fields.size(); ++f) composed.fields[f] = theta.apply(relative.fields[f]);
  // ... and for the frame's locals; Ξ ∘ (θ∘Ξ′): the closures s′ pushed get θ⟨σ′⟩.
  const std::uint32_t base = s.locals_base();
  composed.locals.resize(base);
  for (std::size_t k = anchor.locals_base; k < relative.locals.size(); ++k) composed.locals.push_back(theta.apply(relative.locals[k]));
  composed.control.graft(s.control.entries().size() - 1, relative.control, anchor.frame, anchor.entry,
                         static_cast<std::int64_t>(base) - static_cast<std::int64_t>(anchor.locals_base));
  // φ ∧ θ⟨φ′⟩
  if (fault_active(Fault::CompactCompositionWithoutTheta)) [[unlikely]] {
    terms::Substitution parameters_only(terms);
    for (const auto& [from, to] : renaming) parameters_only.set(from, to);
    composed.path_condition = s.path_condition.with(parameters_only.apply(relative_condition));
  } else {
    composed.path_condition = s.path_condition.with(theta.apply(relative_condition));
  }
  composed.outcome = relative.outcome;
  composed.bound_reason = relative.bound_reason;
  composed.steps = s.steps + relative.steps;
  if (relative.result != nullptr) composed.result = theta.apply(relative.result);
  return composed;
}

namespace {
void bind_valuation(terms::TermManager& terms, terms::Substitution& substitution, const ParameterValuation& valuation) {
  for (const auto& [parameter, value] : valuation) substitution.set(parameter, terms.integer(value));
}
}  // namespace

Term substitute_parameters(terms::TermManager& terms, Term term, const ParameterValuation& valuation) {
  terms::Substitution substitution(terms);
  bind_valuation(terms, substitution, valuation);
  return substitution.apply(term);
}

SymbolicConfiguration substitute_parameters(terms::TermManager& terms, const SymbolicConfiguration& s,
                                            const ParameterValuation& valuation) {
  terms::Substitution substitution(terms);
  bind_valuation(terms, substitution, valuation);
  SymbolicConfiguration result = s;
  for (Term& t : result.globals) t = substitution.apply(t);
  for (Term& t : result.fields) t = substitution.apply(t);
  for (Term& t : result.locals) t = substitution.apply(t);
  if (fault_active(Fault::CompactSubstitutionSkipsCondition)) [[unlikely]] return result;
  PathCondition condition;
  for (Term conjunct : s.path_condition.conjuncts()) condition = condition.with(substitution.apply(conjunct));
  result.path_condition = condition;
  return result;
}

bool has_quantifier(Term formula) {
  terms::TermSet seen;
  bool found = false;
  terms::for_each_subterm(formula, seen, [&found](Term t) { found = found || t->is_quantifier(); });
  return found;
}

}  // namespace symref::compact
