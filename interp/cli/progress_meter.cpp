// Progress lines of long searches on stderr.
#include "interp/cli/progress_meter.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace symref::cli {

ProgressMeter::ProgressMeter(std::ostream* out, std::string label, std::string unit, double interval_seconds)
    : out_(out),
      label_(std::move(label)),
      unit_(std::move(unit)),
      interval_seconds_(interval_seconds),
      started_(std::chrono::steady_clock::now()),
      last_line_(started_) {}

void ProgressMeter::leaf(bool feasible, std::size_t depth) {
  ++decided_;
  if (feasible) ++feasible_;
  depth_ = depth;
  if (out_ == nullptr) return;
  auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - last_line_).count() < interval_seconds_) return;
  last_line_ = now;
  print();
}

void ProgressMeter::finish() {
  if (out_ != nullptr && printed_) print();
}

void ProgressMeter::print() {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  char line[256];
  std::snprintf(line, sizeof line, "%s: %llu %s decided, %llu feasible, %.0f %s/s, depth %zu\n", label_.c_str(),
                static_cast<unsigned long long>(decided_), unit_.c_str(), static_cast<unsigned long long>(feasible_),
                elapsed > 0 ? static_cast<double>(decided_) / elapsed : 0.0, unit_.c_str(), depth_);
  *out_ << line << std::flush;
  printed_ = true;
}

void add_progress_flag(CLI::App* command, int& setting) {
  command->add_flag_callback("--progress", [&setting] { setting = 1; },
                             "a progress line on stderr every 2 s (the default when stderr is a terminal)");
  command->add_flag_callback("--no-progress", [&setting] { setting = -1; }, "no progress lines");
}

std::ostream* progress_stream(int setting) {
  const bool on = setting > 0 || (setting == 0 && isatty(STDERR_FILENO) != 0);
  return on ? &std::cerr : nullptr;
}

}  // namespace symref::cli
