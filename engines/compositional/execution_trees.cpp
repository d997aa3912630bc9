// Nodes of the per-function execution trees (§4.1, §4.2).
#include "engines/compositional/execution_trees.hpp"

namespace symref::compositional {

const char* node_state_name(NodeState state) {
  switch (state) {
    case NodeState::Explored: return "explored";
    case NodeState::Dangling: return "dangling";
    case NodeState::Unreachable: return "unreachable";
    case NodeState::Unknown: return "unknown";
  }
  return "?";
}

NodeId ExecutionTrees::find(FunctionIndex f, const std::string& letters) const {
  auto it = by_name_.find({f, letters});
  return it == by_name_.end() ? -1 : it->second;
}

NodeId ExecutionTrees::add(terms::TermManager& terms, FunctionIndex f, const std::string& letters, const std::string& edge,
                           LocalPathCondition local, SourceLocation fork, bool explored, const std::string& outcome) {
  const std::string name = outcome.empty() ? letters : letters + "(" + outcome + ")";
  if (NodeId existing = find(f, name); existing >= 0) return existing;
  TreeNode n;
  n.id = static_cast<NodeId>(nodes_.size());
  n.function = f;
  n.letters = name;
  n.edge = edge;
  n.local = std::move(local);
  n.fork = fork;
  n.state = explored ? NodeState::Explored : NodeState::Dangling;
  if (!explored) n.guard = terms.fresh_symbol(terms::Sort::boolean(), "G" + std::to_string(n.id));
  if (letters.empty()) {
    roots_[static_cast<std::size_t>(f)] = n.id;
  } else {
    n.parent = find(f, letters.substr(0, letters.size() - edge.size()));
    if (n.parent >= 0) nodes_[static_cast<std::size_t>(n.parent)].children.push_back(n.id);
  }
  by_name_[{f, name}] = n.id;
  nodes_.push_back(std::move(n));
  return nodes_.back().id;
}

void ExecutionTrees::add_call_site(FunctionIndex caller, CallSite site) {
  auto& sites = call_sites_[static_cast<std::size_t>(caller)];
  for (const CallSite& known : sites)
    if (known.node == site.node && known.ordinal == site.ordinal) return;
  sites.push_back(std::move(site));
}

}  // namespace symref::compositional
