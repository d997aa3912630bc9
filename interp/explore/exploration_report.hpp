// The symbolic execution tree as text (for students), as JSON (the stable contract of DESIGN.md
// "Paths, branches and JSON", for engine developers) and as DOT (for Graphviz).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "interp/explore/explorer.hpp"

namespace symref {

struct ReportContext {
  const Program& program;
  terms::TermManager& terms;
  std::string program_path;
  std::string engine;  // "forward" or "trace"
  std::string solver;
};

nlohmann::ordered_json exploration_to_json(const ReportContext& context, const ExplorationResult& result);
std::string exploration_to_text(const ReportContext& context, const ExplorationResult& result);
std::string exploration_to_dot(const ReportContext& context, const ExplorationResult& result);

// The final symbolic state of a path: σ on the globals and the fields, printed as terms.
nlohmann::ordered_json symbolic_state_to_json(const ReportContext& context, const SymbolicConfiguration& configuration);

}  // namespace symref
