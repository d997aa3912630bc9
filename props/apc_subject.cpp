// The apc engine's analysis of a generated program, shared by the apc properties.
#include "props/apc_subject.hpp"

#include "semantics/syntax/diagnostics.hpp"

namespace symref::props {

std::unique_ptr<apc::ApcAnalysis> apc_for_first_assert(CaseWorkspace& workspace, apc::LoopProcessing processing) {
  const Program& program = workspace.program();
  std::vector<SourceLocation> asserts = apc::assert_locations(program);
  if (asserts.empty()) return nullptr;
  return apc_for_assert(workspace, asserts.front(), processing);
}

std::unique_ptr<apc::ApcAnalysis> apc_for_assert(CaseWorkspace& workspace, SourceLocation target, apc::LoopProcessing processing) {
  const Program& program = workspace.program();
  apc::ApcOptions options;
  options.target = apc::TargetChoice{target.line, target.column};
  options.unfold = 3;
  options.loop_processing = processing;
  options.timeout_milliseconds = workspace.settings().timeout_milliseconds;
  try {
    auto analysis = std::make_unique<apc::ApcAnalysis>(program, workspace.terms(), options);
    analysis->build();
    return analysis;
  } catch (const InputError&) {
    return nullptr;
  } catch (const apc::TooManyBackbones&) {
    return nullptr;
  }
}

bool definitely_unsat(CaseWorkspace& workspace, terms::Term formula, std::uint64_t& unknown) {
  solver::SolverOptions options;
  options.timeout_milliseconds = workspace.settings().timeout_milliseconds;
  auto solver = solver::make_solver("z3", workspace.terms(), options);
  solver->add(formula);
  solver::SatResult status = solver->check();
  if (status == solver::SatResult::Unknown) ++unknown;
  return status == solver::SatResult::Unsat;
}

}  // namespace symref::props
