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
#define FAULT(enumerator, name, description, catch_options) {Fault::enumerator, name, description, catch_options},
#include "semantics/faults.def"
#undef FAULT
  };
  return faults;
}

std::optional<Fault> fault_by_name(std::string_view name) {
  for (const auto& f : all_faults())
    if (f.name == name) return f.fault;
  return std::nullopt;
}

}  // namespace symref
