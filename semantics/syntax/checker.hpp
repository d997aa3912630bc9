// The type checker: the static rules of docs/language.md (#static-rules, #expressions), and name resolution.
#pragma once

#include "semantics/syntax/program.hpp"

namespace symref {

// Checks every static rule and fills in every field that program.hpp marks "resolved": types of
// all expressions and declarations, variable slots, field, class and callee indices, the
// callables' locals (`this`, parameters, then `var` locals in textual order), the lookups by
// name, and Statement::checks_definedness.
//
// A nil literal takes the class type of its context (the other operand of `==`/`!=`, the other
// branch of `?:`, the assigned location, the parameter, the return type) and keeps TypeKind::Nil
// only where there is none, as in `nil == nil`.
//
// All violations are collected; if there is any, throws InputError holding all of them, each
// `file:line:col: error: message` at the offending construct, in source order.
void check_program(Program& program);

// Checks `condition` as a Boolean expression in main's scope of the checked `program` (globals and
// fields only) and resolves it; diagnostics are positioned in `source`, the condition's own text.
void check_condition(const Program& program, Expression& condition, const SourceFile& source);

}  // namespace symref
