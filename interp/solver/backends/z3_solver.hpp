// The Z3 backend of the solver interface, through Z3's C++ API (§2 satisfiability of path conditions).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "interp/solver/solver.hpp"

namespace symref::solver {

class SolverSession;

// Incremental (push/pop along a path), with a per-query time-out (Z3's "timeout" parameter).  Its
// context comes from the session's pool, its checks run under the session's budget, published on
// its stall board and logged in its check log (session/solver_session.hpp); without a session it
// shares nothing.
std::unique_ptr<Solver> make_z3_solver(terms::TermManager& manager, SolverSession& session);
std::unique_ptr<Solver> make_z3_solver(terms::TermManager& manager);

// Parses an SMT-LIB2 script (as smtlib.hpp prints them) with Z3 and checks its assertions: how
// logged queries are re-solved independently of the term encoding.  Unknown, with `reason` set,
// when Z3 cannot parse or decide it (within the time-out, when one is given).
SatResult z3_check_script(std::string_view script, std::string* reason = nullptr, unsigned timeout_milliseconds = 0);

}  // namespace symref::solver
