// Cutting the symbolic execution tree into windows of whole levels (interp/report).
#include "interp/report/tree_windows.hpp"

#include <algorithm>
#include <deque>

#include "interp/explore/exploration_report.hpp"

namespace symref::report {

std::uint32_t LeafCounts::total() const {
  std::uint32_t sum = 0;
  for (std::uint32_t count : by_kind) sum += count;
  return sum;
}

const std::array<const char*, 8>& leaf_kind_names() {
  static const std::array<const char*, 8> names{"normal",  "nil-dereference", "out-of-bounds", "assertion-failure",
                                                "blocked", "bound",           "infeasible",    "unknown"};
  return names;
}

std::size_t leaf_kind_index(const std::string& kind) {
  const auto& names = leaf_kind_names();
  for (std::size_t k = 0; k < names.size(); ++k)
    if (kind == names[k]) return k;
  return names.size() - 1;  // a pruned leaf whose outcome was never decided counts as unknown
}

TreeWindows cut_into_windows(const ExplorationResult& result, std::size_t node_budget) {
  const std::size_t count = result.nodes.size();
  TreeWindows out;
  out.window_of.assign(count, -1);
  out.window_rooted.assign(count, -1);
  out.leaves.assign(count, LeafCounts{});
  if (count == 0) return out;

  // A child is always added after its parent, so one backward sweep sums the leaves.
  for (std::size_t id = count; id-- > 0;) {
    const TreeNode& node = result.nodes[id];
    if (node.path >= 0) ++out.leaves[id].by_kind[leaf_kind_index(leaf_kind(result.paths[node.path]))];
    if (node.parent >= 0)
      for (std::size_t k = 0; k < 8; ++k) out.leaves[node.parent].by_kind[k] += out.leaves[id].by_kind[k];
  }

  // The height of every subtree, in levels below its root.
  std::vector<std::uint32_t> height(count, 0);
  for (std::size_t id = count; id-- > 1;) {
    const std::int32_t parent = result.nodes[id].parent;
    if (parent >= 0) height[parent] = std::max(height[parent], height[id] + 1);
  }

  std::deque<std::int32_t> roots{0};
  out.window_of[0] = 0;
  while (!roots.empty()) {
    const std::int32_t root = roots.front();
    roots.pop_front();
    const auto window_index = static_cast<std::int32_t>(out.windows.size());
    out.window_rooted[root] = window_index;

    // The levels below the root, as far as they fit in the budget (the root's children always).
    std::vector<std::vector<std::int32_t>> levels{{root}};
    std::size_t shown = 1;
    while (true) {
      std::vector<std::int32_t> next;
      for (std::int32_t id : levels.back())
        for (std::int32_t child : result.nodes[id].children) next.push_back(child);
      if (next.empty() || (levels.size() > 1 && shown + next.size() > node_budget)) break;
      shown += next.size();
      levels.push_back(std::move(next));
    }
    // A subtree deeper than one window is cut into windows of about equal depth, so that the
    // windows at its bottom are not left with a level or two (windows share their frontier level).
    const std::size_t total_levels = height[root] + 1;
    if (levels.size() < total_levels && levels.size() > 2) {
      const std::size_t step = levels.size() - 1;
      const std::size_t windows_needed = (total_levels - 1 + step - 1) / step;
      const std::size_t balanced = (total_levels - 1 + windows_needed - 1) / windows_needed + 1;
      if (balanced < levels.size()) levels.resize(balanced);
    }

    TreeWindow window;
    window.root = root;
    for (const auto& level : levels)
      for (std::int32_t id : level) {
        window.nodes.push_back(id);
        if (id != root) out.window_of[id] = window_index;
      }
    for (std::int32_t id : levels.back())
      if (!result.nodes[id].children.empty()) window.collapsed.push_back(id);
    for (std::int32_t id : window.collapsed) roots.push_back(id);
    out.windows.push_back(std::move(window));
  }
  return out;
}

}  // namespace symref::report
