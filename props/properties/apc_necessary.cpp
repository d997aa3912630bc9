// Property `apc_necessary` (Strejček & Trtík, Theorem 1): every input whose concrete run fails an
// assert satisfies apc for that assert, light and heavy — apc with the input substituted is never unsat, and
// neither is the unfolded apc^K (§6), which apc implies.
#include <map>
#include <unordered_map>

#include "props/apc_subject.hpp"
#include "props/properties.hpp"
#include "semantics/concrete/machine.hpp"

namespace symref::props {

namespace {

constexpr std::size_t max_targets = 3;  // asserts analysed per case, to bound the cost

// The assert a run from `input` fails, if it ends in an assertion failure.
std::optional<SourceLocation> failed_assert(const Program& program, const GlobalState& input) {
  ConcreteMachine machine(program, input);
  machine.run(RunLimits{100'000, 10'000});
  if (machine.outcome() != Outcome::AssertionFailure || machine.next_statement() == nullptr) return std::nullopt;
  return machine.next_statement()->location;
}

}  // namespace

PropertyVerdict check_apc_necessary(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.program();
  // The case's own inputs and the tests of the forward leaves, grouped by the assert they fail.
  std::vector<GlobalState> inputs = workspace.inputs();
  for (const ExploredPath& path : workspace.forward_exploration().paths)
    if (path.outcome == Outcome::AssertionFailure && path.test) inputs.push_back(*path.test);
  std::map<std::uint32_t, std::pair<SourceLocation, std::vector<const GlobalState*>>> failing;
  for (const GlobalState& input : inputs)
    if (auto target = failed_assert(program, input)) {
      auto& entry = failing[target->offset];
      entry.first = *target;
      entry.second.push_back(&input);
    }
  if (failing.empty()) ++verdict.skipped;
  // Light and heavy processing often give the same apc, and inputs repeat: a formula asked before
  // (terms are hash-consed) gets its earlier answer, counted again as before.
  std::unordered_map<terms::Term, std::pair<bool, std::uint64_t>> answers;  // unsat, unknowns it added
  auto unsat = [&](UnsatQueries& queries, terms::Term formula) {
    auto [known, fresh] = answers.try_emplace(formula);
    if (fresh) {
      const std::uint64_t before = verdict.unknown;
      known->second.first = queries.definitely_unsat(formula, verdict.unknown);
      known->second.second = verdict.unknown - before;
    } else {
      verdict.unknown += known->second.second;
    }
    return known->second.first;
  };
  std::size_t analysed = 0;
  for (const auto& [offset, entry] : failing) {
    if (analysed++ >= max_targets) break;
    for (apc::LoopProcessing processing : {apc::LoopProcessing::Light, apc::LoopProcessing::Heavy}) {
      auto analysis = apc_for_assert(workspace, entry.first, processing);
      if (!analysis) {
        ++verdict.skipped;
        break;
      }
      std::string mode = processing == apc::LoopProcessing::Light ? " (light)" : " (heavy)";
      UnsatQueries queries(workspace);  // after the analysis is built
      for (const GlobalState* input : entry.second) {
        for (auto [name, condition] : {std::pair{"apc", analysis->apc()}, std::pair{"apc^K", analysis->unfolded_apc()}}) {
          ++verdict.checks;
          if (unsat(queries, apc::condition_under_input(workspace.terms(), program, *input, condition))) {
            verdict.fail(std::string(name) + mode + " for the assert at line " + std::to_string(entry.first.line) +
                             " is unsat under an input whose concrete run fails that assert",
                         workspace.state_json(*input));
            return verdict;
          }
        }
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
