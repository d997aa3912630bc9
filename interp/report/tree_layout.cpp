// Graphviz first, symref's own layout as the fallback (interp/report).
#include "interp/report/tree_layout.hpp"

#include "interp/report/external_program.hpp"
#include "interp/report/graphviz_layout.hpp"
#include "interp/report/own_layout.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::report {

TreeSvgs draw_windows(const TreePicture& picture, LayoutChoice choice, double timeout_seconds) {
  TreeSvgs out;
  if (choice != LayoutChoice::Own) {
    auto dot = find_executable("dot");
    std::string error;
    if (!dot) {
      error = "Graphviz dot was not found on PATH";
    } else if (auto svgs = draw_with_graphviz(picture, *dot, timeout_seconds, error)) {
      out.svgs = std::move(*svgs);
      out.layout = "graphviz";
      return out;
    }
    if (choice == LayoutChoice::Graphviz) throw InputError("symref report: error: " + error + "\n");
    out.note = error + "; the tree is drawn with symref's own layout";
  }
  out.svgs = draw_with_own_layout(picture);
  out.layout = "own";
  return out;
}

}  // namespace symref::report
