// How engines above interp (engines/, linked only by the binary) join `symref explore --engine
// NAME`: each adds its own options to the command and returns what runs it.  tool/ passes the
// table, so interp never includes an engine (docs/contributing.md layering).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "interp/cli/command.hpp"
#include "interp/cli/exploration_flags.hpp"

namespace symref::cli {

// The options of `explore` that every engine shares.
struct ExploreCommonOptions {
  std::string file;
  ExplorationFlags exploration;
  std::string format = "text";
  std::string tests_directory;
  std::string fault;
  std::string smt_directory;  // --smt-dir: every solver query as SMT-LIB2
  bool no_timings = false;    // --no-timings (interp/explore/timings.hpp)
  bool quantifier_expansion = true;  // --no-quantifier-expansion: off
  std::string order;                 // --order dfs or bfs; empty: the engine's own default
  std::optional<std::uint64_t> seed;  // --seed: the engine's random choices, reproducible
  int progress = 0;                  // --progress (1) / --no-progress (-1) / neither (0)
};

using ExploreEngineRun = std::function<int(const ExploreCommonOptions&)>;

struct ExploreEngineExtension {
  std::string name;
  std::string description;  // a few words for --engine's help
  std::function<ExploreEngineRun(CLI::App* command)> attach;
  // Usage errors in the shared options that only this engine has (CLI::ValidationError, exit 2),
  // checked when the command line is parsed; empty: none.
  std::function<void(const ExploreCommonOptions&)> check_usage;
};

// `explore` with the engines of `extensions` beside forward and trace, and the heap models of
// `heap_models` beside arrays.
void add_explore_command(CLI::App& app, Action& action, const std::vector<ExploreEngineExtension>& extensions,
                         const HeapModelCatalogue& heap_models);
// `report` with the heap models of `heap_models` beside arrays.
void add_report_command(CLI::App& app, Action& action, const HeapModelCatalogue& heap_models);

// `--tests DIR`: created when missing (InputError when it cannot be).
void create_tests_directory(const std::string& directory);
// Each leaf's test input as `path-N-BRANCHES.json` in `directory` (InputError when one cannot be written).
void write_tests(const std::string& directory, const Program& program, const ExplorationResult& result);
// The same for one leaf, numbered from 0 (nothing when it has no test).
void write_test(const std::string& directory, const Program& program, const ExploredPath& path, std::uint64_t number);

}  // namespace symref::cli
