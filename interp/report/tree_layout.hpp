// Choosing how the tree's windows are laid out: Graphviz `dot` when it is there (or asked for),
// symref's own layout when it is absent, fails or runs out of time.
#pragma once

#include <string>
#include <vector>

#include "interp/report/tree_drawing.hpp"

namespace symref::report {

enum class LayoutChoice { Automatic, Graphviz, Own };

struct TreeSvgs {
  std::vector<std::string> svgs;  // one per window
  std::string layout;             // "graphviz" or "own"
  std::string note;               // why the own layout was used instead of Graphviz, if it was
};

// With LayoutChoice::Graphviz a missing or failing `dot` is an error (InputError), not a fallback.
TreeSvgs draw_windows(const TreePicture& picture, LayoutChoice choice, double timeout_seconds);

}  // namespace symref::report
