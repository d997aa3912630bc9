// SMT-LIB2 text of terms and standalone scripts in the shared encoding (§2 φ, §2.1 arrays, §4.1 fields).
//
// Output is deterministic: names are given in first-use order, shared subterms (used twice or
// more) are bound once — with `let` in a single term, with `define-fun` in a script, so that a
// DAG never prints as its exponentially larger tree and scripts stay flat.  Negative numbers are
// written (- n); div and mod are SMT-LIB's (Euclidean), guarded for a zero divisor.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "semantics/terms/term.hpp"

namespace symref::terms {
class TermManager;
}

namespace symref::solver {

// One term as an SMT-LIB2 expression (symbols named as a script over this term alone names them).
std::string smtlib_term(terms::TermManager& manager, terms::Term term);

// A standalone script: the comment (each line prefixed "; "), (set-logic ALL), declarations,
// definitions of shared subterms, the side constraints of the assertions, the assertions, and
// (check-sat).  Every script it prints is accepted by Z3 and cvc5.
std::string smtlib_script(terms::TermManager& manager, std::span<const terms::Term> assertions,
                          std::string_view comment = {});

}  // namespace symref::solver
