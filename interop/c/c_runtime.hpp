// The runtime of the C exports (symref_runtime.c), compiled into symref as text by CMake.
#pragma once

#include <string_view>

namespace symref::interop {

extern const std::string_view c_runtime_text;
inline std::string_view c_runtime_source() { return c_runtime_text; }

}  // namespace symref::interop
