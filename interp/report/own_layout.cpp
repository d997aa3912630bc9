// The fallback tree layout of the HTML report (interp/report).
#include "interp/report/own_layout.hpp"

#include <algorithm>
#include <cstdio>
#include <unordered_map>

namespace symref::report {

namespace {

constexpr double character_width = 6.63;  // DejaVu Sans Mono at 11 px
constexpr double line_height = 14.0;
constexpr double padding_x = 8.0, padding_y = 5.0;
constexpr double gap_x = 14.0, gap_y = 30.0, margin = 8.0;

std::size_t columns(const std::string& text) {
  std::size_t count = 0;
  for (unsigned char c : text) count += (c & 0xC0) != 0x80;
  return count;
}

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

struct Item {
  NodeLook look;
  std::int32_t parent = -1;  // index into the items
  std::vector<std::int32_t> children;
  std::size_t level = 0;
  double width = 0, height = 0, band = 0, centre = 0, top = 0;
  bool stub = false;
  std::string edge_id;
};

std::string draw_window(const TreePicture& picture, const TreeWindow& window) {
  // The window's nodes in breadth-first order, then the stubs of its collapsed nodes.
  std::vector<Item> items;
  std::unordered_map<std::int32_t, std::int32_t> index_of;
  for (std::int32_t id : window.nodes) {
    Item item;
    item.look = node_look(picture, id);
    if (id != window.root) {
      item.parent = index_of.at(picture.result.nodes[id].parent);
      item.edge_id = "e" + std::to_string(id);
    }
    index_of[id] = static_cast<std::int32_t>(items.size());
    items.push_back(std::move(item));
  }
  for (std::int32_t id : window.collapsed) {
    Item item;
    item.look = stub_look(picture, id);
    item.parent = index_of.at(id);
    item.stub = true;
    item.edge_id = "es" + std::to_string(id);
    items.push_back(std::move(item));
  }
  for (std::size_t i = 0; i < items.size(); ++i) {
    Item& item = items[i];
    if (item.parent >= 0) {
      items[item.parent].children.push_back(static_cast<std::int32_t>(i));
      item.level = items[item.parent].level + 1;
    }
    std::size_t widest = 0;
    for (const auto& line : item.look.lines) widest = std::max(widest, columns(line));
    item.width = static_cast<double>(widest) * character_width + 2 * padding_x;
    item.height = static_cast<double>(item.look.lines.size()) * line_height + 2 * padding_y;
  }
  // Bands bottom-up (children come after their parents), positions top-down.
  for (std::size_t i = items.size(); i-- > 0;) {
    Item& item = items[i];
    double children = 0;
    for (std::int32_t child : item.children) children += items[child].band;
    if (!item.children.empty()) children += gap_x * static_cast<double>(item.children.size() - 1);
    item.band = std::max(item.width, children);
  }
  std::size_t levels = 0;
  for (const auto& item : items) levels = std::max(levels, item.level + 1);
  std::vector<double> row_height(levels, 0), row_top(levels, margin);
  for (const auto& item : items) row_height[item.level] = std::max(row_height[item.level], item.height);
  for (std::size_t level = 1; level < levels; ++level) row_top[level] = row_top[level - 1] + row_height[level - 1] + gap_y;
  items[0].centre = margin + items[0].band / 2;
  for (auto& item : items) {
    item.top = row_top[item.level];
    double children = 0;
    for (std::int32_t child : item.children) children += items[child].band;
    if (!item.children.empty()) children += gap_x * static_cast<double>(item.children.size() - 1);
    double left = item.centre - children / 2;
    for (std::int32_t child : item.children) {
      items[child].centre = left + items[child].band / 2;
      left += items[child].band + gap_x;
    }
  }
  const double width = items[0].band + 2 * margin + 6;
  const double height = row_top[levels - 1] + row_height[levels - 1] + margin + 6;

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"own-layout\" width=\"" + number(width) +
                    "pt\" height=\"" + number(height) + "pt\" viewBox=\"0 0 " + number(width) + " " + number(height) +
                    "\">\n<g class=\"graph\">\n";
  for (const auto& item : items) {
    if (item.parent < 0) continue;
    const Item& parent = items[item.parent];
    const double x1 = parent.centre, y1 = parent.top + parent.height, x2 = item.centre, y2 = item.top;
    const double middle = (y1 + y2) / 2;
    svg += "<g id=\"" + item.edge_id + "\" class=\"edge\"><path fill=\"none\" stroke=\"#90a4ae\" stroke-width=\"1.1\"" +
           std::string(item.stub ? " stroke-dasharray=\"4,3\"" : "") + " d=\"M" + number(x1) + "," + number(y1) + "C" +
           number(x1) + "," + number(middle) + " " + number(x2) + "," + number(middle) + " " + number(x2) + "," +
           number(y2) + "\"/></g>\n";
  }
  for (const auto& item : items) {
    const NodeLook& look = item.look;
    const double left = item.centre - item.width / 2;
    svg += "<g id=\"" + look.id + "\" class=\"node " + look.classes + "\">";
    const std::string box_style = " fill=\"" + look.fill + "\" stroke=\"" + look.stroke + "\" stroke-width=\"1.2\"" +
                                  (look.dashed ? " stroke-dasharray=\"5,3\"" : "");
    if (item.stub) {
      svg += "<rect x=\"" + number(left + 4) + "\" y=\"" + number(item.top - 4) + "\" width=\"" + number(item.width) +
             "\" height=\"" + number(item.height) + "\"" + box_style + "/>";
    }
    svg += "<rect x=\"" + number(left) + "\" y=\"" + number(item.top) + "\" width=\"" + number(item.width) +
           "\" height=\"" + number(item.height) + "\" rx=\"" + (item.stub ? "0" : "5") + "\"" + box_style + "/>";
    for (std::size_t k = 0; k < look.lines.size(); ++k) {
      const double baseline = item.top + padding_y + line_height * static_cast<double>(k + 1) - 3;
      svg += "<text text-anchor=\"middle\" x=\"" + number(item.centre) + "\" y=\"" + number(baseline) +
             "\" font-family=\"DejaVu Sans Mono,monospace\" font-size=\"11.00\"" +
             (k == 0 && look.bold ? " font-weight=\"bold\"" : "") + ">" + xml_escape(look.lines[k]) + "</text>";
    }
    svg += "</g>\n";
  }
  svg += "</g>\n</svg>";
  return svg;
}

}  // namespace

std::vector<std::string> draw_with_own_layout(const TreePicture& picture) {
  std::vector<std::string> svgs;
  svgs.reserve(picture.windows.windows.size());
  for (const TreeWindow& window : picture.windows.windows) svgs.push_back(draw_window(picture, window));
  return svgs;
}

}  // namespace symref::report
