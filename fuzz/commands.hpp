// The commands of fuzz/, `symref fuzz`, `symref fuzz-merge` and `symref gen`: the paper's theorems checked on random programs.
//
// The `symref fuzz`, `fuzz-merge` and `gen` subcommands (docs/cli.md): random well-typed programs and
// the paper's lemmas and theorems checked on them at scale (props/properties.hpp).
#pragma once

#include <CLI/CLI.hpp>

#include "interp/cli/command.hpp"

namespace symref::fuzz {

// `symref fuzz [--seed S] [--count N | --time T] [--level 1|2|3] [--property P] [--inject-fault NAME]
// [--list-faults]`: exit 0 when every case passed, 2 on bad usage, 3 when a property failed (the
// shrunk program and input are written to files whose paths are printed).
void add_fuzz_command(CLI::App& app, cli::Action& action);
// `symref fuzz-merge DIR...`: the shard results (`fuzz --shard I/N --out DIR`) in the directories
// merged into one summary; exit 3 when a shard failed, 1 when a shard is missing or unreadable.
void add_fuzz_merge_command(CLI::App& app, cli::Action& action);
// `symref gen [--seed S] [--level L] [--size N] [--input]`: one generated program, or its input state.
void add_gen_command(CLI::App& app, cli::Action& action);

}  // namespace symref::fuzz
