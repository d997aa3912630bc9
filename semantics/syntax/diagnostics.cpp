// Rendering of diagnostics with the offending source line and a caret.
#include "semantics/syntax/diagnostics.hpp"

namespace symref {

std::string format_diagnostic(const SourceFile* source, const std::string& path, const Diagnostic& diagnostic) {
  std::string out = path;
  if (diagnostic.location.known())
    out += ":" + std::to_string(diagnostic.location.line) + ":" + std::to_string(diagnostic.location.column);
  out += ": error: " + diagnostic.message + "\n";
  if (source != nullptr && diagnostic.location.known()) {
    std::string_view line = source->line_text(diagnostic.location.line);
    std::size_t column = diagnostic.location.column - 1;  // 0-based byte index of the caret
    // Very long lines (minified or binary input) are cut to a window around the column.
    constexpr std::size_t window = 120;
    std::string prefix_mark, suffix_mark;
    if (line.size() > 2 * window) {
      std::size_t begin = column > window / 2 ? column - window / 2 : 0;
      if (begin > 0) prefix_mark = "...";
      if (begin + window < line.size()) suffix_mark = "...";
      line = line.substr(begin, window);
      column = column - begin + prefix_mark.size();
    }
    // Keep tabs so that the caret lines up with the character in any tab setting;
    // replace other control bytes, which a terminal would not print.
    std::string shown = prefix_mark;
    for (char c : line) shown += (c == '\t' || static_cast<unsigned char>(c) >= 0x20) ? c : ' ';
    shown += suffix_mark;
    std::string caret;
    for (std::size_t i = 0; i < column && i < shown.size(); ++i) caret += shown[i] == '\t' ? '\t' : ' ';
    out += shown + "\n" + caret + "^\n";
  }
  return out;
}

void DiagnosticSink::error(SourceLocation location, std::string message) {
  diagnostics_.push_back(Diagnostic{location, std::move(message)});
}

std::string DiagnosticSink::render() const {
  std::string out;
  for (const auto& d : diagnostics_) out += format_diagnostic(&source_, source_.path(), d);
  return out;
}

void DiagnosticSink::throw_if_any() const {
  if (has_errors()) throw InputError(render());
}

}  // namespace symref
