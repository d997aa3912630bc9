// Diagnostics in the one format symref uses everywhere: `file:line:col: error: message`,
// then the source line and a caret under the column (docs/cli.md#error-messages).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "semantics/syntax/source.hpp"

namespace symref {

struct Diagnostic {
  SourceLocation location;
  std::string message;  // lower-case, no final period
};

// Renders one diagnostic; `source` may be null (then only "file: error: message").
std::string format_diagnostic(const SourceFile* source, const std::string& path, const Diagnostic& diagnostic);

// Thrown by the front end and by the state reader when the user's input is at fault (exit code 1).
class InputError : public std::runtime_error {
 public:
  explicit InputError(std::string rendered) : std::runtime_error(std::move(rendered)) {}
};

// Collects diagnostics for one source; `throw_if_any` turns them into an InputError.
class DiagnosticSink {
 public:
  explicit DiagnosticSink(const SourceFile& source) : source_(source) {}
  void error(SourceLocation location, std::string message);
  void error_at_offset(std::size_t offset, std::string message) { error(source_.location_of(offset), std::move(message)); }
  bool has_errors() const { return !diagnostics_.empty(); }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  std::string render() const;
  void throw_if_any() const;

 private:
  const SourceFile& source_;
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace symref
