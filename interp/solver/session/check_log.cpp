// The per-check timing log of check_log.hpp (no § of a paper: fuzz speed).
#include "interp/solver/session/check_log.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace symref::solver {

namespace {

thread_local std::string current_label;

std::mutex& output_mutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

bool check_log_enabled() {
  static const bool enabled = std::getenv("SYMREF_CHECK_LOG") != nullptr;
  return enabled;
}

void set_check_log_label(std::string label) {
  if (check_log_enabled()) current_label = std::move(label);
}

void log_check(std::string_view backend, SatResult result, double seconds, std::uint64_t work_units, std::string_view reason) {
  if (!check_log_enabled()) return;
  std::lock_guard<std::mutex> lock(output_mutex());
  std::fprintf(stderr, "check\t%s\t%.*s\t%.*s\t%.6f\t%llu\t%.*s\n", current_label.c_str(), static_cast<int>(backend.size()),
               backend.data(), static_cast<int>(to_string(result).size()), to_string(result).data(), seconds,
               static_cast<unsigned long long>(work_units), static_cast<int>(reason.size()), reason.data());
}

void log_solver_made(std::string_view backend) {
  if (!check_log_enabled()) return;
  std::lock_guard<std::mutex> lock(output_mutex());
  std::fprintf(stderr, "solver\t%s\t%.*s\n", current_label.c_str(), static_cast<int>(backend.size()), backend.data());
}

}  // namespace symref::solver
