// Cutting the tree into windows (interp/report/tree_windows): every node shown once below its
// parent, windows within their budget and of balanced depth, leaves counted by kind.
#include <gtest/gtest.h>

#include <set>

#include "interp/report/tree_windows.hpp"

namespace symref::report {
namespace {

// A complete binary tree of `depth` fork levels below a root with one child (as the explorer
// builds it), every leaf a normal path.
ExplorationResult binary_tree(int depth) {
  ExplorationResult result;
  result.nodes.push_back(TreeNode{});
  std::vector<std::int32_t> level{0};
  for (int d = 0; d <= depth; ++d) {
    std::vector<std::int32_t> next;
    for (std::int32_t parent : level) {
      const int children = d == 0 ? 1 : 2;
      for (int c = 0; c < children; ++c) {
        TreeNode node;
        node.parent = parent;
        node.letters = d == 0 ? "" : (c == 0 ? "T" : "F");
        result.nodes.push_back(node);
        const auto id = static_cast<std::int32_t>(result.nodes.size() - 1);
        result.nodes[parent].children.push_back(id);
        next.push_back(id);
      }
    }
    level = std::move(next);
  }
  for (std::int32_t leaf : level) {
    ExploredPath path;
    path.node = leaf;
    path.outcome = Outcome::Normal;
    path.status = solver::SatResult::Sat;
    result.nodes[leaf].path = static_cast<std::int32_t>(result.paths.size());
    result.paths.push_back(path);
  }
  return result;
}

TEST(TreeWindows, ASmallTreeIsOneWindow) {
  ExplorationResult tree = binary_tree(4);  // 1 + 1 + 30 nodes
  TreeWindows windows = cut_into_windows(tree, 100);
  ASSERT_EQ(windows.windows.size(), 1u);
  EXPECT_EQ(windows.windows[0].nodes.size(), tree.nodes.size());
  EXPECT_TRUE(windows.windows[0].collapsed.empty());
  EXPECT_EQ(windows.leaves[0].total(), 16u);
  EXPECT_EQ(windows.leaves[0].by_kind[leaf_kind_index("normal")], 16u);
}

TEST(TreeWindows, TwoToTheTwelveLeavesInBalancedWindows) {
  ExplorationResult tree = binary_tree(12);
  TreeWindows windows = cut_into_windows(tree, 100);
  EXPECT_GT(windows.windows.size(), 1u);
  // Every node but the root appears exactly once below its parent; window roots are collapsed
  // nodes of the window that shows them.
  std::vector<int> shown(tree.nodes.size(), 0);
  for (std::size_t w = 0; w < windows.windows.size(); ++w) {
    const TreeWindow& window = windows.windows[w];
    EXPECT_LE(window.nodes.size(), 100u);
    for (std::int32_t id : window.nodes)
      if (id != window.root) {
        ++shown[id];
        EXPECT_EQ(windows.window_of[id], static_cast<std::int32_t>(w));
      }
    for (std::int32_t id : window.collapsed) {
      EXPECT_GE(windows.window_rooted[id], 0);
      EXPECT_EQ(windows.windows[windows.window_rooted[id]].root, id);
    }
    // Balanced: no window at the bottom of the tree is left with a level or two.
    EXPECT_GE(window.nodes.size(), 15u) << "window " << w;
  }
  for (std::size_t id = 1; id < tree.nodes.size(); ++id) EXPECT_EQ(shown[id], 1) << id;
  EXPECT_EQ(windows.leaves[0].total(), 4096u);
}

TEST(TreeWindows, PrunedAndUndecidedLeavesCountedApart) {
  ExplorationResult tree = binary_tree(1);
  tree.paths[0].status = solver::SatResult::Unsat;
  tree.paths[1].outcome = Outcome::AssertionFailure;
  TreeWindows windows = cut_into_windows(tree, 100);
  EXPECT_EQ(windows.leaves[0].by_kind[leaf_kind_index("infeasible")], 1u);
  EXPECT_EQ(windows.leaves[0].by_kind[leaf_kind_index("assertion-failure")], 1u);
  EXPECT_EQ(windows.leaves[0].by_kind[leaf_kind_index("normal")], 0u);
}

}  // namespace
}  // namespace symref::report
