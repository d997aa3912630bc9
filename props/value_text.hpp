// Values and paths as property failures print them (no lemma): `3`, `true`, `nil`, `object 2`; `TFD`, `ε`.
#pragma once

#include <string>

#include "semantics/values/value.hpp"

namespace symref::props {

inline std::string describe_value(const Value& value) {
  switch (value.kind()) {
    case ValueKind::Int: return value.as_integer().to_string();
    case ValueKind::Bool: return value.as_boolean() ? "true" : "false";
    case ValueKind::Reference: return value.is_nil() ? "nil" : "object " + std::to_string(value.as_object());
  }
  return "?";
}

// A path's branch string, `ε` for the path without forks.
inline std::string path_name(const std::string& branches) { return branches.empty() ? "ε" : branches; }

}  // namespace symref::props
