// The table of outside tools of `symref difftest --against`: one line per adapter (adapters/).
#include <array>

#include "interop/adapters/gcc_adapter.hpp"
#include "interop/tool_adapter.hpp"

namespace symref::interop {

namespace {

// One line per tool: {"name", "exporter language", kind, "executable", &make_adapter}.
constexpr std::array adapters{
    AdapterEntry{"gcc", "c", AdapterKind::Concrete, "cc", &make_gcc_adapter},
};

}  // namespace

std::span<const AdapterEntry> adapter_table() { return adapters; }

const AdapterEntry* find_adapter(std::string_view name) {
  for (const AdapterEntry& entry : adapters)
    if (entry.name == name) return &entry;
  return nullptr;
}

}  // namespace symref::interop
