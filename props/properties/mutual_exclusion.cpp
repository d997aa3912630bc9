// Property `mutual_exclusion` (heap draft, Theorem 1, with decision 2 of paper-notes/004): in every
// points-to set L(r) of a feasible summary leaf, distinct locations have exclusive guards, and the
// guards together cover every input satisfying the path condition; and every target is a location
// (Def. 3), which a read through the nil target would break (the nil rule of paper-notes/004).
#include "props/properties.hpp"
#include "props/satisfiability_check.hpp"
#include "props/value_text.hpp"
#include "engines/heap/symbolic_heap.hpp"
#include "semantics/symbolic/heap_model.hpp"

namespace symref::props {

PropertyVerdict check_mutual_exclusion(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& result = workspace.heap_exploration("summary");
  terms::TermManager& terms = workspace.terms();
  // The description reads only the configuration's own heap, so a fresh model describes the leaves.
  auto model = std::make_unique<heap::SummaryHeap>(workspace.program(), terms);
  SatisfiabilityCheck check(workspace, verdict);
  auto holds_somewhere = [&](const std::vector<terms::Term>& conjuncts, const std::string& message) {
    return !check.refuted(conjuncts, message) && verdict.failure.has_value();
  };
  std::size_t queries = 0;
  for (const ExploredPath& path : result.paths) {
    if (path.status != solver::SatResult::Sat || path.path_condition == nullptr) continue;
    const HeapDescription heap = model->describe(path.final_configuration);
    for (const auto& [reference, targets] : heap.points_to) {
      if (targets.empty()) {  // the set was too large to unfold: the budget, not a verdict
        ++verdict.skipped;
        continue;
      }
      const std::string where = " of L(" + reference + ") on path " + path_name(path.branches);
      // Def. 3: a points-to set holds locations (nil, a `new` object or an input location) only.
      for (const auto& target : targets)
        if (!target.is_location) {
          verdict.fail("the target " + target.location + where + " is no location (Def. 3)");
          return verdict;
        }
      ++verdict.checks;
      // Theorem 1 ⟹ for l ≠ l′ in L(r): guard(l) ∧ guard(l′) is unsat (under no assumption at all).
      for (std::size_t a = 0; a < targets.size(); ++a)
        for (std::size_t b = a + 1; b < targets.size(); ++b) {
          if (++queries > 4 * workspace.settings().max_solver_paths) return verdict;
          if (holds_somewhere({targets[a].guard, targets[b].guard}, "the guards of " + targets[a].location + " and " +
                                                                         targets[b].location + where + " overlap (Theorem 1)"))
            return verdict;
        }
      // Decision 2 ⟹ φ ∧ ¬(guard(l1) ∨ … ∨ guard(ln)) is unsat: r points somewhere on every input.
      std::vector<terms::Term> guards;
      for (const auto& target : targets) guards.push_back(target.guard);
      if (holds_somewhere({path.path_condition, terms.logical_not(terms.logical_or(guards))},
                          "the guards" + where + " do not cover every input of the path (decision 2)"))
        return verdict;
    }
  }
  return verdict;
}

}  // namespace symref::props
