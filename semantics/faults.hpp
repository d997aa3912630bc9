// Planted faults: known semantic bugs that `--inject-fault NAME` switches on inside the real
// engines, so that the test suite can show each property catching one (DESIGN.md "Properties").
// With no fault active, every check below is a single load of a global and a compare.
#pragma once

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
  FastPathLoopExitUncounted,  // the concrete fast path does not count the iteration-exit transition
};

struct FaultDescription {
  Fault fault;
  std::string_view name;         // the command-line name, e.g. "array-bound-off-by-one"
  std::string_view description;  // one line
  // The `symref fuzz` options (beside --seed 1 and --inject-fault) under which ctest shows this
  // fault caught (tests/props.cmake); empty: `--count 100 --level 3`, every property on.  Faults of
  // an engine that only its own properties see name them here, e.g. "--count 50 --level 1
  // --property apc_necessary".
  std::string_view catch_options = {};
};

const std::vector<FaultDescription>& all_faults();
std::optional<Fault> fault_by_name(std::string_view name);

namespace detail {
extern Fault active_fault;
}
inline bool fault_active(Fault fault) { return detail::active_fault == fault; }
void set_active_fault(Fault fault);

// Switches a planted fault on for one scope (tests), and off again at its end.
class ScopedFault {
 public:
  explicit ScopedFault(Fault fault) { set_active_fault(fault); }
  ~ScopedFault() { set_active_fault(Fault::None); }
  ScopedFault(const ScopedFault&) = delete;
  ScopedFault& operator=(const ScopedFault&) = delete;
};

}  // namespace symref
