// The exploration options that `explore`, `report` and `grade` share, registered in one place so
// that they mean the same everywhere (docs/cli.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "interp/explore/explorer.hpp"

namespace symref::cli {

struct ExplorationFlags {
  std::string engine = "forward";
  std::string solver = "z3";
  std::uint32_t loop_bound = 10;
  std::uint64_t max_steps = 10'000;
  std::uint64_t max_paths = 100'000;
  unsigned timeout_milliseconds = 5000;
  std::string heap = "arrays";
  bool heap_prune = false;
  HeapModelCatalogue heap_models;  // not a flag: the models the command offers for --heap besides arrays
  std::uint64_t max_int_bits = default_max_int_bits;
};

// An engine of engines/ that the command also accepts, with a few words on what it is.
struct EngineName {
  std::string name;
  std::string description;
};

// --engine, --solver, --loop-bound, --max-steps, --max-paths, --timeout, --heap, --max-int-bits.
// `extra_engines`: engines of engines/ that the command also accepts (explore_extension.hpp);
// `heap_models`: the heap models of engines/ that --heap offers besides arrays.
void add_exploration_flags(CLI::App* command, ExplorationFlags& flags, const std::vector<EngineName>& extra_engines = {},
                           const HeapModelCatalogue& heap_models = {});

ExploreOptions explore_options_from(const ExplorationFlags& flags);

// --heap other than arrays needs --engine forward, --heap-prune a heap model: usage errors (exit 2) otherwise.
void check_heap_flags(const ExplorationFlags& flags);

}  // namespace symref::cli
