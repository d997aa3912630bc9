// The cvc5 backend of the solver interface, through cvc5's C++ API (§2 satisfiability of path conditions).
#pragma once

#include <memory>

#include "interp/solver/solver.hpp"

namespace symref::solver {

class SolverSession;

// Incremental (push/pop along a path), logic ALL (the encoding may be nonlinear, quantified, with
// uninterpreted functions), bounded-range model finding for quantifiers ("fmf-bound"), with a
// per-query time-out (cvc5's "tlimit-per" option).  A warm solver from the session's pool, the
// session's budget, stall board and check log, as for Z3 (z3_solver.hpp); without a session it
// shares nothing.
std::unique_ptr<Solver> make_cvc5_solver(terms::TermManager& manager, SolverSession& session);
std::unique_ptr<Solver> make_cvc5_solver(terms::TermManager& manager);

}  // namespace symref::solver
