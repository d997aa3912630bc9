// The catalogue of planted faults and the switch that turns one on.
#include "semantics/faults.hpp"

namespace symref {

namespace detail {
Fault active_fault = Fault::None;
std::atomic<std::uint64_t> active_fault_reached{0};
}

void set_active_fault(Fault fault) {
  detail::active_fault = fault;
  detail::active_fault_reached.store(0, std::memory_order_relaxed);
}

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
      {Fault::CompactKappaReused, "compact-kappa-reused", "compact execution reuses one template parameter for every instance instead of a fresh one", "--count 100 --level 1 --property compact_soundness"},
      {Fault::CompactThetaOffByOne, "compact-theta-off-by-one", "a loop template's memory moves a variable by c*(k+1) instead of c*k", "--count 100 --level 1 --property compact_soundness"},
      {Fault::CompactForallDropped, "compact-forall-dropped", "a loop template's exit condition lacks the conjunct that every earlier pass took the cycle", "--count 100 --level 1 --property compact_soundness"},
      {Fault::ApcRule2WithoutInvariance, "apc-rule2-without-invariance", "apc rule 2 adds d_i * k_i without checking that d_i is loop-invariant", "test:ApcRules.RuleTwoNeedsInvariance"},
      {Fault::ApcRule4WithoutShift, "apc-rule4-without-shift", "apc rule 4 uses the value after k_i iterations instead of k_i - 1", "test:ApcRules.RuleFourShiftsTheCounter"},
      {Fault::ApcClosurePositive, "apc-closure-positive", "apc closes over the path counters with k > 0 instead of k >= 0", "--count 100 --level 1 --property apc_necessary"},
      {Fault::ApcPrintedArrayRule, "apc-printed-array-rule", "apc's single-writer array rule as printed in section 4, without invariance", "test:ApcRules.ArrayRuleNeedsInvariance"},
      {Fault::ApcBackboneLeftOut, "apc-backbone-left-out", "apc's disjunction over the backbones forgets the last one", "test:ApcFaults.BackboneLeftOutIsCaught"},
      {Fault::CounterexampleCacheBackwards, "counterexample-cache-backwards", "the counterexample cache answers sat from a known sat subset of the query", "--count 50 --level 1"},
      {Fault::ModelReuseSkipsNewest, "model-reuse-skips-newest", "model reuse answers sat without evaluating the newest formula", "--count 50 --level 1"},
      {Fault::ImpliedIgnoresPolarity, "implied-ignores-polarity", "the implied-condition layer takes the negation of a branch condition below for implied by it", "--count 50 --level 1"},
      {Fault::IndependenceNewestOnly, "independence-newest-only", "constraint independence asks only the newest scope, dropping formulas on the same atoms", "--count 50 --level 1"},
      {Fault::FastPathLoopExitUncounted, "fast-path-loop-exit-uncounted", "the concrete fast path of run does not count the iteration-exit transition", "--count 50 --level 1 --property concrete_fast_path"},
      {Fault::HeapElseGuardKept, "heap-else-guard-kept", "lazy/summary: L(r) of ite(c, a, b) gives b's targets the outer guard, without not c", "--count 60 --level 3 --property mutual_exclusion"},
      {Fault::ApcInnerSumFirstCounter, "apc-inner-sum-first-counter", "apc heavy processLoop: an inner loop with several counters has its counter sum replaced by s_ij through the first counter alone, the others set to 0 without checking", "test:ApcProperties.SummarySoundCatchesInnerSumFirstCounter"},
      {Fault::CompositionalLazyGuardsFree, "compositional-lazy-guards-free", "the lazy step of Algorithm 2 leaves the other guards free", "--count 30 --level 3 --property compositional_progress"},
      {Fault::CompositionalErrorLeafReturns, "compositional-error-leaf-returns", "error leaves count as returning in delta_g", "--count 30 --level 3 --property compositional_progress"},
      {Fault::CompositionalUnwrittenOutputHavoc, "compositional-unwritten-output-havoc", "an output a leaf does not write is left free in delta_g", "--count 150 --level 2 --property compositional_progress"},
      {Fault::HeapAliasUnconditional, "heap-alias-unconditional", "summary theta_alias as printed: the disequalities to the other candidates are not guarded by their existence", "--count 60 --level 3 --property same_sequences"},
      {Fault::HeapStrongUpdate, "heap-strong-update", "summary: a write through a reference with several targets overwrites each", "--count 60 --level 3 --property same_sequences"},
      {Fault::HeapNewIsCandidate, "heap-new-is-candidate", "lazy/summary: new objects are offered as aliases of input references", "--count 200 --level 3 --property same_sequences"},
      {Fault::HeapNilNotForked, "heap-nil-not-forked", "lazy/summary: an uninitialized reference is never nil", "--count 60 --level 3 --property same_sequences"},
      {Fault::HeapLazySkipsLastAlias, "heap-lazy-skips-last-alias", "lazy: the newest input object of the class is not offered as an alias", "--count 60 --level 3 --property same_sequences"},
      {Fault::CompactExitDropped, "compact-exit-dropped", "a loop template loses its last exit", "--count 100 --level 1 --property compact_soundness"},
      {Fault::CompactCompositionWithoutTheta, "compact-composition-without-theta", "composing a state with a template exit conjoins the exit condition without rewriting it through the state", "--count 100 --level 1 --property compact_soundness"},
      {Fault::CompositionalDanglingLeafFalse, "compositional-dangling-leaf-false", "a dangling leaf gives false in delta_g instead of its guard G_l", "test:CompositionalFaults.DanglingLeafKeepsTheCallerOpen"},
      {Fault::ApcRule3DifferingValues, "apc-rule3-differing-values", "apc rule 3 takes the first changing backbone's value although the others set different ones", "test:ApcRules.RuleThreeNeedsOneValue"},
      {Fault::ApcPhiTauUpToKappa, "apc-phi-tau-up-to-kappa", "apc's looping condition asks the loop path's condition for tau_i <= k_i instead of tau_i < k_i", "--count 100 --level 1 --property apc_necessary"},
      {Fault::ApcInnerCountersKept, "apc-inner-counters-kept", "apc keeps inner-loop counters in a loop summary instead of giving *", "test:ApcRules.InnerCountersGiveStar"},
      {Fault::CompactPopFreshParameter, "compact-pop-fresh-parameter", "the return phase of a recursion template uses a fresh parameter instead of the one its special record stored", "--count 100 --level 2 --property compact_soundness"},
      {Fault::CompactRecordNeverPopped, "compact-record-never-popped", "a recursion template's special record is never popped, so its return phase is lost", "--count 100 --level 2 --property compact_soundness"},
      {Fault::CompactTauUpToKappa, "compact-tau-up-to-kappa", "a template exit's condition asks the cycle's condition for every tau <= k instead of tau < k", "--count 100 --level 1 --property compact_soundness"},
      {Fault::FastPathOrNotShortCircuit, "fast-path-or-not-short-circuit", "the concrete fast path's register form of || evaluates its right operand, and takes its value, when the left one is true", "--count 100 --level 1 --property concrete_fast_path"},
      {Fault::CompactSubstitutionSkipsCondition, "compact-substitution-skips-condition", "compact s[[v]] replaces the parameters in the memory but not in the path condition", "--count 40 --level 1 --property lemma1_composition"},
      {Fault::HeapLazyNewNotDistinct, "heap-lazy-new-not-distinct", "lazy: the new input object's reference is not kept apart from the earlier input objects", "--count 60 --level 3 --property tests_replay"},
      {Fault::HeapSummaryDropsOldestAlias, "heap-summary-drops-oldest-alias", "summary: theta_alias does not offer the oldest input object of the class", "--count 60 --level 3 --property summary_exact"},
      {Fault::HeapLazyMergesAliases, "heap-lazy-merges-aliases", "lazy: the alias choices are merged into one successor with a guarded points-to set", "--count 60 --level 3 --property lazy_single_uninitialized"},
      {Fault::HeapNoOrig, "heap-no-orig", "summary: theta guards conjoin the read's guard phi_x as printed, and theta_orig is dropped", "test:HeapCorpus.EachNamedFaultIsCaught"},
      {Fault::ApcDeltaShiftedByOne, "apc-delta-shifted-by-one", "apc heavy processLoop: the exit condition delta_ij substitutes s_ij - 1 for the inner counters, as printed", "test:ApcProperties.SummarySoundCatchesDeltaShift"},
      {Fault::ApcGuidedFirstBackbone, "apc-guided-first-backbone", "apc's guided search prunes by the first backbone's apc instead of the disjunction", "test:ApcProperties.GuidedSearchCatchesFirstBackbone"},
      {Fault::CompositionalNoUnknownCallsites, "compositional-no-unknown-callsites", "gamma_f drops unknownC: only the known call sites can reach f", "test:CompositionalFaults.UnknownCallSitesKeepCalleeNodesReachable"},
      {Fault::CompositionalContextWithoutLocalpc, "compositional-context-without-localpc", "knownC drops localpc(m): a call site's arguments without the path that leads to it", "--count 100 --level 2 --property compositional_progress"},
      {Fault::CompositionalUnfoldedAtInputs, "compositional-unfolded-at-inputs", "the unfolded encoding instantiates D_g at the callee's own inputs instead of the call's arguments", "--count 100 --level 2 --property axioms_agree"},
      {Fault::ImpliedWrongUnsat, "implied-wrong-unsat", "the implied-condition layer answers unsat for a branch condition repeating one below", "--count 100 --level 3 --property completeness"},
      {Fault::CompositionalCoveredStaysDangling, "compositional-covered-stays-dangling", "Execute records which run covered a dangling node but leaves the node dangling, so Algorithm 1 chooses it again", "--count 30 --level 2 --property termination"},
      {Fault::CompositionalSummaryForgetsWrites, "compositional-summary-forgets-writes", "ret(l) equates a written global output with its entry value instead of the leaf's exit value", "--count 100 --level 2 --property summaries_sound"},
      {Fault::FunctionArrayArgumentWithoutLength, "function-array-argument-without-length", "the encoding passes an int[] argument of an uninterpreted function without its length", "test:FunctionArrayArguments.LengthIsPartOfTheArgument"},
      {Fault::HeapSummaryForksNil, "heap-summary-forks-nil", "summary: Summarize splits theta_null off into a successor of its own, so a sequence has two summary leaves", "--count 60 --level 3 --property one_state_per_sequence"},
      {Fault::HeapNilTargetRead, "heap-nil-target-read", "lazy/summary: a field read through a reference that may be nil reads the nil target too, a target that is no location", "--count 60 --level 3 --property mutual_exclusion"},
      {Fault::CompactBracketsSkipFirstPass, "compact-brackets-skip-first-pass", "the quantifier-free under-approximation of a compact forall-tau query spells out the passes 1..N but not pass 0, so its sat answers may be wrong", "--count 100 --level 1 --property compact_tests_replay"},
      {Fault::CompositionalNoInputObjectHints, "compositional-no-input-object-hints", "delta, gamma and Psi leave out the hints InputObject(F_f[t]) on reference field reads the side constraints miss (under binders, over a callee's field arrays)", "test:CompositionalFaults.InputObjectHintsKeepFieldReadsOnInputs"},
      {Fault::QueryCacheKeyNewestScope, "query-cache-key-newest-scope", "the case query cache keys a query by the formulas of its innermost scope only, so a repeated branch condition under another path gets that path's answer", "--count 50 --level 1 --query-cache --property completeness"},
      {Fault::QuantifierExpansionDropsLastInstance, "quantifier-expansion-drops-last-instance", "the quantifier-expansion solver layer spells out a bounded forall or exists without its last instance", "--count 100 --level 1 --property summary_sound"},
      {Fault::ContradictionInsideDisjunction, "contradiction-inside-disjunction", "the syntactic-contradiction solver layer takes the operands of a disjunction in scope for conjuncts, so b or c beside not b reads as a contradiction", "--count 100 --level 1"},
      {Fault::QueryCacheModelNewestScope, "query-cache-model-newest-scope", "the case query cache answers a new query sat with a recent model that satisfies the formulas of its innermost scope, unchecked on the rest", "--count 100 --level 1"},
      {Fault::CompactBracketInstanceUnguarded, "compact-bracket-instance-unguarded", "the quantifier-free over-approximation of a compact forall-tau query claims its instances B(0), B(k), B(k-1) without their guards, so its unsat answers may be wrong", "test:BoundedForallFaults.CompactSoundnessCatchesAnUnguardedInstance"},
      {Fault::ExportTruncatingDivision, "export-truncating-division", "the C export divides with C's / and %, which round towards zero, instead of Euclidean division", "test:DifftestCommand.PlantedExportFaultsAreCaught"},
      {Fault::ExportBoundInclusive, "export-bound-inclusive", "the C, Dafny and WhyML exports check a[i] as 0 <= i <= len(a), the bound as printed in section 2.1", "--count 30 --level 1 --property export_agrees"},
      {Fault::ExportDefinedLetterDropped, "export-defined-letter-dropped", "the C export records no D letter for an assignment that reads or writes a field or an element", "test:DifftestCommand.PlantedExportFaultsAreCaught"},
      {Fault::ExportMethodTargetFirst, "export-method-target-first", "the C export evaluates the target h of h := e0.m(...) before the method's body instead of after it", "test:DifftestCommand.PlantedExportFaultsAreCaught"},
      {Fault::ExportNewAliasesInput, "export-new-aliases-input", "the C export's new C hands out an input object of class C instead of a fresh one", "test:DifftestCommand.PlantedExportFaultsAreCaught"},
      {Fault::ExportLoopUnrolledOneShort, "export-loop-unrolled-one-short", "the Dafny, ACSL and WhyML exports unroll every loop K-1 times before its bound check instead of K", "test:difftest.fault.export-loop-unrolled-one-short"},
  };
  return faults;
}

std::optional<Fault> fault_by_name(std::string_view name) {
  for (const auto& f : all_faults())
    if (f.name == name) return f.fault;
  return std::nullopt;
}

}  // namespace symref
