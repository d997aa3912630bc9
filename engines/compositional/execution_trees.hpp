// The intraprocedural execution trees T_f of §4.1, one per function shared by all its activations:
// nodes named by the branch letters (docs/language.md#branch-letters) of their own activation, dangling nodes (a fork
// side no execution has taken) with their guard G_d, leaves with their outcome and, when the
// activation returned there, the outputs Ret_o(l) over P_f; and the call sites seen in each tree.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engines/compositional/function_table.hpp"
#include "semantics/outcome.hpp"
#include "semantics/syntax/source.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::compositional {

using NodeId = std::int32_t;

enum class NodeState : std::uint8_t { Explored, Dangling, Unreachable, Unknown };
const char* node_state_name(NodeState state);

// A call of a summarized g made on an activation's path, with its arguments over the caller's P.
struct CallFact {
  FunctionIndex callee = -1;
  std::vector<terms::Term> arguments;
};

// localpc(n) of §4.2: the conditions on the path from the root of T_f, over P_f, with every
// call's result replaced by the summary's uninterpreted function, and the calls made before n
// (each contributing D_g(a)).
struct LocalPathCondition {
  terms::Term conditions = nullptr;
  std::vector<CallFact> calls;
};

struct TreeNode {
  NodeId id = -1;
  FunctionIndex function = main_function;
  NodeId parent = -1;
  std::string letters;  // of its own activation, from the root of T_f
  std::string edge;     // the letters on the edge from the parent
  NodeState state = NodeState::Dangling;
  LocalPathCondition local;
  terms::Term guard = nullptr;  // G_d, a Bool symbol, for nodes that were created dangling
  SourceLocation fork;          // the statement whose step forked into this node
  std::int32_t next_line = 0;   // the line of the statement this side runs next (0: none)
  bool target = false;          // leads straight into the --target statement
  // Leaves where an activation ended: its outcome, and for returning ones Ret_o(l) per output.
  std::optional<Outcome> outcome;  // Normal for a returning leaf of a summarized function
  bool returns = false;
  std::vector<terms::Term> returned;
  std::int32_t covered_by = -1;  // the execution that first took it (-1: never)
  std::vector<NodeId> children;
};

// A call of a summarized function seen in T_g: the node it happens under and its context.
struct CallSite {
  FunctionIndex callee = -1;
  NodeId node = -1;
  std::int32_t ordinal = 0;  // how many calls came before it since `node`
  std::vector<terms::Term> arguments;
  LocalPathCondition local;
};

class ExecutionTrees {
 public:
  explicit ExecutionTrees(std::size_t functions) : roots_(functions, -1), call_sites_(functions) {}

  // The node of f named by `letters`, or -1.
  NodeId find(FunctionIndex f, const std::string& letters) const;
  // Creates the node when it is new (dangling, with a fresh guard, unless `explored`).  `outcome`
  // tells apart the sides that share the letter E but fail differently (nil, bounds): their names
  // end in "(outcome)".
  NodeId add(terms::TermManager& terms, FunctionIndex f, const std::string& letters, const std::string& edge,
             LocalPathCondition local, SourceLocation fork, bool explored, const std::string& outcome = "");
  void add_call_site(FunctionIndex caller, CallSite site);

  TreeNode& node(NodeId id) { return nodes_[static_cast<std::size_t>(id)]; }
  const TreeNode& node(NodeId id) const { return nodes_[static_cast<std::size_t>(id)]; }
  const std::vector<TreeNode>& nodes() const { return nodes_; }
  std::vector<TreeNode>& nodes() { return nodes_; }
  NodeId root(FunctionIndex f) const { return roots_[static_cast<std::size_t>(f)]; }
  const std::vector<CallSite>& call_sites(FunctionIndex g) const { return call_sites_[static_cast<std::size_t>(g)]; }
  // Dangling nodes: on a fork side not taken and not yet removed or given up on (unknown).
  bool is_open(const TreeNode& n) const { return n.state == NodeState::Dangling || n.state == NodeState::Unknown; }

 private:
  std::vector<TreeNode> nodes_;
  std::map<std::pair<FunctionIndex, std::string>, NodeId> by_name_;
  std::vector<NodeId> roots_;
  std::vector<std::vector<CallSite>> call_sites_;
};

}  // namespace symref::compositional
