// How subcommands plug into the one `symref` binary: each registers its options with CLI11 and,
// when chosen, leaves the action to run after parsing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace symref::cli {

// The chosen subcommand's body; returns the exit code.
using Action = std::function<int()>;

void add_check_command(CLI::App& app, Action& action);
void add_run_command(CLI::App& app, Action& action);
void add_explore_command(CLI::App& app, Action& action);
void add_step_command(CLI::App& app, Action& action);
void add_wp_command(CLI::App& app, Action& action);
void add_report_command(CLI::App& app, Action& action);
void add_grade_command(CLI::App& app, Action& action);
void add_lab_command(CLI::App& app, Action& action);

// `--inject-fault NAME`, NAME one of the planted faults (semantics/faults.hpp).
CLI::Option* add_fault_option(CLI::App* command, std::string& fault, const std::string& help);
// Switches on the fault an --inject-fault option named (nothing when it is empty).
void activate_fault(const std::string& fault);

// `--max-int-bits N` (integer_limit.hpp): at least 64, so that every 64-bit value is allowed (the
// machines compute those without looking at the limit).
CLI::Option* add_max_int_bits_option(CLI::App* command, std::uint64_t& max_int_bits);

// `--no-timings`: leave out every figure that measures time (interp/explore/timings.hpp).
void add_no_timings_flag(CLI::App* command, bool& no_timings);

// Runs an action, turning the errors every command shares into diagnostics and exit codes:
// InputError → 1, property and solver failures → 3, anything unexpected → 3 with "internal error".
int run_action(const Action& action);

}  // namespace symref::cli
