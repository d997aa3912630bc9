// The symbolic execution tree cut into windows for the HTML report: each window is a subtree shown
// down to a few levels, and the subtrees below its frontier are collapsed into their own windows,
// so that a tree of thousands of leaves is drawn as many small pictures a reader can open one by one.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "interp/explore/explorer.hpp"

namespace symref::report {

struct TreeWindow {
  std::int32_t root = 0;
  std::vector<std::int32_t> nodes;      // the root first, then level by level
  std::vector<std::int32_t> collapsed;  // nodes of this window whose subtrees are other windows
};

// How many leaves of each kind lie below a node (the node itself, when it is a leaf).
struct LeafCounts {
  // Indexed by leaf_kind_index: normal, nil-dereference, out-of-bounds, assertion-failure,
  // blocked, bound, infeasible, unknown.
  std::array<std::uint32_t, 8> by_kind{};
  std::uint32_t total() const;
};

// The kinds of leaves, in the order the report lists them.
const std::array<const char*, 8>& leaf_kind_names();
std::size_t leaf_kind_index(const std::string& kind);

struct TreeWindows {
  std::vector<TreeWindow> windows;          // windows[0] is rooted at the tree's root
  std::vector<std::int32_t> window_of;      // per node: the window that shows it below its parent
  std::vector<std::int32_t> window_rooted;  // per node: the window it is the root of, or -1
  std::vector<LeafCounts> leaves;           // per node
};

// Cuts the tree into windows of at most `node_budget` nodes (a window always shows its root's
// children): whole levels are added while they fit.
TreeWindows cut_into_windows(const ExplorationResult& result, std::size_t node_budget);

}  // namespace symref::report
