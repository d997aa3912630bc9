// Generated program structures printed as docs/language.md source text (no lemma).
//
// Generated program structures printed as source text of docs/language.md, leaving out every
// declaration that nothing reachable from `main` uses (no lemma: the bridge from shapes to the front end).
#pragma once

#include <string>

#include "props/program_shape.hpp"

namespace symref::props {

// The program: the used globals, classes (with their used fields and called methods), the called
// procedures, and `main`.
std::string print_program_shape(const ProgramShape& program);

}  // namespace symref::props
