// The verdict tools of `difftest`: Dafny (dafny.cpp), Frama-C WP (frama_c_wp.cpp) and Why3
// (why3.cpp), each asked to prove "this outcome does not happen" on the program bounded at K.
#pragma once

#include <memory>

#include "interop/tool_adapter.hpp"

namespace symref::interop {

std::unique_ptr<ToolAdapter> make_dafny_adapter(const AdapterSettings& settings);
std::unique_ptr<ToolAdapter> make_frama_c_wp_adapter(const AdapterSettings& settings);
std::unique_ptr<ToolAdapter> make_why3_adapter(const AdapterSettings& settings);

}  // namespace symref::interop
