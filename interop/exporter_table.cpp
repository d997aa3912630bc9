// The table of exporters: one line per target language of `symref export --to`.
#include <array>

#include "interop/c/c_exporter.hpp"
#include "interop/exporter.hpp"

namespace symref::interop {

namespace {

// One line per language: {"name", "description", &export_function, bounded}.
constexpr std::array exporters{
    ExporterEntry{"c", "C99 that runs like `symref run --json` (GMP integers, or --int i64)", &export_c, false},
};

}  // namespace

std::span<const ExporterEntry> exporter_table() { return exporters; }

const ExporterEntry* find_exporter(std::string_view language) {
  for (const ExporterEntry& entry : exporters)
    if (entry.language == language) return &entry;
  return nullptr;
}

}  // namespace symref::interop
