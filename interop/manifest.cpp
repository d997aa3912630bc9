// symref's reference answers at loop bound K and the manifest written beside every export.
#include "interop/manifest.hpp"

#include "interp/cli/exploration_flags.hpp"
#include "interp/explore/exploration_report.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/concrete/fast/fast_machine.hpp"

namespace symref::interop {

std::string_view outcome_verdict_name(OutcomeVerdict verdict) {
  switch (verdict) {
    case OutcomeVerdict::Reachable: return "reachable";
    case OutcomeVerdict::Unreachable: return "unreachable";
    case OutcomeVerdict::Unknown: return "unknown";
  }
  return "?";
}

ReferenceExploration::ReferenceExploration(const Program& program, std::uint32_t loop_bound)
    : terms_(std::make_unique<terms::TermManager>(&program)), loop_bound_(loop_bound) {
  cli::ExplorationFlags flags;
  flags.loop_bound = loop_bound;
  ExploreOptions options = cli::explore_options_from(flags);
  {
    Explorer explorer(program, *terms_, options);
    result_ = explorer.explore();
  }
  for (Outcome outcome : final_outcomes) verdicts_[outcome] = OutcomeVerdict::Unreachable;
  for (const ExploredPath& path : result_.paths) {
    if (path.status == solver::SatResult::Sat) {
      verdicts_[path.outcome] = OutcomeVerdict::Reachable;
    } else if (path.status == solver::SatResult::Unknown) {
      // An undecided leaf might end in its outcome, or in any when its outcome is not known yet.
      for (Outcome outcome : final_outcomes)
        if ((path.outcome == outcome || path.outcome == Outcome::Running) && verdicts_[outcome] == OutcomeVerdict::Unreachable)
          verdicts_[outcome] = OutcomeVerdict::Unknown;
    }
  }
  if (result_.statistics.truncated)
    for (auto& [outcome, verdict] : verdicts_)
      if (verdict == OutcomeVerdict::Unreachable) verdict = OutcomeVerdict::Unknown;
}

GlobalState state_from_json(const Program& program, const nlohmann::ordered_json& state, const std::string& what) {
  SourceFile source(what, state.dump(2));
  std::vector<std::string> notes;
  return read_state(program, source, notes);
}

nlohmann::ordered_json reference_run(const Program& program, const GlobalState& input, std::uint64_t max_steps,
                                     std::uint32_t max_depth, std::string* limit_hit) {
  FastMachine machine(program, input);
  machine.run(RunLimits{max_steps, max_depth});
  if (limit_hit != nullptr)
    *limit_hit = machine.outcome() == Outcome::Bound ? (machine.bound_reason().empty() ? "a run limit" : machine.bound_reason())
                                                     : std::string();
  GlobalState final_state = machine.take_state();
  name_new_objects(final_state);
  nlohmann::ordered_json out;
  out["version"] = 1;  // as `symref run --json` prints it
  out["outcome"] = std::string(outcome_name(machine.outcome()));
  out["state"] = write_state(program, final_state);
  out["steps"] = machine.steps();
  out["branches"] = machine.branches();
  if (machine.branch_record().truncated()) {  // as `symref run --json`: the first 2^20 letters kept
    out["branches_truncated"] = true;
    out["branch_count"] = machine.branch_count();
  }
  return out;
}

nlohmann::ordered_json reference_run(const Program& program, const nlohmann::ordered_json& input, std::uint64_t max_steps,
                                     std::uint32_t max_depth, std::string* limit_hit) {
  return reference_run(program, state_from_json(program, input, "input state"), max_steps, max_depth, limit_hit);
}

nlohmann::ordered_json manifest_to_json(const ManifestContext& context, const ReferenceExploration& exploration) {
  nlohmann::ordered_json out;
  out["schema"] = "symref-manifest/1";
  out["program"] = context.program_path;
  out["language"] = context.language;
  out["loop_bound"] = exploration.loop_bound();
  out["integers"] = std::string(integer_model_name(export_integer_model(context.language, context.options)));
  out["array_capacity"] = context.exported.array_capacity ? nlohmann::ordered_json(*context.exported.array_capacity)
                                                          : nlohmann::ordered_json(nullptr);
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const ExportedFile& file : context.exported.files) files.push_back(file.name);
  out["files"] = std::move(files);
  out["build"] = context.exported.build_hint;
  out["run_max_steps"] = manifest_run_max_steps;
  nlohmann::ordered_json outcomes = nlohmann::ordered_json::object();
  for (const auto& [outcome, verdict] : exploration.outcome_verdicts())
    outcomes[std::string(outcome_name(outcome))] = std::string(outcome_verdict_name(verdict));
  out["outcomes"] = std::move(outcomes);

  ReportContext report{context.program, exploration.terms(), context.program_path, "forward", "z3"};
  nlohmann::ordered_json leaves = nlohmann::ordered_json::array();
  for (const ExploredPath& path : exploration.result().paths) {
    if (path.status != solver::SatResult::Sat) continue;
    nlohmann::ordered_json leaf = path_head_to_json(report, path.branches, path.outcome, path.status, path.status_reason,
                                                    path.path_condition);
    leaf.erase("status");
    leaf["final"] = symbolic_state_to_json(report, path.final_configuration);
    leaf["final_smt2"] = symbolic_state_to_smt2(report, path.final_configuration);
    if (path.test) {
      leaf["test"] = write_state(context.program, *path.test);
      leaf["run"] = reference_run(context.program, *path.test, manifest_run_max_steps, RunLimits{}.max_depth);
    } else {
      leaf["test"] = nullptr;
      leaf["test_note"] = path.test_note;
    }
    leaves.push_back(std::move(leaf));
  }
  out["leaves"] = std::move(leaves);
  const ExplorationStatistics& s = exploration.result().statistics;
  out["exploration"] = {{"paths", s.paths}, {"feasible", s.feasible}, {"infeasible", s.infeasible},
                        {"unknown", s.unknown}, {"truncated", s.truncated}};
  return out;
}

}  // namespace symref::interop
