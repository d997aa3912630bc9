// Property `export_agrees`: the program exported to C (interop/c, exact integers through GMP),
// compiled with the system's cc, runs every input of the test case — and every test of the forward
// exploration's feasible leaves — exactly as `symref run` does: the same outcome, final state,
// step count and branch string (interop/difftest.hpp, the concrete comparison against gcc).
//
// It runs a C compiler per case (about half a second), so it is checked only when named:
// `symref fuzz --property export_agrees`.  Without cc on PATH every check is skipped.
#include "interop/difftest.hpp"
#include "interp/state_json/state_format.hpp"
#include "props/properties.hpp"

namespace symref::props {

PropertyVerdict check_export_agrees(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.program();
  std::vector<nlohmann::ordered_json> inputs;
  for (const GlobalState& input : workspace.inputs()) inputs.push_back(write_state(program, input));
  for (const ExploredPath& path : workspace.forward_exploration().paths)
    if (path.test) inputs.push_back(write_state(program, *path.test));
  interop::DifftestOptions options;
  options.against = "gcc";
  options.settings.max_steps = workspace.settings().max_run_steps;
  options.settings.max_depth = 1000;
  options.settings.timeout_seconds = 30;
  interop::DifftestReport report = interop::difftest_runs(program, "case.sym", inputs, options);
  for (const interop::ComparedItem& item : report.items) {
    if (item.kind == "export" && item.agreement == interop::Agreement::Inconclusive) {  // no cc
      verdict.skipped += inputs.size();
      return verdict;
    }
    ++verdict.checks;
    if (item.agreement == interop::Agreement::Inconclusive) ++verdict.unknown;
    if (item.agreement == interop::Agreement::Disagree) {
      verdict.fail("the C export disagrees with symref run on " + item.label + ": " + item.detail,
                   item.input.is_null() ? std::optional<std::string>() : item.input.dump(2));
      return verdict;
    }
  }
  return verdict;
}

}  // namespace symref::props
