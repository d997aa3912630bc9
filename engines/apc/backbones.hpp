// Backbones, entry nodes, loops and induced programs P(C, v) (Strejček & Trtík §2.1).
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engines/apc/flowgraph.hpp"

namespace symref::apc {

// An acyclic complete path l_s … l_t, as its nodes and the edges between them.
struct Backbone {
  std::vector<NodeId> nodes;         // v0 … vn
  std::vector<std::int32_t> edges;   // edges[i-1] leads from nodes[i-1] to nodes[i]
};

// The program is too large for the analysis within its bounds (the apc properties skip it).
class AnalysisTooLarge : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TooManyBackbones : public AnalysisTooLarge {
 public:
  using AnalysisTooLarge::AnalysisTooLarge;
};

// B_P: every acyclic path from start to target, in depth-first order of the edge list.
// Throws TooManyBackbones past `limit`.
std::vector<Backbone> backbones(const Flowgraph& graph, std::size_t limit);

// The loop C that nodes[position] enters on the backbone: the node with every node of a cycle
// through it that avoids the prefix nodes[0..position-1]; nothing when no such cycle exists.
std::optional<std::vector<NodeId>> entered_loop(const Flowgraph& graph, const Backbone& backbone, std::size_t position);

// P(C, v): the edges inside C, with every edge into v redirected to `fresh_target` (v′).
Flowgraph induced_program(const Flowgraph& graph, const std::vector<NodeId>& loop, NodeId entry, NodeId fresh_target);

}  // namespace symref::apc
