// A fuzzing campaign (every lemma and theorem of props/properties.hpp): generate, check, shrink.
//
// A fuzzing campaign: RapidCheck generates test cases of one level from a seed, every chosen
// property is checked on each, and the first failure is shrunk to a small well-typed program and
// input (what `symref fuzz` and the property tests run; each property checks its lemma or theorem).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "interp/solver/session/stall_watch.hpp"
#include "props/engine_coverage.hpp"
#include "props/properties.hpp"

namespace symref::fuzz {

// The cases of one shard shared out among the worker processes of `--jobs N` (in memory they all
// map): every worker generates the shard's cases in the same order, and each run of cases
// (cases_per_run) is checked by the first worker to reach it, so a worker that drew a slow case
// leaves the next runs to the others (batches of 25 gave a 50-case campaign's two workers one
// batch each, however uneven).
struct CaseClaims {
  std::atomic<std::uint64_t> next{0};  // position (in the shard's order) of the first case of the first unclaimed run
  // Position of the earliest failing case: as one process would, no worker checks a case after it.
  std::atomic<std::uint64_t> failed{std::numeric_limits<std::uint64_t>::max()};
};

struct CampaignOptions {
  std::uint64_t seed = 1;
  std::uint64_t count = 100;   // test cases, unless `seconds` is set
  double seconds = 0;          // > 0: run batches until this much time has passed
  int level = 3;
  int max_size = 100;          // RapidCheck's size grows to this within each batch of cases
  std::vector<props::PropertyId> properties;  // empty: all
  std::size_t shrink_limit = 1000;       // property evaluations spent on shrinking a failure
  props::PropertySettings settings;
  // Each case's solvers answer a query asked before in the case from a store
  // (interp/solver/session/query_cache.hpp; --no-query-cache: off).  Faster; models then come from other
  // solvers' histories, so model-driven counts (tests, concretizations) differ from a run without it.
  bool query_cache = true;
  // Each solver check and each solver made, a line on stderr (interp/solver/session/check_log.hpp);
  // `symref fuzz` switches it on when the environment variable SYMREF_CHECK_LOG is set.
  bool log_checks = false;
  std::ostream* progress = nullptr;      // progress lines while running; null: quiet
  double progress_interval_seconds = 2;
  // Shard `shard_index` of `shard_count`: the batches k with k mod shard_count = shard_index, so
  // the shards of a --count campaign are disjoint and together hold exactly its cases.
  std::uint64_t shard_index = 0;
  std::uint64_t shard_count = 1;
  // Worker processes sharing out this shard's cases (run_campaign_in_workers).
  unsigned jobs = 1;
  CaseClaims* claims = nullptr;  // set in each worker: check only the cases it claims
  // Set in each worker: where it sends its cases' results, a JSON object per line, as they are
  // checked (run_campaign_in_workers keeps them if it stops the worker in the middle of a case).
  const std::function<void(std::string_view line)>* report_lines = nullptr;
  // Set in a worker that replaces one stopped in the middle of a case (a stalled Z3 check): it
  // checks that case, the position-th of the shard, from the first_property-th chosen property on
  // (none when that is their number), then the rest of the case's run.
  struct Resume {
    std::uint64_t position = 0;
    std::size_t first_property = 0;
  };
  std::optional<Resume> resume;
  // Set in each worker of run_campaign_in_workers that its supervisor watches: the board its
  // solvers publish their checks on (interp/solver/session/stall_watch.hpp); null: none.
  solver::StallBoard* stall_board = nullptr;
  // For tests: what the boards of run_campaign_in_workers make their checks simulate.
  solver::SimulatedTrouble simulated_trouble;
  // When the campaign began, if in another process: a `seconds` campaign ends that long after it.
  std::optional<std::chrono::steady_clock::time_point> started;
  // Count the rules every engine applies on the generated cases (`--coverage`; shrink candidates
  // are not counted): CampaignResult::coverage.
  bool coverage = false;
};

// Cases are generated in batches of this many, batch k from a seed derived from (seed, k), so a
// `--count` run whose count is a multiple of it is a prefix of a `--time` run with the same seed.
// (RapidCheck sizes a batch's cases by the batch's length: the last case of a shorter last batch
// differs.)
constexpr std::uint64_t cases_per_batch = 25;

// A batch's cases go in runs of this many consecutive ones (the last run of a shorter batch is
// shorter).  A worker claims a run whole, and the cases of a run share Z3 contexts: a case's
// solvers take the contexts that the cases before it in the run left (without their SMT cores;
// solver::SolverSession::Case).  Making and freeing a context for every
// case took 7% of a level-1 campaign's instructions.  A case's answers and models depend on the
// cases before it in its run and on nothing else: they are the same in every shard, with any
// --jobs and on the reproduce line.
constexpr std::uint64_t cases_per_run = 5;

// A campaign run for a time (CampaignOptions::seconds) shrinks a failure until its deadline, or
// for this long after the failure was found when that is later (at most the campaign's own
// seconds): a failure found late is still shrunk a little, and a slow case's shrinking (up to
// shrink_limit candidates, each checking the case again) no longer runs for minutes past it.
constexpr double shrinking_grace_seconds = 10;
std::uint64_t batch_seed(std::uint64_t seed, std::uint64_t batch);

struct PropertyTally {
  std::uint64_t cases = 0;    // test cases the property passed on
  std::uint64_t checks = 0;   // instances checked (paths, inputs, pairs, steps ...)
  std::uint64_t unknown = 0;  // instances skipped because a solver answered unknown
  std::uint64_t skipped = 0;  // instances the bounds made moot
  double seconds = 0;
  std::uint64_t fault_reached = 0;  // times the planted fault's code ran during its checks (faults.hpp)
};

struct CampaignFailure {
  std::string property;       // a property's name, or "generator" when a generated program did not load
  std::string message;        // what failed and where, on the shrunk test case
  std::string first_message;  // the same on the case as generated
  std::string program;        // the shrunk counterexample's program text
  std::string input;          // its input state (JSON)
  std::uint64_t case_number = 0;  // 1-based number of the failing case in the campaign
  std::uint64_t batch = 0;
  std::size_t shrink_steps = 0;         // accepted shrinks
  std::size_t shrink_evaluations = 0;   // shrink candidates tried
  bool shrinking_stopped_by_time = false;  // --time: the deadline ended the shrinking (shrinking_grace_seconds)
};

// One generated case: its number in the unsharded campaign and a digest of its program and input.
struct CaseRecord {
  std::uint64_t number = 0;  // 1-based: 25 k + i + 1 for the i-th case of batch k
  std::uint64_t digest = 0;  // FNV-1a of the program text
};

struct CampaignResult {
  std::uint64_t cases = 0;  // generated cases checked, the failing one included
  double seconds = 0;
  std::vector<PropertyTally> tallies;  // indexed by PropertyId
  std::optional<CampaignFailure> failure;  // the first failure (lowest case number)
  std::vector<CaseRecord> case_records;    // in case-number order
  double generation_seconds = 0;  // RapidCheck generating the cases
  double workspace_seconds = 0;   // printing and loading each generated program (not the properties)
  // Z3 checks that stalled past their time limit, each ending its case's child process (a property
  // counts it as one unknown; PropertySettings::isolation_grace_milliseconds).
  std::uint64_t stalls = 0;
  // With CampaignOptions::coverage: the engines' rules applied on the cases, summed.  A property
  // whose worker was killed in a stall loses what it counted, and the worker that takes over
  // counts the case's explorations anew for the later properties.
  std::optional<props::EngineCoverage> coverage;

  std::uint64_t properties_checked() const;
  std::uint64_t unknown() const;
  std::uint64_t fault_reached() const;  // summed over the properties
};

CampaignResult run_campaign(const CampaignOptions& options);

// "fuzz: N programs in T s (R programs/s), P properties checked, U unknown skipped[ stalls]\n".
std::string progress_line(const CampaignResult& result, double elapsed_seconds);

// " (N of them solver stalls, killed)" after a count of unknowns, or "" when there were none.
std::string stalls_note(const CampaignResult& result);


// The per-property table printed at the end of a campaign; `timings` false: without the seconds column.
std::string campaign_summary(const CampaignOptions& options, const CampaignResult& result, bool timings = true);

}  // namespace symref::fuzz
