// The per-check timing log of check_log.hpp (no § of a paper: fuzz speed).
#include "interp/solver/session/check_log.hpp"

#include <cstdio>

namespace symref::solver {

// One fprintf per line: stdio locks the stream for the call, so lines of solvers on other threads
// do not interleave.
void CheckLog::check(std::string_view backend, SatResult result, double seconds, std::uint64_t work_units,
                     std::string_view reason) const {
  if (!on_) return;
  std::fprintf(stderr, "check\t%s\t%.*s\t%.*s\t%.6f\t%llu\t%.*s\n", label_.c_str(), static_cast<int>(backend.size()),
               backend.data(), static_cast<int>(to_string(result).size()), to_string(result).data(), seconds,
               static_cast<unsigned long long>(work_units), static_cast<int>(reason.size()), reason.data());
}

void CheckLog::solver_made(std::string_view backend) const {
  if (!on_) return;
  std::fprintf(stderr, "solver\t%s\t%.*s\n", label_.c_str(), static_cast<int>(backend.size()), backend.data());
}

}  // namespace symref::solver
