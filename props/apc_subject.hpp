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

}  // namespace symref::props
