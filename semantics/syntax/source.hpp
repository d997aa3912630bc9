// A program's source text with its file name, and positions in it (line and column, 1-based).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace symref {

struct SourceLocation {
  std::uint32_t offset = 0;  // byte offset into the source text
  std::uint32_t line = 0;    // 1-based; 0 means "no position" (built-in or generated code)
  std::uint32_t column = 0;  // 1-based, counted in bytes
  bool known() const { return line != 0; }
};

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  // Reads a file; on failure returns nullptr and sets `error` to a lower-case reason.
  static std::shared_ptr<const SourceFile> read(const std::string& path, std::string& error);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  SourceLocation location_of(std::size_t offset) const;
  // The line holding `location`, without its line break.
  std::string_view line_text(std::uint32_t line) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<std::uint32_t> line_starts_;
};

}  // namespace symref
