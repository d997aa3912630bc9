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
      {Fault::HeapAliasUnconditional, "heap-alias-unconditional", "summary theta_alias as printed: the disequalities to the other candidates are not guarded by their existence", "--count 60 --level 3 --property same_sequences"},
      {Fault::HeapStrongUpdate, "heap-strong-update", "summary: a write through a reference with several targets overwrites each", "--count 60 --level 3 --property same_sequences"},
      {Fault::HeapNewIsCandidate, "heap-new-is-candidate", "lazy/summary: new objects are offered as aliases of input references", "--count 100 --level 3 --property same_sequences"},
      {Fault::HeapNilNotForked, "heap-nil-not-forked", "lazy/summary: an uninitialized reference is never nil", "--count 60 --level 3 --property same_sequences"},
      {Fault::HeapLazySkipsLastAlias, "heap-lazy-skips-last-alias", "lazy: the newest input object of the class is not offered as an alias", "--count 60 --level 3 --property same_sequences"},
  };
  return faults;
}

std::optional<Fault> fault_by_name(std::string_view name) {
  for (const auto& f : all_faults())
    if (f.name == name) return f.fault;
  return std::nullopt;
}

}  // namespace symref
