// The table of exporters: one line per target language of `symref export --to`.
#include <array>

#include "interop/c/c_exporter.hpp"
#include "interop/exporter.hpp"
#include "interop/verifier_export.hpp"

namespace symref::interop {

namespace {

// One line per language: {"name", "description", &export_function, bounded, integer model}.
constexpr std::array exporters{
    ExporterEntry{"c", "C99 that runs like `symref run --json` (GMP integers, or --int i64)", &export_c, false,
                  std::nullopt},
    ExporterEntry{"dafny", "Dafny 2.3, bounded at K: one method per outcome ensuring it does not happen", &export_dafny_files,
                  true, IntegerModel::Exact},
    ExporterEntry{"acsl", "C with ACSL for Frama-C WP, bounded at K: one function per outcome (long long, overflow goals)",
                  &export_acsl_files, true, IntegerModel::Int64OverflowGoals},
    ExporterEntry{"whyml", "WhyML for Why3 1.5, bounded at K: one function per outcome (no classes)", &export_whyml_files,
                  true, IntegerModel::Exact},
};

}  // namespace

std::span<const ExporterEntry> exporter_table() { return exporters; }

const ExporterEntry* find_exporter(std::string_view language) {
  for (const ExporterEntry& entry : exporters)
    if (entry.language == language) return &entry;
  return nullptr;
}

IntegerModel export_integer_model(std::string_view language, const ExportOptions& options) {
  const ExporterEntry* entry = find_exporter(language);
  return entry != nullptr && entry->integers ? *entry->integers : options.integers;
}

}  // namespace symref::interop
