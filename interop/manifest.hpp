// The manifest written beside every export (`symref export`): what symref itself knows about the
// program at loop bound K — the integer model, the array capacity where the target has one, per
// feasible leaf of `explore --loop-bound K` its branches, outcome, pc (readable and SMT-LIB2),
// test, symbolic final state and the test's concrete run, and per outcome whether it is
// reachable, unreachable or unknown at K.  `difftest` compares an outside tool against it.
//
// JSON shape ("schema": "symref-manifest/1", documented in docs/json.md):
//   { "schema", "program", "language", "loop_bound", "integers", "array_capacity", "files", "build", "run_max_steps",
//     "outcomes": { OUTCOME: "reachable" | "unreachable" | "unknown" },
//     "leaves": [ { "branches", "outcome", "pc", "pc_smt2", "final", "test",
//                   "run": { "outcome", "state", "steps", "branches" } } ],
//     "exploration": { "paths", "feasible", "infeasible", "unknown", "truncated" } }
#pragma once

#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "interop/exporter.hpp"
#include "interp/explore/explorer.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::interop {

// What an outcome is at loop bound K according to symref's exploration.
enum class OutcomeVerdict : unsigned char { Reachable, Unreachable, Unknown };
std::string_view outcome_verdict_name(OutcomeVerdict verdict);  // "reachable", "unreachable", "unknown"

// symref's own exploration of a program at K, the reference every comparison uses.
class ReferenceExploration {
 public:
  // Explores `program` with explore's defaults and --loop-bound `loop_bound`.
  ReferenceExploration(const Program& program, std::uint32_t loop_bound);

  const ExplorationResult& result() const { return result_; }
  terms::TermManager& terms() const { return *terms_; }
  std::uint32_t loop_bound() const { return loop_bound_; }
  // reachable: a feasible leaf ends in it; unknown: no such leaf, but an undecided leaf might, or
  // the exploration stopped at its path limit; unreachable otherwise.  Every final outcome.
  const std::map<Outcome, OutcomeVerdict>& outcome_verdicts() const { return verdicts_; }

 private:
  std::unique_ptr<terms::TermManager> terms_;
  ExplorationResult result_;
  std::uint32_t loop_bound_;
  std::map<Outcome, OutcomeVerdict> verdicts_;
};

// The concrete run of `symref run --json` on `input` under the run limits `max_steps`, `max_depth`:
// {"outcome", "state", "steps", "branches"}.  New objects are named as `run` names them.  When
// `limit_hit` is given, it is set to why a run ending in `bound` stopped (the step, depth or
// integer-size limit), and emptied otherwise.
nlohmann::ordered_json reference_run(const Program& program, const GlobalState& input, std::uint64_t max_steps,
                                     std::uint32_t max_depth, std::string* limit_hit = nullptr);
// The same on an input state given as JSON (InputError when it does not fit the program).
nlohmann::ordered_json reference_run(const Program& program, const nlohmann::ordered_json& input, std::uint64_t max_steps,
                                     std::uint32_t max_depth, std::string* limit_hit = nullptr);
// Reads a state given as JSON for `program` (InputError, naming `what`, when it does not fit).
GlobalState state_from_json(const Program& program, const nlohmann::ordered_json& state, const std::string& what);

// The step limit of the leaves' runs in the manifest: a leaf cut by the bound may have a test whose
// run never ends, and `symref run`'s own limit (10^8 steps) would cost a second or more per leaf.
inline constexpr std::uint64_t manifest_run_max_steps = 1'000'000;

struct ManifestContext {
  const Program& program;
  std::string program_path;
  std::string language;
  const ExportOptions& options;
  const ExportResult& exported;
};

nlohmann::ordered_json manifest_to_json(const ManifestContext& context, const ReferenceExploration& exploration);

}  // namespace symref::interop
