// How the report draws a node of the symbolic execution tree, whatever lays it out: its label
// lines (the branch letters and the conditions added on the edge into it, and at a leaf its path
// number and outcome), its classes and colours by outcome, and the stub that stands for a
// collapsed subtree.  Both layouts — Graphviz (graphviz_layout) and symref's own (own_layout) —
// draw from these, so the page treats their pictures alike.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interp/explore/exploration_report.hpp"
#include "interp/report/tree_windows.hpp"

namespace symref::report {

struct NodeLook {
  std::string id;                  // the SVG element's id: n<node>, or s<node> for a stub
  std::string classes;             // "fork", "leaf normal", "stub", "root", ...
  std::vector<std::string> lines;  // the label, one entry per line
  std::string fill;                // colours as #rrggbb
  std::string stroke;
  bool dashed = false;
  bool bold = false;               // the first line is the branch letters
};

struct TreePicture {
  const ReportContext& context;
  const ExplorationResult& result;
  const TreeWindows& windows;
};

// The look of node `id` in `window` (its root is drawn as a fork or a leaf like any other node).
NodeLook node_look(const TreePicture& picture, std::int32_t id);
// The stub drawn below a collapsed node: how many leaves of which kinds its window holds.
NodeLook stub_look(const TreePicture& picture, std::int32_t collapsed);

// The fill and stroke colours of a leaf kind ("normal", "infeasible", ...).
std::pair<std::string, std::string> leaf_colours(const std::string& kind);

// Text for SVG and HTML: & < > " escaped.
std::string xml_escape(const std::string& text);

}  // namespace symref::report
