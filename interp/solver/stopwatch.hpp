// Wall-clock timing of solver queries for the statistics solvers report (tooling; no § of the paper).
#pragma once

#include <chrono>

namespace symref::solver {

class Stopwatch {
 public:
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace symref::solver
