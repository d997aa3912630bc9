// Parsing a condition inside a JSON file at its own position (interp/grading).
#include "interp/grading/condition_in_json.hpp"

#include <regex>
#include <sstream>

#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref {

ExpressionPointer load_condition_in_json(const Program& program, const SourceFile& file, const json::JsonValue& string) {
  const std::string& text = file.text();
  // The string's characters as written, between its quotes.
  const std::size_t begin = string.offset + 1;
  std::size_t end = begin;
  bool escaped = false;
  while (end < text.size() && text[end] != '"') {
    escaped |= text[end] == '\\';
    end += text[end] == '\\' ? 2 : 1;
  }
  end = std::min(end, text.size());
  if (escaped) {
    // Escapes move the columns: the condition is read on its own, and an error points at the string.
    try {
      return load_condition(program, file.path(), string.text);
    } catch (const InputError& error) {
      std::string first_line = error.what();
      first_line = first_line.substr(0, first_line.find('\n'));
      std::size_t at = first_line.find(": error: ");
      std::string message = at == std::string::npos ? first_line : first_line.substr(at + 9);
      throw InputError(format_diagnostic(&file, file.path(), Diagnostic{file.location_of(string.offset), message + " (in this string)"}));
    }
  }
  // The file with everything but the condition blanked out keeps every line and column, so the
  // parser's positions are the file's; the file's own lines are shown under them.
  // It ends where the string ends, so that "expected expression" at its end points at the quote.
  std::string blanked(end, ' ');
  for (std::size_t i = 0; i < begin; ++i)
    if (text[i] == '\n') blanked[i] = '\n';
  blanked.replace(begin, end - begin, text, begin, end - begin);
  try {
    return load_condition(program, file.path(), std::move(blanked));
  } catch (const InputError& error) {
    static const std::regex header("^(.*):([0-9]+):([0-9]+): error: (.*)$");
    std::istringstream lines(error.what());
    std::string line, rendered;
    while (std::getline(lines, line)) {
      std::smatch match;
      if (!std::regex_match(line, match, header) || match[1] != file.path()) continue;
      SourceLocation location;
      location.line = static_cast<std::uint32_t>(std::stoul(match[2]));
      location.column = static_cast<std::uint32_t>(std::stoul(match[3]));
      rendered += format_diagnostic(&file, file.path(), Diagnostic{location, match[4]});
    }
    throw InputError(rendered.empty() ? std::string(error.what()) : rendered);
  }
}

}  // namespace symref
