// `symref difftest FILE --results RESULTS.json`: another engine's results, in the versioned schema
// "symref-results/1" (docs/schema/symref-results-1.schema.json), checked against symref at K:
//  - every test replays concretely (symref run) to its claimed outcome — or, for a run longer than
//    K allows, to the outcome of the leaf at K it follows — and along its claimed branch string;
//  - every feasible leaf of symref's tree at K is covered by a test (its run follows the leaf) or
//    its outcome claimed unreachable; a missed leaf is reported with symref's test for it;
//  - every claimed verdict (outcome → reachable / unreachable / unknown) agrees with symref's;
//  - every claimed path condition (pc_smt2, in symref's SMT-LIB naming, docs/smt-encoding.md) is
//    proved equivalent by Z3 to symref's for the same branch string, or a separating input is shown.
#pragma once

#include <string>

#include "interop/difftest_report.hpp"
#include "interop/tool_adapter.hpp"
#include "semantics/syntax/program.hpp"

namespace symref::interop {

// InputError when RESULTS.json cannot be read or does not follow the schema.
DifftestReport check_results(const Program& program, const std::string& program_path, const std::string& results_path,
                             std::uint32_t loop_bound, const AdapterSettings& settings);

}  // namespace symref::interop
