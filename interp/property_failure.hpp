// A failed property or cross-check: symref or a solver disagrees with itself (exit code 3).
#pragma once

#include <stdexcept>
#include <string>

namespace symref {

class PropertyFailure : public std::runtime_error {
 public:
  explicit PropertyFailure(const std::string& details) : std::runtime_error(details) {}
};

}  // namespace symref
