// What every exporter shares: the integer models' names, the error for an unsupported construct,
// and the base name of exported files.
#include "interop/exporter.hpp"

#include <filesystem>

#include "semantics/syntax/diagnostics.hpp"

namespace symref::interop {

std::string_view integer_model_name(IntegerModel model) {
  switch (model) {
    case IntegerModel::Exact: return "exact";
    case IntegerModel::Int64: return "i64";
    case IntegerModel::Int64OverflowGoals: return "i64-overflow-goals";
  }
  return "?";
}

void unsupported_construct(const Program& program, SourceLocation location, const std::string& message) {
  if (program.source == nullptr || !location.known()) throw InputError("symref export: error: " + message + "\n");
  DiagnosticSink sink(*program.source);
  sink.error(location, message);
  sink.throw_if_any();
  throw InputError(message);
}

std::string export_base_name(const std::string& program_path) {
  std::string stem = std::filesystem::path(program_path).stem().string();
  std::string name;
  for (char c : stem) name += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) name = "p_" + name;
  return name;
}

}  // namespace symref::interop
