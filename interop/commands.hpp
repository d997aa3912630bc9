// The commands of the interop layer: `symref export` and `symref difftest`.  The campaign mode of
// difftest (`--campaign`, fuzz/difftest_campaign.hpp) needs the random program generator and
// shrinker of props/, layers above this one, so the binary's command table passes it in.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "interp/cli/command.hpp"
#include "interop/difftest.hpp"

namespace symref::interop {

void add_export_command(CLI::App& app, cli::Action& action);

// `symref difftest --campaign ...`: what the command parsed, handed to the campaign runner.
struct CampaignRequest {
  DifftestOptions difftest;          // --against, --loop-bound, --int, the run limits
  std::uint64_t seed = 1;
  std::uint64_t count = 100;         // programs (0 with a time limit: until the time is up)
  double time_seconds = 0;           // --time
  int level = 1;                     // the generator's level
  std::uint32_t shard_index = 0;     // --shard I/N: this run takes programs I, I+N, I+2N, ...
  std::uint32_t shard_count = 1;
  std::string out_directory;         // --out: the campaign's record and every disagreement's program
  std::string format = "text";
  std::string fault;                 // --inject-fault
};
using CampaignRunner = std::function<int(const CampaignRequest& request)>;

void add_difftest_command(CLI::App& app, cli::Action& action, CampaignRunner campaign);

}  // namespace symref::interop
