// The apc engine's analysis of a generated program, shared by the apc properties.
#include "props/apc_subject.hpp"

#include <algorithm>

#include "semantics/syntax/diagnostics.hpp"

namespace symref::props {

namespace {

// apc and apc^K for `target`; null when the engine declines the program.
std::unique_ptr<apc::ApcAnalysis> build_apc(CaseWorkspace& workspace, SourceLocation target, apc::LoopProcessing processing) {
  const Program& program = workspace.program();
  apc::ApcOptions options;
  options.target = apc::TargetChoice{target.line, target.column};
  options.unfold = 3;
  options.loop_processing = processing;
  // The campaign's limits, as for every other query: a work budget per check, and a time limit
  // beyond which a stall (Z3 4.8.12 ignores interrupts inside big-number arithmetic) gets its
  // worker killed (campaign_workers.hpp); a longer limit of its own would make each stall cost it.
  options.solving = workspace.settings().solver_options();
  options.solving.resource_limit = workspace.settings().z3_work_per_check;
  options.session = &workspace.solver_session();
  options.coverage = workspace.rule_tally("apc");
  try {
    auto analysis = std::make_unique<apc::ApcAnalysis>(program, workspace.terms(), options);
    analysis->build();
    return analysis;
  } catch (const InputError&) {
    return nullptr;
  } catch (const apc::AnalysisTooLarge&) {
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
  return UnsatQueries(workspace).definitely_unsat(formula, unknown);
}

bool UnsatQueries::definitely_unsat(terms::Term formula, std::uint64_t& unknown) {
  // The term manager folds many a query to the constant false (apc_summary_sound's pc ∧ ¬claim when
  // the claim is one of pc's conjuncts: 408 of its 564 queries in a level-1 campaign); a Z3
  // solver for it cost more than the query.
  if (formula == workspace_.terms().false_term()) return true;
  if (solver_ == nullptr) {
    solver::SolverOptions options = workspace_.settings().solver_options();
    options.resource_limit = workspace_.settings().z3_work_per_check;
    solver_ = solver::make_solver("z3", workspace_.terms(), options, &workspace_.solver_session());
  }
  solver_->push();
  solver_->add(formula);
  const solver::SatResult status = solver_->check();
  solver_->pop();
  if (status == solver::SatResult::Unknown) {
    ++unknown;
    // Z3 4.8.12 goes on worse in a context whose check ran out of work or time (apc_summary_sound's
    // unknowns went 11 → 18 over 200 level-1 cases): the next query gets a solver of its own.
    solver_.reset();
  }
  return status == solver::SatResult::Unsat;
}

}  // namespace symref::props
