// symref's own layout of the tree's windows, used when Graphviz is absent or fails: a layered
// tree drawing in which every subtree gets a band as wide as its widest level, parents centred
// over their children (after Wetherell and Shannon's simple tidy drawing), written as SVG with the
// same ids and classes as the Graphviz pictures.
#pragma once

#include <string>
#include <vector>

#include "interp/report/tree_drawing.hpp"

namespace symref::report {

std::vector<std::string> draw_with_own_layout(const TreePicture& picture);

}  // namespace symref::report
