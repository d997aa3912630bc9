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
#define FAULT(enumerator, name, description, catch_options) enumerator,
#include "semantics/faults.def"
#undef FAULT
};

struct FaultDescription {
  Fault fault;
  std::string_view name;         // the command-line name, e.g. "array-bound-off-by-one"
  std::string_view description;  // one line
  // The `symref fuzz` options (beside --seed and --inject-fault) under which ctest shows this
  // fault caught from each of the seeds 7 and 99 (tests/props.cmake); empty: `--count 100 --level
  // 3`, every property on.  Faults of an engine that only its own properties see name them here,
  // e.g. "--count 50 --level 1 --property apc_necessary".  "test:SUITE.NAME" instead names the
  // test that shows the fault caught, for a fault no `symref fuzz` property can see (the exports'
  // faults other than export-bound-inclusive, which need a verifier or the difftest command).
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
