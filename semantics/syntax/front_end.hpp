// The front end: a program file or text, parsed and type-checked, ready for every engine.
#pragma once

#include <memory>
#include <string>

#include "semantics/syntax/program.hpp"

namespace symref {

// Reads, parses (parser.hpp) and checks (checker.hpp) the program in `path`.  Throws InputError
// with the rendered diagnostics; a file that cannot be read is `path: error: cannot open file`.
std::unique_ptr<Program> load_program(const std::string& path);

// The same for program text held in memory (tests, generated programs); `path` names it in
// diagnostics.
std::unique_ptr<Program> load_program_from_text(std::string path, std::string text);

// A condition over the globals and fields of `program` (main's scope), parsed and checked to be
// bool — e.g. a hand-computed path condition for `symref wp --check`.  `name` names the text in
// diagnostics.  Throws InputError.
ExpressionPointer load_condition(const Program& program, std::string name, std::string text);

}  // namespace symref
