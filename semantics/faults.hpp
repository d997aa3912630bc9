// Planted faults: known semantic bugs that `--inject-fault NAME` switches on inside the real
// engines, so that the test suite can show each property catching one (docs/guide-campaigns.md#properties).
// With no fault active, every check below is a single load of a global and a compare.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace symref {

enum class Fault : unsigned char {
  None,
  ArrayBoundOffByOne,       // δ(a[i]) as printed in §2.1: 0 <= i <= |a| instead of i < |a|
  TruncatingDivision,       // `/` and `%` round towards zero instead of Euclidean (concrete only)
  StrictConjunction,        // concrete `&&` evaluates its right operand even when the left is false
  BranchNotNegated,         // symbolic_choice_else adds b instead of ¬b to the path condition
  LoopExitNotNegated,       // symbolic_iteration_exit adds b instead of ¬b
  LocalFrameNotRestored,    // concrete procedure return keeps the callee's locals for the caller
  ParameterByName,          // symbolic call binds parameters to the unevaluated argument expressions
  NewAliasesOldObject,      // forward `new` may yield an object that already exists
  NewFieldsNotDefaulted,    // fields of a new object keep stale values instead of 0/false/nil
  StoreIndexNotSubstituted, // symbolic a[i] := e stores at i without applying the substitution to i
  SelectOverStoreUnchecked, // simplifier rewrites (a[i := v])[j] to v without checking i = j
  MissingAliasCase,         // e[h.f := e'] drops the aliasing conditional of §4
  ThisByName,               // trace unfolding substitutes the receiver expression for `this` (§4 as printed)
  WpDefinednessDropped,     // path(h := e · ρ) omits δ(h, e)
  ModelNotValidated,        // a solver model is used without evaluating φ under it first (and is stale)
  SymbolicGlobalAsLocal,    // symbolic assignment to a global variable updates a local slot of the same index
  HeapAliasUnconditional,   // summary θ_alias as the draft prints it: r_f ≠ r'_a for every other candidate, unguarded
  HeapStrongUpdate,         // summary field write through a reference with several targets overwrites each of them
  HeapNewIsCandidate,       // lazy/summary offer `new` objects as alias candidates
  HeapNilNotForked,         // lazy/summary initialization never offers nil
  HeapLazySkipsLastAlias,   // lazy initialization does not offer the newest input object of the class as an alias
  CompactKappaReused,       // compact engine: every template instance reuses one parameter κ (Trtík Alg. 1 line 23)
  CompactThetaOffByOne,     // compact engine: θ⟦κ⟧(a) = Θ(a) + c·(κ+1) instead of Θ(a) + c·κ (§5.1)
  CompactForallDropped,     // compact engine: φ_x⟦κ⟧ without its ∀τ conjunct (§5.1)
  CompositionalLazyGuardsFree,       // Algorithm 2's lazy step leaves the other dangling guards free
  CompositionalErrorLeafReturns,     // a leaf ending in an error counts as returning in δ_g
  CompositionalUnwrittenOutputHavoc, // δ_g leaves an output the leaf did not write free
  ApcRule2WithoutInvariance,  // apc (Strejček & Trtík §3.1): rule 2 adds d_i·κ_i without checking θ_κ⟨d_i⟩ invariant
  ApcRule4WithoutShift,       // apc §3.1: rule 4 writes θ_κ⟨d⟩ without the κ_i − 1 shift
  ApcClosurePositive,         // apc Algorithm 1: the closure bounds the counters by κ > 0 (as printed for foo)
  ApcPrintedArrayRule,        // apc §4: the single-writer array rule as printed, without the invariance test
  ApcBackboneLeftOut,         // apc §3: the disjunction over B_P forgets one backbone
  CounterexampleCacheBackwards,  // the counterexample cache answers sat from a known sat subset of the query
  ModelReuseSkipsNewest,    // model reuse does not evaluate the newest formula under the last model
  ImpliedIgnoresPolarity,   // the implied-condition layer takes the negation of a formula below for implied
  IndependenceNewestOnly,   // constraint independence drops formulas sharing atoms with the newest scope
  FastPathLoopExitUncounted,  // the concrete fast path does not count the iteration-exit transition
  CompactExitDropped,       // compact engine: a loop template loses its last exit (Def. 5's exits {(θ_i, φ_i, Ξ_i, l_i)} incomplete)
  CompactCompositionWithoutTheta,  // compact engine: s ∘ s′ conjoins φ′ instead of θ⟨φ′⟩ (Def. 2)
  CompositionalDanglingLeafFalse,  // a dangling leaf gives false in delta_g instead of its guard G_l
  HeapElseGuardKept,        // L(r) read from an if-then-else keeps the else branch's guard without ¬condition
  ApcRule3DifferingValues,    // apc §3.1: rule 3 fires although the changing backbones set different values
  ApcPhiTauUpToKappa,         // apc §3.1: φ_κ quantifies τ_i ≤ κ_i instead of τ_i < κ_i
  ApcInnerCountersKept,       // apc §3.1: θ_i(a) with inner-loop counters is kept instead of giving ⋆
  CompactPopFreshParameter,   // compact engine: the return phase (Alg. 1 lines 12–16) uses a fresh κ, not the stored one
  CompactRecordNeverPopped,   // compact engine: a special record (t, κ) stays on the stack, its return phase never applied
  CompactTauUpToKappa,        // compact engine: the ∀τ conjunct of φ_x⟦κ⟧ ranges over τ ≤ κ instead of τ < κ (§5.1)
  FastPathOrNotShortCircuit,  // the concrete fast path's register form of `||` runs its right operand when the left is true
  CompactSubstitutionSkipsCondition,  // compact engine: s⟦ν⟧ substitutes θ but leaves φ's parameters (Trtík §3)
  HeapLazyNewNotDistinct,     // lazy NEW: r_f ≠ a for the earlier input objects a is not added to φ
  HeapSummaryDropsOldestAlias,  // summary θ_alias: the oldest candidate of ρ is not offered
  HeapLazyMergesAliases,      // lazy ALIAS: one successor whose reference is a guarded set over all candidates
  HeapNoOrig,                 // summary: θ's guards conjoin φ_x as printed and θ_orig is dropped
  ApcDeltaShiftedByOne,       // apc §3.3: δ_{i,j} substitutes s_{i,j} − 1 for the inner counters, as printed
  ApcGuidedFirstBackbone,     // apc §7: the guided search prunes by the first backbone's apc_π instead of apc
  CompositionalNoUnknownCallsites,     // γ_f without unknownC^g: only known call sites reach f (Anand et al. §4.2)
  CompositionalContextWithoutLocalpc,  // knownC_f^g without localpc(m): a = args(m) alone (§4.2)
  CompositionalUnfoldedAtInputs,       // the unfolded encoding instantiates D_g at P_g instead of at the call's arguments
  ImpliedWrongUnsat,          // the implied-condition layer answers unsat for a condition already below
  CompositionalCoveredStaysDangling,  // Execute records the run covering a dangling node but leaves it dangling (Anand et al. §4.1)
  CompositionalSummaryForgetsWrites,  // Ret_o(l) of a written global is its entry value P_g, not its exit value (§4.2)
  FunctionArrayArgumentWithoutLength, // encoding: an int[] argument of an uninterpreted function passes its elements but not |a|
  HeapSummaryForksNil,        // summary: Summarize forks θ_null off as its own successor (lazy's NULL) instead of keeping it in L(r)
  HeapNilTargetRead,          // lazy/summary: VS reads through the nil target too, so L(r) gets a target that names no location
  ApcInnerSumFirstCounter,    // apc §3.3: Σκ̄_j ↦ s_{i,j} for a multi-counter inner loop keeps only the first counter (κ_1 ↦ s, the rest ↦ 0), unchecked
  CompactBracketsSkipFirstPass,  // compact ∀τ brackets: the under-approximation spells out τ = 1..N, leaving out τ = 0 (bounded_forall.hpp)
  CompositionalNoInputObjectHints,  // compositional: δ/γ/Ψ without InputObject(F_f[t]) on reference field reads (axioms.cpp)
  QueryCacheKeyNewestScope,  // the case query cache keys a query by its innermost scope's formulas only (query_cache_solver.cpp)
  QuantifierExpansionDropsLastInstance,  // a spelled-out bounded quantifier leaves out its last instance (quantifier_expansion.cpp)
  ContradictionInsideDisjunction,  // the syntactic-contradiction layer opens disjunctions as if conjunctions (contradiction_solver.cpp)
  QueryCacheModelNewestScope,  // the case query cache tries a recent model on the innermost scope's formulas only (query_cache_solver.cpp)
  CompactBracketInstanceUnguarded,  // compact ∀τ brackets: the over-approximation's instances B(t) lose their guards (bounded_forall.hpp)
  ExportTruncatingDivision,   // C export: / and % round towards zero (C's own) instead of Euclidean (interop/c)
  ExportBoundInclusive,       // C, Dafny and WhyML exports: a[i] checked as 0 <= i <= len(a), as §2.1 prints δ
  ExportDefinedLetterDropped, // C export: an assignment's D letter is not recorded (interop/c)
  ExportMethodTargetFirst,    // C export: h of h := e0.m(..) evaluated before the body instead of after (interop/c)
  ExportNewAliasesInput,      // C export: `new C` hands out an input object of class C instead of a fresh one (interop/c)
  ExportLoopUnrolledOneShort,  // verifier exports: a loop unrolled K-1 times before its `bound` check (interop/bounded_program.cpp)
};

struct FaultDescription {
  Fault fault;
  std::string_view name;         // the command-line name, e.g. "array-bound-off-by-one"
  std::string_view description;  // one line
  // The `symref fuzz` options (beside --seed 1 and --inject-fault) under which ctest shows this
  // fault caught (tests/props.cmake); empty: `--count 100 --level 3`, every property on.  Faults of
  // an engine that only its own properties see name them here, e.g. "--count 50 --level 1
  // --property apc_necessary".  "test:SUITE.NAME" instead names the unit test that shows the fault
  // caught, for an engine fault that random programs seldom reach (the test runs the property's
  // check on a corpus program written to reach it).
  std::string_view catch_options = {};
};

const std::vector<FaultDescription>& all_faults();
std::optional<Fault> fault_by_name(std::string_view name);

namespace detail {
extern Fault active_fault;
extern std::atomic<std::uint64_t> active_fault_reached;
}
// Whether `fault` is the one switched on; each time it is, the faulty code is about to run, which
// is counted (fault_reached): a campaign whose programs and properties never get there says so
// instead of reporting the fault missed.
inline bool fault_active(Fault fault) {
  if (detail::active_fault != fault) [[likely]]
    return false;
  detail::active_fault_reached.fetch_add(1, std::memory_order_relaxed);
  return true;
}
void set_active_fault(Fault fault);  // also sets the count back to 0
// How many times the active fault's code was reached since it was switched on (this process).
inline std::uint64_t fault_reached() { return detail::active_fault_reached.load(std::memory_order_relaxed); }

// Switches a planted fault on for one scope (tests), and off again at its end.
class ScopedFault {
 public:
  explicit ScopedFault(Fault fault) { set_active_fault(fault); }
  ~ScopedFault() { set_active_fault(Fault::None); }
  ScopedFault(const ScopedFault&) = delete;
  ScopedFault& operator=(const ScopedFault&) = delete;
};

}  // namespace symref
