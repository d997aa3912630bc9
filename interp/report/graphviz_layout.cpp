// Drawing the tree's windows with Graphviz `dot -Tsvg` (interp/report).
#include "interp/report/graphviz_layout.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "interp/report/external_program.hpp"

namespace symref::report {

namespace {

void write_node(std::ostringstream& out, const NodeLook& look, const char* shape) {
  std::string label;
  for (std::size_t k = 0; k < look.lines.size(); ++k) label += (k ? "\n" : "") + look.lines[k];
  out << "  " << look.id << " [id=\"" << look.id << "\", class=\"" << look.classes << "\", shape=" << shape
      << ", label=\"" << dot_escape(label) << "\", fillcolor=\"" << look.fill << "\", color=\"" << look.stroke
      << "\", style=\"filled" << (look.dashed ? ",dashed" : "") << (look.classes == "stub" ? "" : ",rounded")
      << "\"];\n";
}

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// A private directory for the run's files, removed when the run is over.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    std::string pattern = (std::filesystem::temp_directory_path() / "symref-report-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
  }
  bool ok() const { return !path_.empty(); }
  std::filesystem::path file(const char* name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace

std::string windows_to_dot(const TreePicture& picture) {
  std::ostringstream out;
  for (std::size_t w = 0; w < picture.windows.windows.size(); ++w) {
    const TreeWindow& window = picture.windows.windows[w];
    out << "digraph window" << w << " {\n"
        // ordering=out keeps each fork's children in the order the explorer made them, so that leaves
        // read left to right in the order of their path numbers (depth-first search).
        << "  graph [bgcolor=\"transparent\", nodesep=0.22, ranksep=0.32, margin=0.1, ordering=out];\n"
        << "  node [fontname=\"Courier\", fontsize=11, margin=\"0.16,0.05\", penwidth=1.2];\n"
        << "  edge [color=\"#90a4ae\", arrowsize=0.6, penwidth=1.1];\n";
    for (std::int32_t id : window.nodes) write_node(out, node_look(picture, id), id == 0 ? "box" : "box");
    for (std::int32_t id : window.collapsed) write_node(out, stub_look(picture, id), "box3d");
    for (std::int32_t id : window.nodes) {
      if (id == window.root) continue;
      out << "  n" << picture.result.nodes[id].parent << " -> n" << id << " [id=\"e" << id << "\"];\n";
    }
    for (std::int32_t id : window.collapsed)
      out << "  n" << id << " -> s" << id << " [id=\"es" << id << "\", style=dashed];\n";
    out << "}\n";
  }
  return out.str();
}

std::vector<std::string> split_svg_documents(const std::string& output) {
  std::vector<std::string> documents;
  std::size_t position = 0;
  while (true) {
    std::size_t start = output.find("<svg", position);
    if (start == std::string::npos) break;
    std::size_t end = output.find("</svg>", start);
    if (end == std::string::npos) break;
    end += 6;
    std::string svg;
    svg.reserve(end - start);
    // Drop comments and titles: they only repeat the DOT names.
    for (std::size_t i = start; i < end;) {
      if (output.compare(i, 4, "<!--") == 0) {
        std::size_t close = output.find("-->", i);
        i = close == std::string::npos || close > end ? end : close + 3;
        if (i < end && output[i] == '\n') ++i;
        continue;
      }
      if (output.compare(i, 7, "<title>") == 0) {
        std::size_t close = output.find("</title>", i);
        i = close == std::string::npos || close > end ? end : close + 8;
        if (i < end && output[i] == '\n') ++i;
        continue;
      }
      // Graphviz writes '-' as &#45; (in classes too); the character itself is plain XML.
      if (output.compare(i, 5, "&#45;") == 0) {
        svg += '-';
        i += 5;
        continue;
      }
      svg += output[i++];
    }
    documents.push_back(std::move(svg));
    position = end;
  }
  return documents;
}

std::optional<std::vector<std::string>> draw_with_graphviz(const TreePicture& picture, const std::string& dot_program,
                                                           double timeout_seconds, std::string& error) {
  ScratchDirectory scratch;
  if (!scratch.ok()) {
    error = "cannot create a temporary directory";
    return std::nullopt;
  }
  const auto input = scratch.file("tree.dot"), output = scratch.file("tree.svg"), errors = scratch.file("dot.err");
  {
    std::ofstream out(input, std::ios::binary);
    out << windows_to_dot(picture);
    if (!out) {
      error = "cannot write " + input.string();
      return std::nullopt;
    }
  }
  ExternalRun run = run_external(dot_program, {"-Tsvg"}, input.string(), output.string(), errors.string(), timeout_seconds);
  if (!run.error.empty()) {
    std::string message = read_all(errors);
    if (message.size() > 300) message = message.substr(0, 300) + "…";
    while (!message.empty() && message.back() == '\n') message.pop_back();
    error = run.error + (message.empty() ? "" : ": " + message);
    return std::nullopt;
  }
  std::vector<std::string> svgs = split_svg_documents(read_all(output));
  if (svgs.size() != picture.windows.windows.size()) {
    error = "dot printed " + std::to_string(svgs.size()) + " pictures for " +
            std::to_string(picture.windows.windows.size()) + " windows";
    return std::nullopt;
  }
  return svgs;
}

}  // namespace symref::report
