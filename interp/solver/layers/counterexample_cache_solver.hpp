// A solver layer remembering answered formula sets (KLEE's counterexample cache; §2 φ as a set of
// conjuncts): a set inside one known sat is sat by that set's model, a set holding one known
// unsat is unsat.
//
// Unsat sets are kept whole: the backends give no unsat cores here, so a smaller core, which would
// answer more supersets, is not used.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "interp/solver/layers/shortcut_solver.hpp"

namespace symref::solver {

class CounterexampleCacheSolver final : public ShortcutSolver {
 public:
  using ShortcutSolver::ShortcutSolver;

  // Sets remembered of each kind; older ones are forgotten first beyond this.
  static constexpr std::size_t capacity = 512;

 protected:
  std::optional<SatResult> shortcut(std::span<const Term> formulas) override;
  void learn(std::span<const Term> formulas, SatResult result) override;

 private:
  struct SatSet {
    std::vector<std::uint32_t> ids;  // sorted formula ids
    std::shared_ptr<const Model> model;
  };
  std::vector<SatSet> sat_sets_;
  std::vector<std::vector<std::uint32_t>> unsat_sets_;
};

// Sorted, duplicate-free ids of the formulas, `true` left out: a query as a set of conjuncts.
std::vector<std::uint32_t> formula_set(std::span<const Term> formulas);

}  // namespace symref::solver
