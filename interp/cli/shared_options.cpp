// Options that several subcommands take in the same form (docs/cli.md).
#include <string>
#include <vector>

#include "interp/cli/command.hpp"
#include "semantics/faults.hpp"

namespace symref::cli {

CLI::Option* add_fault_option(CLI::App* command, std::string& fault, const std::string& help) {
  std::vector<std::string> names;
  for (const auto& description : all_faults()) names.emplace_back(description.name);
  return command->add_option("--inject-fault", fault, help)->check(CLI::IsMember(names));
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
