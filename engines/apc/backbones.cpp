// Backbones, entry nodes and induced programs (Strejček & Trtík §2.1) on the flowgraph's edges.
#include "engines/apc/backbones.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace symref::apc {

namespace {

using Adjacency = std::unordered_map<NodeId, std::vector<std::int32_t>>;

Adjacency outgoing(const Flowgraph& graph) {
  Adjacency out;
  for (std::size_t k = 0; k < graph.edges.size(); ++k) out[graph.edges[k].from].push_back(static_cast<std::int32_t>(k));
  return out;
}

// The nodes reachable from `from` (forward) or reaching it (backward), never entering `avoid`.
std::unordered_set<NodeId> reach(const Flowgraph& graph, NodeId from, const std::unordered_set<NodeId>& avoid, bool forward) {
  std::unordered_set<NodeId> seen{from};
  std::vector<NodeId> pending{from};
  while (!pending.empty()) {
    NodeId node = pending.back();
    pending.pop_back();
    for (const Edge& e : graph.edges) {
      NodeId here = forward ? e.from : e.to, there = forward ? e.to : e.from;
      if (here != node || avoid.contains(there) || !seen.insert(there).second) continue;
      pending.push_back(there);
    }
  }
  return seen;
}

}  // namespace

std::vector<Backbone> backbones(const Flowgraph& graph, std::size_t limit) {
  Adjacency out = outgoing(graph);
  std::vector<Backbone> result;
  Backbone current{{graph.start}, {}};
  std::unordered_set<NodeId> on_path{graph.start};
  // Depth-first over simple paths; each frame remembers which out-edge it tries next.
  std::vector<std::size_t> next_edge{0};
  while (!next_edge.empty()) {
    NodeId node = current.nodes.back();
    if (node == graph.target) {
      result.push_back(current);
      if (result.size() > limit) throw TooManyBackbones("more than " + std::to_string(limit) + " backbones");
    }
    const std::vector<std::int32_t>& edges = out[node];
    std::size_t& k = next_edge.back();
    while (node != graph.target && k < edges.size() && on_path.contains(graph.edges[static_cast<std::size_t>(edges[k])].to)) ++k;
    if (node == graph.target || k >= edges.size()) {
      on_path.erase(node);
      current.nodes.pop_back();
      if (!current.edges.empty()) current.edges.pop_back();
      next_edge.pop_back();
      continue;
    }
    std::int32_t e = edges[k++];
    NodeId to = graph.edges[static_cast<std::size_t>(e)].to;
    current.nodes.push_back(to);
    current.edges.push_back(e);
    on_path.insert(to);
    next_edge.push_back(0);
  }
  return result;
}

std::optional<std::vector<NodeId>> entered_loop(const Flowgraph& graph, const Backbone& backbone, std::size_t position) {
  NodeId entry = backbone.nodes[position];
  std::unordered_set<NodeId> prefix(backbone.nodes.begin(), backbone.nodes.begin() + static_cast<std::ptrdiff_t>(position));
  std::unordered_set<NodeId> forward = reach(graph, entry, prefix, true);
  std::unordered_set<NodeId> backward = reach(graph, entry, prefix, false);
  bool cycle = false;
  for (const Edge& e : graph.edges)
    if (e.to == entry && forward.contains(e.from) && !prefix.contains(e.from)) cycle = true;
  if (!cycle) return std::nullopt;
  std::vector<NodeId> loop;
  for (NodeId node : forward)
    if (backward.contains(node)) loop.push_back(node);
  std::sort(loop.begin(), loop.end());
  return loop;
}

Flowgraph induced_program(const Flowgraph& graph, const std::vector<NodeId>& loop, NodeId entry, NodeId fresh_target) {
  std::unordered_set<NodeId> inside(loop.begin(), loop.end());
  Flowgraph induced;
  induced.start = entry;
  induced.target = fresh_target;
  for (const Edge& e : graph.edges) {
    if (!inside.contains(e.from) || !inside.contains(e.to)) continue;
    Edge copy = e;
    if (copy.to == entry) copy.to = fresh_target;
    induced.edges.push_back(copy);
  }
  return induced;
}

}  // namespace symref::apc
