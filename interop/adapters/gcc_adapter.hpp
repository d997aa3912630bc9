// The gcc adapter of `difftest --against gcc`: compiles the C export with the system's C compiler
// (`cc`) and GMP, runs it on input states, and reads its `symref run --json` answer.
#pragma once

#include <memory>

#include "interop/tool_adapter.hpp"

namespace symref::interop {

std::unique_ptr<ToolAdapter> make_gcc_adapter(const AdapterSettings& settings);

}  // namespace symref::interop
