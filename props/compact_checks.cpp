// What the compact-engine properties share: engine settings under the props bounds, verdicts (Trtík Thms 1–2).
#include "props/compact_checks.hpp"

namespace symref::props {

compact::CompactOptions compact_options_for(const PropertySettings& settings) {
  compact::CompactOptions options;
  options.limits.loop_bound = settings.loop_bound;
  options.max_steps = settings.max_path_steps;
  options.max_paths = settings.max_paths * 4;
  // After the instances a loop runs classically up to the same bound, so few suffice to cover K.
  options.max_instances = 3;
  options.solving = settings.solver_options();
  options.generate_tests = false;
  return options;
}

bool has_usable_template(const std::vector<compact::LoopTemplate>& templates) {
  for (const auto& t : templates)
    if (t.status == compact::TemplateStatus::Ok) return true;
  return false;
}

PropertyVerdict check_compact_theorem(CaseWorkspace& workspace, CompactTheorem theorem) {
  const PropertySettings& settings = workspace.settings();
  const compact::CompactResult& result = workspace.compact_exploration();
  PropertyVerdict verdict;
  if (!has_usable_template(result.templates) || (theorem == CompactTheorem::Soundness && result.statistics.truncated)) {
    ++verdict.skipped;
    return verdict;
  }
  const ExplorationResult& classic = workspace.forward_exploration();
  compact::AgreementVerdict agreement =
      theorem == CompactTheorem::Soundness
          ? compact::check_theorem1(workspace.program(), workspace.terms(), result, classic, settings.solver_options(),
                                     &workspace.solver_session())
          : compact::check_theorem2(workspace.program(), workspace.terms(), result, classic, settings.loop_bound,
                                    settings.solver_options(), settings.max_theorem2_instances, &workspace.solver_session());
  verdict.checks = agreement.checks;
  verdict.unknown = agreement.unknown;
  verdict.skipped = agreement.skipped;
  if (agreement.failure) {
    std::optional<std::string> input;
    if (agreement.witness) input = workspace.state_json(*agreement.witness);
    verdict.fail(*agreement.failure, input);
  }
  return verdict;
}

}  // namespace symref::props
