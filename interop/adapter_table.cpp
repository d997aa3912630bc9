// The table of outside tools of `symref difftest --against`: one line per adapter (adapters/).
#include <array>

#include "interop/adapters/gcc_adapter.hpp"
#include "interop/adapters/verifier_adapters.hpp"
#include "interop/tool_adapter.hpp"

namespace symref::interop {

namespace {

// One line per tool: {"name", "exporter language", kind, "executable", &make_adapter}.
constexpr std::array adapters{
    AdapterEntry{"gcc", "c", AdapterKind::Concrete, "cc", &make_gcc_adapter},
    AdapterEntry{"dafny", "dafny", AdapterKind::Verdicts, "dafny", &make_dafny_adapter},
    AdapterEntry{"frama-c-wp", "acsl", AdapterKind::Verdicts, "frama-c", &make_frama_c_wp_adapter},
    AdapterEntry{"why3", "whyml", AdapterKind::Verdicts, "why3", &make_why3_adapter},
};

}  // namespace

std::span<const AdapterEntry> adapter_table() { return adapters; }

const AdapterEntry* find_adapter(std::string_view name) {
  for (const AdapterEntry& entry : adapters)
    if (entry.name == name) return &entry;
  return nullptr;
}

}  // namespace symref::interop
