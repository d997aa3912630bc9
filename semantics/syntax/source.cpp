// Source text bookkeeping: reading files and mapping byte offsets to lines and columns.
#include "semantics/syntax/source.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace symref {

SourceFile::SourceFile(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(static_cast<std::uint32_t>(i + 1));
}

std::shared_ptr<const SourceFile> SourceFile::read(const std::string& path, std::string& error) {
  std::error_code status_error;
  if (std::filesystem::is_directory(path, status_error)) {
    error = "is a directory, not a file";
    return nullptr;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open file";
    return nullptr;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    error = "cannot read file";
    return nullptr;
  }
  std::string text = buffer.str();
  if (text.size() > (std::size_t{1} << 30)) {
    error = "file is larger than 1 GiB";
    return nullptr;
  }
  return std::make_shared<const SourceFile>(path, std::move(text));
}

SourceLocation SourceFile::location_of(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), static_cast<std::uint32_t>(offset));
  std::size_t line_index = static_cast<std::size_t>(std::distance(line_starts_.begin(), it)) - 1;
  SourceLocation location;
  location.offset = static_cast<std::uint32_t>(offset);
  location.line = static_cast<std::uint32_t>(line_index + 1);
  location.column = static_cast<std::uint32_t>(offset - line_starts_[line_index] + 1);
  return location;
}

std::string_view SourceFile::line_text(std::uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  std::size_t begin = line_starts_[line - 1];
  std::size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : text_.size();
  std::string_view view(text_.data() + begin, end - begin);
  if (!view.empty() && view.back() == '\r') view.remove_suffix(1);
  return view;
}

}  // namespace symref
