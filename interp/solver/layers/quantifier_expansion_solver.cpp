// The quantifier-expansion solver layer (quantifier_expansion_solver.hpp).
#include "interp/solver/layers/quantifier_expansion_solver.hpp"

namespace symref::solver {

void QuantifierExpansionSolver::add(Term formula) {
  require_formula(formula);
  inner().add(expansion_.apply(formula));
}

std::optional<bool> QuantifierExpansionSolver::backend_value(Term formula) { return inner().backend_value(expansion_.apply(formula)); }

}  // namespace symref::solver
