// The exporters of `symref export FILE --to LANGUAGE`: each translates a checked Program into one
// target language from symref's own syntax tree and definedness rules (docs/language.md), never from a
// second semantics.  One file (or folder) per language; every exporter is listed once in
// exporter_table.cpp.
//
// Writing an exporter: implement `ExportFunction` — read the Program (semantics/syntax/program.hpp),
// return the files to write.  The loop bound and the integer model come in ExportOptions; a
// construct the target cannot express is an InputError naming its source position
// (unsupported_construct below).  The manifest (manifest.hpp) is written beside the files by the
// export command, not by the exporter.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/syntax/program.hpp"

namespace symref::interop {

// How a target represents the language's unbounded integers.
enum class IntegerModel : unsigned char {
  Exact,  // unbounded, as in symref (GMP in C, `int` in Dafny and WhyML)
  Int64,  // 64-bit two's complement; an operation that leaves the range ends the run as `inconclusive`
  // C `long long` read by a verifier (the ACSL export for Frama-C WP): every input and every
  // value is assumed to fit 64 bits, and every overflow is a proof goal of its own, so a proof
  // says nothing about inputs outside 64 bits and counts only with its overflow goals proved.
  Int64OverflowGoals,
};
std::string_view integer_model_name(IntegerModel model);  // "exact", "i64", "i64-overflow-goals"

struct ExportOptions {
  std::uint32_t loop_bound = 10;  // K of `explore --loop-bound K`; bounded targets unroll to it
  IntegerModel integers = IntegerModel::Exact;
};

struct ExportedFile {
  std::string name;  // relative to the output directory, e.g. "program.c"
  std::string text;
};

struct ExportResult {
  std::vector<ExportedFile> files;  // files[0] is the main file
  std::string build_hint;           // how to build or check it, one line, e.g. "cc -std=c99 program.c -lgmp"
  std::optional<std::uint64_t> array_capacity;  // when the target fixes a largest array length
};

using ExportFunction = ExportResult (*)(const Program& program, const ExportOptions& options);

struct ExporterEntry {
  std::string_view language;     // as typed: `--to LANGUAGE`
  std::string_view description;  // one line for --help
  ExportFunction export_program;
  bool bounded;                  // true: the export is the program cut at --loop-bound K
  std::optional<IntegerModel> integers;  // the target's own integer model; none: `--int` chooses
};

// Every exporter, in the order `--help` lists them.
std::span<const ExporterEntry> exporter_table();
const ExporterEntry* find_exporter(std::string_view language);

// The integer model an export of `language` under `options` really has: the exporter's own, or
// the one `--int` chose.  The manifest and difftest's report name it; nothing else decides it.
IntegerModel export_integer_model(std::string_view language, const ExportOptions& options);

// The error an exporter raises for a construct its target cannot express: an InputError rendered
// as `file:line:col: error: MESSAGE` with the source line (exit 1).
[[noreturn]] void unsupported_construct(const Program& program, SourceLocation location, const std::string& message);

// The program's base name without directory and `.sym`, made a valid identifier in every target
// ("max-of-3.sym" → "max_of_3"); used to name exported files and modules.
std::string export_base_name(const std::string& program_path);

}  // namespace symref::interop
