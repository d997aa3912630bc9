// Result names and the formula check every solver makes (solver.hpp; §2).
#include "interp/solver/solver.hpp"

#include <stdexcept>


namespace symref::solver {

std::string_view to_string(SatResult result) {
  switch (result) {
    case SatResult::Sat: return "sat";
    case SatResult::Unsat: return "unsat";
    case SatResult::Unknown: return "unknown";
  }
  return "unknown";
}

void require_formula(Term formula) {
  if (formula->sort().kind != terms::SortKind::Bool)
    throw std::logic_error("a solver was given a term of sort " + terms::to_string(formula->sort()) +
                           " as a formula");
}

}  // namespace symref::solver
