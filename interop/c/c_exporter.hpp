// `symref export --to c`: the program as C99 that runs like `symref run --json` (c_exporter.cpp).
#pragma once

#include "interop/exporter.hpp"

namespace symref::interop {

ExportResult export_c(const Program& program, const ExportOptions& options);

}  // namespace symref::interop
