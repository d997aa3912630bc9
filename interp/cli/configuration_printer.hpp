// Readable concrete configurations for `--trace` and `symref step`: where the top closure is, the
// stack of closures with their local valuations, the global valuation and the heap (§3, §4).
#pragma once

#include <string>

#include "semantics/concrete/machine.hpp"
#include "semantics/control.hpp"

namespace symref {

class ConfigurationPrinter {
 public:
  explicit ConfigurationPrinter(const Program& program) : program_(program) {}

  // "main 3:5  x := x + 1", or "fib: end of body" when the top closure's statement is ε.
  std::string describe_position(const ControlStack& control, const Statement* statement) const;
  // The configuration after a step, one line per part, each prefixed by `indent`.
  std::string render(const ConcreteMachine& machine, const std::string& indent) const;

 private:
  const Program& program_;
};

// A branch string for text output: "(none)" when empty, cut with its length when very long.
std::string shorten_branches(const std::string& branches);
// The same from the first min(letters, branches_shown_in_full) letters and the string's length.
constexpr std::size_t branches_shown_in_full = 800;
std::string shorten_branches(const std::string& prefix, std::size_t letters);

}  // namespace symref
