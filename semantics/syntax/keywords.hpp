// The words of docs/language.md#lexical-structure: identifier characters and the reserved keywords.
#pragma once

#include <algorithm>
#include <array>
#include <string_view>

namespace symref {

inline constexpr std::array<std::string_view, 21> reserved_words = {
    "var", "proc", "class", "field", "method", "main", "if", "else", "while", "return", "new",
    "nil", "this", "true", "false", "assert", "assume", "skip", "int", "bool", "len"};

inline bool is_reserved_word(std::string_view word) {
  return std::find(reserved_words.begin(), reserved_words.end(), word) != reserved_words.end();
}

// Identifiers are [A-Za-z_][A-Za-z0-9_]*; bytes outside ASCII are never part of one.
inline constexpr bool is_identifier_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline constexpr bool is_identifier_character(char c) { return is_identifier_start(c) || (c >= '0' && c <= '9'); }

}  // namespace symref
