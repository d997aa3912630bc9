// `symref difftest`: symref as the oracle for another implementation.  Explores the program at K
// (manifest.hpp), exports it for the tool's language, lets the tool's adapter (tool_adapter.hpp)
// answer, and compares item by item (difftest_report.hpp):
//  - a concrete tool runs the tests of every feasible leaf plus seeded random inputs, each compared
//    with `symref run --json` on the same input (outcome, final state, branch string, steps); the
//    random inputs run under a small step limit, and one that reaches it is inconclusive;
//  - a verdict tool is asked about every outcome symref finds unreachable at K (proved → agree, not
//    proved → incomplete) and about a sample of reachable ones (proved impossible → disagree, since
//    a replayed test reaches it).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "interop/difftest_report.hpp"
#include "interop/exporter.hpp"
#include "interop/manifest.hpp"
#include "interop/tool_adapter.hpp"

namespace symref::interop {

struct DifftestOptions {
  std::string against;                 // an adapter's name
  ExportOptions export_options;        // K and the integer model
  std::uint64_t random_inputs = 20;    // concrete tools: random inputs beside the leaves' tests
  // Random inputs run under this step limit on both sides (settings.max_steps when lower), and
  // their integers stay within it until the last inputs (random_inputs.hpp); a random input on
  // which symref's run stops at a limit is inconclusive, and the tool is not run on it.
  std::uint64_t random_max_steps = 10'000;
  std::uint64_t seed = 1;              // of the random inputs
  std::uint32_t reachable_samples = 1; // verdict tools: reachable outcomes asked about
  AdapterSettings settings;
  std::filesystem::path keep_directory;  // write the export there and keep it; empty: a temporary directory, removed
  // A program the exporter cannot express (WhyML and classes, ACSL and `a := b`): an InputError
  // (exit 1) for one program, an `inconclusive` item in a campaign, which goes on.
  bool unexpressible_inconclusive = false;
};

// Compares the tool with symref on `program` (read from `program_path`, named so in the report).
// Throws InputError when the program or the options are at fault.
DifftestReport difftest_program(const Program& program, const std::string& program_path, const DifftestOptions& options);

// The concrete comparison alone, without an exploration or a manifest: the export for a concrete
// tool's language built once and run on `inputs` (states as JSON), each run compared with `symref
// run`.  Property `export_agrees` of `symref fuzz` uses it.
DifftestReport difftest_runs(const Program& program, const std::string& program_path,
                             const std::vector<nlohmann::ordered_json>& inputs, const DifftestOptions& options);

struct WrittenExport {
  ExportResult exported;
  nlohmann::ordered_json manifest;
};

// Writes the export of `program` for `language` and its manifest (manifest.json) into `directory`
// (created when missing).  Shared by `export` and `difftest`.  InputError when the exporter
// rejects the program or the directory cannot be written.
WrittenExport write_export(const Program& program, const std::string& program_path, const std::string& language,
                           const ExportOptions& options, const std::filesystem::path& directory,
                           const ReferenceExploration& exploration);

}  // namespace symref::interop
