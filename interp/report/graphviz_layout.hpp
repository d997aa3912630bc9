// The windows of the symbolic execution tree laid out by Graphviz: one DOT graph per window, all
// given to one run of `dot -Tsvg`, the SVG documents split apart again and trimmed for inlining.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "interp/report/tree_drawing.hpp"

namespace symref::report {

// The DOT text of every window, one digraph after another.
std::string windows_to_dot(const TreePicture& picture);

// One SVG per window, or nothing with `error` saying why (dot failed, ran out of time, or printed
// something that is not one SVG per window).
std::optional<std::vector<std::string>> draw_with_graphviz(const TreePicture& picture, const std::string& dot_program,
                                                           double timeout_seconds, std::string& error);

// Splits the output of `dot -Tsvg` on several graphs into the <svg> elements, without comments,
// titles and the XML prologue, and with &#45; written as '-'.
std::vector<std::string> split_svg_documents(const std::string& output);

}  // namespace symref::report
