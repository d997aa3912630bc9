// The catalogue of planted faults and the switch that turns one on.
#include "semantics/faults.hpp"

namespace symref {

namespace detail {
Fault active_fault = Fault::None;
}

void set_active_fault(Fault fault) { detail::active_fault = fault; }

const std::vector<FaultDescription>& all_faults() {
  static const std::vector<FaultDescription> faults = {
      {Fault::ArrayBoundOffByOne, "array-bound-off-by-one", "definedness of a[i] allows i == len(a), as printed in §2.1"},
      {Fault::TruncatingDivision, "truncating-division", "concrete / and % truncate towards zero instead of Euclidean division"},
      {Fault::StrictConjunction, "strict-conjunction", "concrete && evaluates its right operand even when the left one is false"},
      {Fault::BranchNotNegated, "branch-not-negated", "the else branch of a symbolic choice adds b instead of its negation"},
      {Fault::LoopExitNotNegated, "loop-exit-not-negated", "leaving a symbolic loop adds b instead of its negation"},
      {Fault::LocalFrameNotRestored, "local-frame-not-restored", "a concrete procedure return leaves the callee's locals in the caller's frame"},
      {Fault::ParameterByName, "parameter-by-name", "a symbolic call binds parameters to argument expressions unevaluated in the caller"},
      {Fault::NewAliasesOldObject, "new-aliases-old-object", "a symbolic new may yield an object that existed before"},
      {Fault::NewFieldsNotDefaulted, "new-fields-not-defaulted", "symbolic new leaves the fields of the new object unset instead of 0, false, nil"},
      {Fault::StoreIndexNotSubstituted, "store-index-not-substituted", "symbolic a[i] := e stores at i without applying the substitution to i"},
      {Fault::SelectOverStoreUnchecked, "select-over-store-unchecked", "the simplifier reads (a[i := v])[j] as v without checking i = j"},
      {Fault::MissingAliasCase, "missing-alias-case", "the substitution e[h.f := e'] of §4 forgets the aliasing conditional"},
      {Fault::ThisByName, "this-by-name", "trace unfolding substitutes the receiver expression for this, as printed in §4"},
      {Fault::WpDefinednessDropped, "wp-definedness-dropped", "path(h := e . rho) omits the definedness conjunct delta(h, e)"},
      {Fault::ModelNotValidated, "model-not-validated", "a stale solver model is used without evaluating the path condition under it"},
      {Fault::SymbolicGlobalAsLocal, "symbolic-global-as-local", "symbolic assignment to a global updates a local slot instead"},
      {Fault::CompositionalLazyGuardsFree, "compositional-lazy-guards-free", "the lazy step of Algorithm 2 leaves the other guards free", "--count 30 --level 3 --property compositional_progress"},
      {Fault::CompositionalErrorLeafReturns, "compositional-error-leaf-returns", "error leaves count as returning in delta_g", "--count 30 --level 3 --property compositional_progress"},
      {Fault::CompositionalUnwrittenOutputHavoc, "compositional-unwritten-output-havoc", "an output a leaf does not write is left free in delta_g", "--count 150 --level 2 --property compositional_progress"},
  };
  return faults;
}

std::optional<Fault> fault_by_name(std::string_view name) {
  for (const auto& f : all_faults())
    if (f.name == name) return f.fault;
  return std::nullopt;
}

}  // namespace symref
