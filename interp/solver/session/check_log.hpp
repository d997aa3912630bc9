// A log of every solver check with its time, to find the checks a fuzz campaign spends on (no § of a paper: fuzz speed).
//
// Switched on by the environment variable SYMREF_CHECK_LOG (any value): then each check of a Z3
// or cvc5 backend writes one tab-separated line to stderr — "check", the label the caller set
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

// Whether SYMREF_CHECK_LOG is set (read once).
bool check_log_enabled();

// What runs now on this thread, printed with each check (e.g. "case 7 solvers_agree").
void set_check_log_label(std::string label);

void log_check(std::string_view backend, SatResult result, double seconds, std::uint64_t work_units, std::string_view reason);

// One line "solver", label, backend per solver made (making one costs more than most checks).
void log_solver_made(std::string_view backend);

}  // namespace symref::solver
