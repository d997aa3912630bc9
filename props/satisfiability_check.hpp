// One satisfiability question of a property (heap draft Theorems 1 and 6): can these conjuncts hold
// together?  A model fails the property with its input; unknown is counted; unsat is a check passed.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interp/solver/solver.hpp"
#include "props/properties.hpp"

namespace symref::props {

class SatisfiabilityCheck {
 public:
  SatisfiabilityCheck(CaseWorkspace& workspace, PropertyVerdict& verdict);
  // True when the solver answers unsat; sat fails the verdict with `message` and the model's input.
  bool refuted(const std::vector<terms::Term>& conjuncts, const std::string& message);
  solver::Solver& solver() { return *solver_; }

 private:
  CaseWorkspace& workspace_;
  PropertyVerdict& verdict_;
  std::unique_ptr<solver::Solver> solver_;
};

}  // namespace symref::props
