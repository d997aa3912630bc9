// States as JSON (docs/language.md#input-and-output-states): reading an input state with every
// error reported at its position, and writing a state in the same format.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "semantics/concrete/state.hpp"
#include "semantics/syntax/program.hpp"
#include "interp/state_json/json_document.hpp"
#include "semantics/syntax/source.hpp"

namespace symref {

// Reads `source` as an input state for `program`.  Globals missing from the input take their
// default; each such default is described in `notes`.  Throws InputError (file:line:col) on an
// unknown global, a value of the wrong type, a dangling object id, an unknown class or field, an
// object of the wrong class, or malformed JSON.
GlobalState read_state(const Program& program, const SourceFile& source, std::vector<std::string>& notes);
// The same for a state that is one value inside a larger JSON document read from `source`.
GlobalState read_state_value(const Program& program, const SourceFile& source, const json::JsonValue& value,
                             std::vector<std::string>& notes);

// Gives every object without a name (created by `new`) an id "o<k>" not used by another object.
void name_new_objects(GlobalState& state);

// The state as JSON: integers as numbers when they fit in 53 bits, as decimal strings otherwise.
// Objects without a name must have been named first (name_new_objects).
nlohmann::ordered_json write_state(const Program& program, const GlobalState& state);

// A JSON integer as docs/language.md writes it.
nlohmann::ordered_json integer_to_json(const Integer& value);

// The state as readable lines for `symref run` without --json ("x = 3", "o1: Node { ... }").
std::string render_state(const Program& program, const GlobalState& state, const std::string& indent);

}  // namespace symref
