// The apc engine's analysis of a generated program, shared by the apc properties.
#include "props/apc_subject.hpp"

#include <algorithm>

#include "semantics/syntax/diagnostics.hpp"

namespace symref::props {

namespace {

// Wall clock only as a backstop: with a Z3 work budget every query stops after a fixed amount of
// work, whatever the load, and this limit is far above what that work takes (budgeted apc
// queries of campaigns end within 1 s, decided ones within 0.12 s); its expiry is an unknown like
// any other.  Not longer: Z3 4.8.12 checks its interrupt flag between big-number operations, not
// inside them, and in some nonlinear queries the numbers keep growing: with the limit at 120 s,
// one dependency query of a level-2 campaign was still multiplying over ten minutes later.  Without a
// budget the settings' time-out is the only limit.
constexpr unsigned kBackstopMilliseconds = 10'000;

unsigned query_time_limit(const PropertySettings& settings) {
  return settings.z3_work_per_check == 0 ? settings.timeout_milliseconds
                                         : std::max(settings.timeout_milliseconds, kBackstopMilliseconds);
}

// apc and apc^K for `target`; null when the engine declines the program.
std::unique_ptr<apc::ApcAnalysis> build_apc(CaseWorkspace& workspace, SourceLocation target, apc::LoopProcessing processing) {
  const Program& program = workspace.program();
  apc::ApcOptions options;
  options.target = apc::TargetChoice{target.line, target.column};
  options.unfold = 3;
  options.loop_processing = processing;
  options.resource_limit = workspace.settings().z3_work_per_check;
  options.timeout_milliseconds = query_time_limit(workspace.settings());
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

}  // namespace

apc::ApcAnalysis* apc_for_first_assert(CaseWorkspace& workspace, apc::LoopProcessing processing) {
  const Program& program = workspace.program();
  std::vector<SourceLocation> asserts = apc::assert_locations(program);
  if (asserts.empty()) return nullptr;
  return apc_for_assert(workspace, asserts.front(), processing);
}

apc::ApcAnalysis* apc_for_assert(CaseWorkspace& workspace, SourceLocation target, apc::LoopProcessing processing) {
  const CaseWorkspace::ApcKey key{target.line, target.column, static_cast<int>(processing)};
  auto& analyses = workspace.apc_analyses();
  if (auto made = analyses.find(key); made != analyses.end()) return made->second.get();
  std::unique_ptr<apc::ApcAnalysis> made = build_apc(workspace, target, processing);
  apc::ApcAnalysis* analysis = made.get();
  analyses.emplace(key, std::move(made));
  return analysis;
}

bool definitely_unsat(CaseWorkspace& workspace, terms::Term formula, std::uint64_t& unknown) {
  // The term manager folds many a query to the constant false (summary_sound's pc ∧ ¬claim when
  // the claim is one of pc's conjuncts: 408 of its 564 queries in a level-1 campaign); a fresh Z3
  // solver for it cost more than the query.
  if (formula == workspace.terms().false_term()) return true;
  solver::SolverOptions options;
  options.resource_limit = workspace.settings().z3_work_per_check;
  options.timeout_milliseconds = query_time_limit(workspace.settings());
  auto solver = solver::make_solver("z3", workspace.terms(), options);
  solver->add(formula);
  solver::SatResult status = solver->check();
  if (status == solver::SatResult::Unknown) ++unknown;
  return status == solver::SatResult::Unsat;
}

}  // namespace symref::props
