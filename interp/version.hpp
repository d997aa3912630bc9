// The tool's version, printed by `symref --version`, and the version of its JSON formats
// (docs/json.md "Conventions and versioning").
#pragma once

namespace symref {
const char* version();

// The first key of every JSON document symref prints: `"version": json_format_version`.  It rises
// when a field is removed or changes its meaning; fields may be added without a rise.
inline constexpr int json_format_version = 1;
}  // namespace symref
