// Progress of a long search on stderr (explore, compact, apc): leaves decided, feasible, rate and
// current depth, one line every two seconds, so that a run that takes minutes is not silent.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

namespace symref::cli {

class ProgressMeter {
 public:
  // `out` null: silent.  `label` starts every line ("explore"); `unit` names what is counted ("paths").
  ProgressMeter(std::ostream* out, std::string label, std::string unit = "paths", double interval_seconds = 2);

  // One more leaf decided; prints a line when the interval has passed since the last one.
  void leaf(bool feasible, std::size_t depth);
  // The line with the final counts, when any line was printed before (a short run stays silent).
  void finish();
  bool active() const { return out_ != nullptr; }

 private:
  void print();

  std::ostream* out_;
  std::string label_;
  std::string unit_;
  double interval_seconds_;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point last_line_;
  std::uint64_t decided_ = 0;
  std::uint64_t feasible_ = 0;
  std::size_t depth_ = 0;
  bool printed_ = false;
};

// `--progress` / `--no-progress`: they leave +1 or -1 in `setting` (0 when neither is given), which
// must outlive the command line's parsing; progress_stream resolves it.
void add_progress_flag(CLI::App* command, int& setting);
// std::cerr when asked for, or by default when stderr is a terminal; otherwise null.
std::ostream* progress_stream(int setting);

}  // namespace symref::cli
