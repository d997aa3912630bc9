// The tool's version, printed by `symref --version` and recorded in JSON output.
#pragma once

namespace symref {
const char* version();
}
