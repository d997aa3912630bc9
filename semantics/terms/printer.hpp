// Readable printing of terms in the language's syntax for students (§2 φ and σ, §2.1 updates, §4.1 fields).
//
//   Global symbol x -> x            Fresh symbol -> name#serial      NewObject k -> new#k
//   Select(field f, o) -> o.f       Select(a, i) -> a[i]             Store(a, i, v) -> a[i := v]
//   Length(a) -> len(a)             IfThenElse -> c ? a : b          Not(Equal(a, b)) -> a != b
//   Not -> !   And -> &&   Or -> ||   Implies -> ==>
//   Apply(f, x, y) -> f(x, y)       Forall -> forall k: Int, j: Int. (body)       Exists -> exists ...
// Parentheses only where the precedence and associativity of docs/language.md's grammar need them; a
// quantifier's body is always parenthesised, so a quantifier binds like a variable.  A bound
// variable prints as its name, with #serial added when two bound variables of the term share it.
#pragma once

#include <cstddef>
#include <string>

#include "semantics/terms/term.hpp"

namespace symref {
struct Program;
}

namespace symref::terms {

struct PrintOptions {
  // After this many characters the output is cut and ends in "…"; 0 means no limit.  Terms are
  // DAGs and print as trees, so a small DAG can have a very long text.
  std::size_t character_budget = 0;
};

// `program` (may be null) names globals and fields whose symbols carry no name; without either,
// generic names g<slot> and f<field> are used.  Iterative: deep terms do not exhaust the stack.
std::string print_term(Term term, const Program* program = nullptr, const PrintOptions& options = {});

// How a symbol is written: its name, or the program's name for it, or the generic name; a Fresh
// symbol adds #serial.
std::string symbol_display_name(Term symbol, const Program* program = nullptr);

}  // namespace symref::terms
