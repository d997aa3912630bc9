// The tool's version string.
#include "interp/version.hpp"

namespace symref {
const char* version() { return "0.1.0"; }
}  // namespace symref
