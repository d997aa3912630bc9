// The cvc5 backend of the solver interface, through cvc5's C++ API (§2 satisfiability of path conditions).
#pragma once

#include <memory>

#include "interp/solver/solver.hpp"

namespace symref::solver {

// Incremental (push/pop along a path), logic ALL (the encoding may be nonlinear, quantified, with
// uninterpreted functions), bounded-range model finding for quantifiers ("fmf-bound"), with a
// per-query time-out (cvc5's "tlimit-per" option).
std::unique_ptr<Solver> make_cvc5_solver(terms::TermManager& manager);

}  // namespace symref::solver
