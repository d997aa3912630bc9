// Where a run or path ended, as text and JSON (site_format.hpp).
#include "interp/state_json/site_format.hpp"

namespace symref {

namespace {

std::string file_position(const Program& program, SourceLocation location) {
  std::string out = program.source != nullptr ? program.source->path() : std::string("<program>");
  if (location.known()) out += ":" + std::to_string(location.line) + ":" + std::to_string(location.column);
  return out;
}

// The source line, tabs kept so that the caret lines up, other control bytes blanked.
std::string source_excerpt(const Program& program, SourceLocation location, const std::string& indent) {
  if (program.source == nullptr || !location.known()) return "";
  const std::string_view line = program.source->line_text(location.line);
  std::string shown, caret;
  for (char c : line) shown += (c == '\t' || static_cast<unsigned char>(c) >= 0x20) ? c : ' ';
  for (std::size_t i = 0; i + 1 < location.column && i < shown.size(); ++i) caret += shown[i] == '\t' ? '\t' : ' ';
  return indent + shown + "\n" + indent + caret + "^\n";
}

}  // namespace

nlohmann::ordered_json site_to_json(const Program& program, const OutcomeSite& site) {
  const SourceLocation at = site.location();
  nlohmann::ordered_json stack = nlohmann::ordered_json::array();
  for (const SiteFrame& frame : site.stack)
    stack.push_back({{"procedure", frame_name(program, frame)}, {"line", frame.location.line}, {"column", frame.location.column}});
  return {{"line", at.line}, {"column", at.column}, {"statement", site.statement_text(program)}, {"stack", std::move(stack)}};
}

std::string site_heading(const Program& program, const OutcomeSite& site) {
  const std::string procedure = site.stack.empty() ? std::string("main") : frame_name(program, site.stack.front());
  return file_position(program, site.location()) + " in " + procedure + ": " + site.statement_text(program);
}

std::string site_line(const Program& program, const OutcomeSite& site) {
  std::string out = site_heading(program, site);
  for (std::size_t f = 1; f < site.stack.size(); ++f)
    out += ", called from " + file_position(program, site.stack[f].location) + " in " + frame_name(program, site.stack[f]);
  return out;
}

std::string site_details(const Program& program, const OutcomeSite& site, const std::string& indent) {
  std::string out = source_excerpt(program, site.location(), indent);
  for (std::size_t f = 1; f < site.stack.size(); ++f)
    out += indent + "called from " + file_position(program, site.stack[f].location) + " in " +
           frame_name(program, site.stack[f]) + "\n";
  return out;
}

}  // namespace symref
