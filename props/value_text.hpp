// Paths as property failures name them: the branch string, `ε` for the path without forks.
#pragma once

#include <string>

#include "semantics/values/value.hpp"

namespace symref::props {

// A path's branch string, `ε` for the path without forks.
inline std::string path_name(const std::string& branches) { return branches.empty() ? "ε" : branches; }

}  // namespace symref::props
