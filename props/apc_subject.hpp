// The apc engine (Strejček & Trtík) on a test case: its program with the first assert as target.
#pragma once

#include <memory>

#include "engines/apc/apc_analysis.hpp"
#include "props/case_workspace.hpp"

namespace symref::props {

// apc and apc^K (K = 3) built for the first assert of the case's program; null when the program
// has no assert or lies outside the engine's scope (objects, recursion, too many backbones) — the
// property then counts the case as skipped.  Built once per case, target and loop processing, and
// owned by the workspace (CaseWorkspace::apc_analyses).
apc::ApcAnalysis* apc_for_first_assert(CaseWorkspace& workspace, apc::LoopProcessing processing = apc::LoopProcessing::Heavy);
// The same for the assert at `target`.
apc::ApcAnalysis* apc_for_assert(CaseWorkspace& workspace, SourceLocation target,
                                 apc::LoopProcessing processing = apc::LoopProcessing::Heavy);

// Whether `formula` is unsat within the settings' Z3 work budget per check (the wall clock only a
// backstop, see apc_subject.cpp): true only on a definite unsat.
bool definitely_unsat(CaseWorkspace& workspace, terms::Term formula, std::uint64_t& unknown);

// definitely_unsat for a run of queries: one Z3 solver, made at the first query that needs it, and
// each query in a scope of its own.  apc_summary_sound asks a few dozen per loop; a solver each cost
// more than most of them (the solver and its lowering of the shared path conditions made anew).
// Make one after the apc analyses it needs are built: a solver alive while an analysis asks its
// own queries makes that analysis's solver take a Z3 context of its own (interp/solver/session/context_pool.hpp).
class UnsatQueries {
 public:
  explicit UnsatQueries(CaseWorkspace& workspace) : workspace_(workspace) {}
  bool definitely_unsat(terms::Term formula, std::uint64_t& unknown);

 private:
  CaseWorkspace& workspace_;
  std::unique_ptr<solver::Solver> solver_;
};

}  // namespace symref::props
