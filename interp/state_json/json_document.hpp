// A small JSON reader that keeps the source position of every value, so that a bad input state
// is reported as `file:line:col: error: message` like a bad program (docs/language.md#input-and-output-states).
//  Numbers keep their exact text: integers of any size are read without loss.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "semantics/syntax/source.hpp"

namespace symref::json {

enum class JsonKind : unsigned char { Null, Boolean, Number, String, Array, Object };

struct JsonValue {
  JsonKind kind = JsonKind::Null;
  std::size_t offset = 0;  // where the value starts in the source
  bool boolean = false;
  std::string text;        // Number: the literal as written; String: the decoded string
  std::vector<JsonValue> items;                              // Array
  std::vector<std::pair<std::string, JsonValue>> members;    // Object, in source order
  std::vector<std::size_t> key_offsets;                      // Object: where each key starts

  // Defined where JsonValue is complete: clang's C++20 library instantiates the members' destructors
  // here otherwise, and std::pair<std::string, JsonValue> is not complete yet.
  JsonValue();
  JsonValue(const JsonValue&);
  JsonValue(JsonValue&&) noexcept;
  JsonValue& operator=(const JsonValue&);
  JsonValue& operator=(JsonValue&&) noexcept;
  ~JsonValue();

  const JsonValue* find(const std::string& key) const;
  std::string kind_name() const;
};

// Values nested deeper than this are rejected (the reader recurses once per level).
constexpr int max_json_depth = 512;

// Parses the whole source as one JSON value; throws InputError (file:line:col) when it is not JSON.
JsonValue parse_json(const SourceFile& source);

}  // namespace symref::json
