// Options that several subcommands take in the same form (docs/cli.md).
#include <string>

#include "interp/cli/command.hpp"
#include "semantics/faults.hpp"

namespace symref::cli {

// The names are not listed in --help (there are dozens): `symref fuzz --list-faults` prints them.
CLI::Option* add_fault_option(CLI::App* command, std::string& fault, const std::string& help) {
  CLI::Validator known_fault(
      [](const std::string& name) {
        return fault_by_name(name) ? std::string() : "unknown fault '" + name + "' (symref fuzz --list-faults prints them)";
      },
      "FAULT");
  return command->add_option("--inject-fault", fault, help)->check(known_fault);
}

void add_no_timings_flag(CLI::App* command, bool& no_timings) {
  command->add_flag("--no-timings", no_timings,
                    "leave out every figure that measures time (JSON members ending in \"seconds\"), so that the same "
                    "input gives the same bytes");
}

CLI::Option* add_max_int_bits_option(CLI::App* command, std::uint64_t& max_int_bits) {
  return command
      ->add_option("--max-int-bits", max_int_bits,
                   "end a run or path in outcome 'bound' where an integer of more than N bits would be made")
      ->check(CLI::Range(std::uint64_t{64}, std::uint64_t{1} << 40))
      ->capture_default_str();
}

void activate_fault(const std::string& fault) {
  if (!fault.empty()) set_active_fault(*fault_by_name(fault));
}

}  // namespace symref::cli
