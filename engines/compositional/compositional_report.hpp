// The compositional engine's results as text and as JSON (docs/json.md's `explore` contract, with the
// additions of the compositional engine: executions as paths, functions with δ/γ and their trees, queries, target).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engines/compositional/compositional_explorer.hpp"

namespace symref::compositional {

// What a concrete replay of an execution's input says: "agrees", or what differed.
std::string replay_execution(const Program& program, const Execution& execution);

// "f:letters", the name of a node (the root of f is "f:").
std::string node_name(const CompositionalExplorer& explorer, NodeId id);
// The same for a node of `trees`, a copy of the explorer's that later executions may have grown.
std::string node_name(const CompositionalExplorer& explorer, const ExecutionTrees& trees, NodeId id);

nlohmann::ordered_json compositional_to_json(const Program& program, const std::string& path, CompositionalExplorer& explorer,
                                             const CompositionalResult& result);
// The trees as one DOT graph, a cluster per function: dangling nodes as circles (as in the
// paper's Fig. 2), removed ones dashed, leaves coloured by outcome as `explore --format dot` does.
std::string compositional_to_dot(CompositionalExplorer& explorer);
std::string compositional_to_text(const Program& program, const std::string& path, CompositionalExplorer& explorer,
                                  const CompositionalResult& result);

}  // namespace symref::compositional
