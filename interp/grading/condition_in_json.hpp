// A condition written as a JSON string (a postcondition in exercise.json, a student's answer),
// parsed and checked in main's scope with every diagnostic at its line and column in the JSON file.
#pragma once

#include "interp/state_json/json_document.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/syntax/source.hpp"

namespace symref {

// Throws InputError: file:line:col of the JSON file, its line and a caret.
ExpressionPointer load_condition_in_json(const Program& program, const SourceFile& file, const json::JsonValue& string);

}  // namespace symref
