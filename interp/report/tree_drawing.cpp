// Labels, classes and colours of the tree's nodes in the HTML report (interp/report).
#include "interp/report/tree_drawing.hpp"

#include "semantics/terms/printer.hpp"

namespace symref::report {

namespace {

// A condition longer than this is wrapped; a label shows at most this many condition lines.
constexpr std::size_t line_width = 34;
constexpr std::size_t max_condition_lines = 3;

// Breaks `text` into lines of at most line_width characters (counted in UTF-8 code points),
// preferring to break after a space.
std::vector<std::string> wrap(const std::string& text) {
  std::vector<std::string> lines;
  std::string current;
  std::size_t width = 0, last_space = std::string::npos;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    current += text[i];
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte takes no column
    ++width;
    if (c == ' ') last_space = current.size();
    if (width >= line_width && i + 1 < text.size()) {
      std::size_t cut = last_space != std::string::npos && last_space > current.size() / 2 ? last_space : current.size();
      lines.push_back(current.substr(0, cut));
      current = current.substr(cut);
      width = 0;
      for (unsigned char rest : current) width += (rest & 0xC0) != 0x80;
      last_space = std::string::npos;
    }
  }
  if (!current.empty()) lines.push_back(current);
  return lines;
}

std::string thousands(std::uint32_t number) {
  std::string digits = std::to_string(number), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

std::pair<std::string, std::string> leaf_colours(const std::string& kind) {
  if (kind == "normal") return {"#e3f3e1", "#2e7d32"};
  if (kind == "assertion-failure") return {"#fbdcdc", "#c62828"};
  if (kind == "nil-dereference") return {"#efe2f6", "#7b1fa2"};
  if (kind == "out-of-bounds") return {"#fde6d2", "#c4500c"};
  if (kind == "blocked") return {"#e5ebf1", "#546e7a"};
  if (kind == "bound") return {"#fff1cc", "#a86a00"};
  if (kind == "infeasible") return {"#f5f5f5", "#9e9e9e"};
  return {"#fffbe3", "#8d6e00"};  // unknown
}

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

NodeLook node_look(const TreePicture& picture, std::int32_t id) {
  const TreeNode& node = picture.result.nodes[id];
  NodeLook look;
  look.id = "n" + std::to_string(id);
  if (id == 0) {
    look.classes = "root";
    look.lines = {"main", "⟨S, id, true⟩"};
    look.fill = "#ffffff";
    look.stroke = "#263238";
    look.bold = true;
    return look;
  }
  // A fork reached without a branch (the first one below the root, or after a D/E-free stretch)
  // is named by where it forks.
  look.lines.push_back(!node.letters.empty()       ? node.letters
                       : node.location.line > 0 ? "line " + std::to_string(node.location.line)
                                                : "·");
  look.bold = true;
  std::vector<std::string> conditions;
  for (terms::Term condition : node.conditions) {
    for (auto& line : wrap(terms::print_term(condition, &picture.context.program, {200}))) conditions.push_back(line);
  }
  if (conditions.size() > max_condition_lines) {
    conditions.resize(max_condition_lines);
    conditions.back() += " …";
  }
  for (auto& line : conditions) look.lines.push_back(line);
  if (node.path >= 0) {
    const ExploredPath& path = picture.result.paths[node.path];
    const std::string kind = leaf_kind(path);
    look.lines.front() += "   path " + std::to_string(node.path + 1);
    look.lines.push_back(kind == "infeasible" || kind == "unknown" ? kind : "⇒ " + kind);
    look.classes = "leaf " + kind;
    std::tie(look.fill, look.stroke) = leaf_colours(kind);
    look.dashed = kind == "infeasible" || kind == "unknown";
  } else {
    look.classes = "fork";
    look.fill = "#ffffff";
    look.stroke = "#546e7a";
  }
  return look;
}

NodeLook stub_look(const TreePicture& picture, std::int32_t collapsed) {
  NodeLook look;
  look.id = "s" + std::to_string(collapsed);
  look.classes = "stub";
  const LeafCounts& counts = picture.windows.leaves[collapsed];
  const std::uint32_t total = counts.total();
  look.lines.push_back("+ " + thousands(total) + (total == 1 ? " leaf" : " leaves"));
  const auto& names = leaf_kind_names();
  for (std::size_t k = 0; k < names.size(); ++k)
    if (counts.by_kind[k] > 0) look.lines.push_back(thousands(counts.by_kind[k]) + " " + names[k]);
  look.fill = "#eceff1";
  look.stroke = "#607d8b";
  look.bold = true;
  return look;
}

}  // namespace symref::report
