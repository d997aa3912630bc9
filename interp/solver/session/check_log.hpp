// A log of every solver check with its time, to find the checks a fuzz campaign spends on (no § of a paper: fuzz speed).
//
// Off unless switched on (`symref fuzz` does when the environment variable SYMREF_CHECK_LOG is
// set): then each check of a Z3 or cvc5 backend made with the session (solver_session.hpp) writes
// one tab-separated line to stderr — "check", the label the caller set
// (the campaign sets case number and property), backend, answer, seconds (of the backend's check
// call alone: reading the work counter costs more than many checks), Z3's work units
// (rlimit count; cvc5's resource units for cvc5) and the reason of an unknown; and a line per
// solver made.  Off, it costs one load of a flag.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "interp/solver/solver.hpp"

namespace symref::solver {

class CheckLog {
 public:
  CheckLog() = default;  // off
  bool on() const { return on_; }
  void switch_on() { on_ = true; }

  // What runs now, printed with each check (e.g. "case 7 solvers_agree").
  void set_label(std::string label) {
    if (on_) label_ = std::move(label);
  }

  void check(std::string_view backend, SatResult result, double seconds, std::uint64_t work_units, std::string_view reason) const;
  // One line "solver", label, backend per solver made (making one costs more than most checks).
  void solver_made(std::string_view backend) const;

 private:
  bool on_ = false;
  std::string label_;
};

}  // namespace symref::solver
