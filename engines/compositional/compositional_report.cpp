// Text and JSON reports of the compositional engine.
#include "engines/compositional/compositional_report.hpp"

#include <sstream>

#include "interp/explore/exploration_report.hpp"
#include "interp/solver/backends/smtlib.hpp"
#include "interp/state_json/site_format.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/terms/printer.hpp"
#include "interp/version.hpp"

namespace symref::compositional {

std::string replay_execution(const Program& program, const Execution& execution) {
  ConcreteMachine machine(program, execution.input);
  RunLimits limits;
  limits.max_steps = execution.outcome == Outcome::Bound ? execution.steps : execution.steps + 1;
  machine.run(limits);
  if (machine.branches() == execution.branches && machine.outcome() == execution.outcome) return "agrees";
  return "disagrees: the concrete run takes " + machine.branches() + " to " + std::string(outcome_name(machine.outcome())) +
         ", the execution " + execution.branches + " to " + std::string(outcome_name(execution.outcome));
}

namespace {
// Where an execution that did not end normally stopped: the concrete run of its input, which it is.
nlohmann::ordered_json execution_site(const Program& program, const Execution& execution) {
  ConcreteMachine machine(program, execution.input);
  RunLimits limits;
  limits.max_steps = execution.outcome == Outcome::Bound ? execution.steps : execution.steps + 1;
  machine.run(limits);
  return site_to_json(program, machine.site());
}
}  // namespace

std::string node_name(const CompositionalExplorer& explorer, NodeId id) { return node_name(explorer, explorer.trees(), id); }

std::string node_name(const CompositionalExplorer& explorer, const ExecutionTrees& trees, NodeId id) {
  const TreeNode& n = trees.node(id);
  return explorer.functions()[n.function].name + ":" + n.letters;
}

namespace {

// The readable δ, γ and edges are cut after this many characters (ending in "…"): terms are
// DAGs printed as trees, and a summarized callee whose tree holds an inlined loop or recursion
// has a δ whose tree text grows exponentially with the program.  The `_smt2` texts are whole, shared subterms bound once.
std::string readable(terms::Term term, const Program& program) {
  terms::PrintOptions options;
  options.character_budget = 20'000;
  return terms::print_term(term, &program, options);
}

nlohmann::ordered_json slot_names(const std::vector<FunctionSlot>& slots) {
  nlohmann::ordered_json names = nlohmann::ordered_json::array();
  for (const auto& slot : slots) names.push_back(slot.name);
  return names;
}

}  // namespace

nlohmann::ordered_json compositional_to_json(const Program& program, const std::string& path, CompositionalExplorer& explorer,
                                             const CompositionalResult& result) {
  terms::TermManager& terms = explorer.axioms_terms();
  const CompositionalOptions& options = explorer.options();
  nlohmann::ordered_json out;
  out["version"] = json_format_version;
  out["program"] = path;
  out["engine"] = "compositional";
  out["solver"] = options.solver;
  out["axioms"] = options.axioms == AxiomEncoding::Quantified ? "quantified" : "unfolded";
  out["summaries"] = options.summaries;
  auto& paths = out["paths"] = nlohmann::ordered_json::array();
  for (const Execution& e : result.executions) {
    nlohmann::ordered_json p;
    p["execution"] = e.index;
    p["origin"] = e.origin;
    p["target"] = e.target >= 0 ? nlohmann::ordered_json(node_name(explorer, e.target)) : nlohmann::ordered_json();
    p["branches"] = e.branches;
    p["outcome"] = outcome_name(e.outcome);
    if (e.outcome != Outcome::Normal && e.outcome != Outcome::Running) p["at"] = execution_site(program, e);
    p["status"] = "sat";
    p["test"] = write_state(program, e.input);
    p["replay"] = replay_execution(program, e);
    auto& covered = p["covered"] = nlohmann::ordered_json::array();
    for (NodeId id : e.covered) covered.push_back(node_name(explorer, id));
    paths.push_back(std::move(p));
  }
  auto& functions = out["functions"] = nlohmann::ordered_json::array();
  const FunctionTable& table = explorer.functions();
  for (FunctionIndex f = 0; f < static_cast<FunctionIndex>(table.size()); ++f) {
    const FunctionInfo& info = table[f];
    nlohmann::ordered_json j;
    j["name"] = info.name;
    j["kind"] = info.kind;
    j["summarized"] = info.summarized;
    j["inlined_reason"] = info.inlined_reason.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(info.inlined_reason);
    j["inputs"] = slot_names(info.inputs);
    j["outputs"] = slot_names(info.outputs);
    if (info.summarized) {
      terms::Term delta = explorer.axioms().delta(f);
      terms::Term gamma = explorer.axioms().gamma(f);
      j["delta"] = readable(delta, program);
      j["delta_smt2"] = solver::smtlib_term(terms, delta);
      j["gamma"] = readable(gamma, program);
      j["gamma_smt2"] = solver::smtlib_term(terms, gamma);
    }
    auto& nodes = j["nodes"] = nlohmann::ordered_json::array();
    for (const TreeNode& n : explorer.trees().nodes()) {
      if (n.function != f) continue;
      nlohmann::ordered_json node;
      node["id"] = node_name(explorer, n.id);
      node["parent"] = n.parent >= 0 ? nlohmann::ordered_json(node_name(explorer, n.parent)) : nlohmann::ordered_json();
      node["letter"] = n.edge;
      node["edge"] = readable(explorer.axioms().local_path_condition(n.local), program);
      node["state"] = node_state_name(n.state);
      node["guard"] = n.guard ? nlohmann::ordered_json(terms::print_term(n.guard, &program)) : nlohmann::ordered_json();
      node["outcome"] = n.outcome ? nlohmann::ordered_json(outcome_name(*n.outcome)) : nlohmann::ordered_json();
      node["returns"] = n.returns;
      node["target"] = n.target;
      nodes.push_back(std::move(node));
    }
    functions.push_back(std::move(j));
  }
  auto& queries = out["queries"] = nlohmann::ordered_json::array();
  for (const Query& q : result.queries) {
    nlohmann::ordered_json j;
    j["target"] = node_name(explorer, q.target);
    j["step"] = q.step;
    j["status"] = solver::to_string(q.status);
    j["guards_false"] = q.guards_false;
    if (q.psi) j["psi_smt2"] = solver::smtlib_term(terms, q.psi);
    if (q.model_input) j["model"] = write_state(program, *q.model_input);
    queries.push_back(std::move(j));
  }
  if (result.target) {
    nlohmann::ordered_json t;
    t["line"] = result.target->line;
    t["verdict"] = result.target->verdict;
    t["execution"] = result.target->execution >= 0 ? nlohmann::ordered_json(result.target->execution) : nlohmann::ordered_json();
    t["test"] = result.target->execution >= 0
                    ? write_state(program, result.executions[static_cast<std::size_t>(result.target->execution - 1)].input)
                    : nlohmann::ordered_json();
    out["target"] = std::move(t);
  }
  const CompositionalStatistics& s = result.statistics;
  out["stats"] = {{"executions", s.executions},     {"queries", s.queries},
                  {"lazy_sat", s.lazy_sat},         {"relevant_sat", s.relevant_sat},
                  {"unsat", s.unsat},               {"unknown", s.unknown},
                  {"no_progress", s.no_progress},   {"nodes", explorer.trees().nodes().size()},
                  {"dangling_left", s.dangling_left}, {"truncated", s.truncated},
                  {"seconds", s.seconds},           {"solver_seconds", s.solver_seconds}};
  return out;
}

std::string compositional_to_dot(CompositionalExplorer& explorer) {
  std::ostringstream out;
  out << "digraph compositional_trees {\n  node [fontname=\"monospace\", fontsize=10];\n"
      << "  edge [fontname=\"monospace\", fontsize=9];\n";
  const FunctionTable& table = explorer.functions();
  const ExecutionTrees& trees = explorer.trees();
  for (FunctionIndex f = 0; f < static_cast<FunctionIndex>(table.size()); ++f) {
    if (trees.root(f) < 0) continue;  // never run
    const FunctionInfo& info = table[f];
    out << "  subgraph cluster_" << f << " {\n    label=\""
        << dot_escape(info.name + (info.summarized ? " (summarized)" : "")) << "\";\n";
    for (const TreeNode& n : trees.nodes()) {
      if (n.function != f) continue;
      std::string label = node_name(explorer, n.id) + "\n" + node_state_name(n.state);
      if (n.guard && trees.is_open(n)) label += " " + terms::print_term(n.guard, nullptr);
      std::string style = "shape=box";
      if (n.state == NodeState::Dangling) style = "shape=circle";
      else if (n.state == NodeState::Unreachable) style = "shape=box, style=dashed, color=gray";
      else if (n.state == NodeState::Unknown) style = "shape=circle, style=dashed, color=orange";
      else if (n.outcome && n.children.empty()) {
        label += std::string("\n") + (n.returns ? std::string("returns") : std::string(outcome_name(*n.outcome)));
        style = dot_leaf_style(*n.outcome);
      }
      out << "    n" << n.id << " [label=\"" << dot_escape(label) << "\", " << style << "];\n";
    }
    out << "  }\n";
  }
  for (const TreeNode& n : trees.nodes())
    if (n.parent >= 0) out << "  n" << n.parent << " -> n" << n.id << " [label=\"" << dot_escape(n.edge) << "\"];\n";
  out << "}\n";
  return out.str();
}

std::string compositional_to_text(const Program& program, const std::string& path, CompositionalExplorer& explorer,
                                  const CompositionalResult& result) {
  std::ostringstream out;
  out << "program " << path << ", engine compositional ("
      << (explorer.options().axioms == AxiomEncoding::Quantified ? "quantified" : "unfolded") << " axioms, "
      << explorer.options().solver << ")\n";
  for (const Execution& e : result.executions) {
    out << "execution " << e.index << " (" << e.origin;
    if (e.target >= 0) out << " for " << node_name(explorer, e.target);
    out << "): " << (e.branches.empty() ? "-" : e.branches) << " -> " << outcome_name(e.outcome) << ", replay "
        << replay_execution(program, e) << "\n  input " << write_state(program, e.input).dump() << "\n  covers";
    for (NodeId id : e.covered) out << " " << node_name(explorer, id);
    out << "\n";
  }
  const FunctionTable& table = explorer.functions();
  for (FunctionIndex f = 0; f < static_cast<FunctionIndex>(table.size()); ++f) {
    const FunctionInfo& info = table[f];
    out << info.kind << " " << info.name << (info.summarized ? ", summarized" : "")
        << (info.inlined_reason.empty() ? "" : ", inlined (" + info.inlined_reason + ")") << "\n";
    for (const TreeNode& n : explorer.trees().nodes())
      if (n.function == f)
        out << "  " << node_name(explorer, n.id) << "  " << node_state_name(n.state)
            << (n.outcome ? std::string(" ") + std::string(outcome_name(*n.outcome)) : "") << (n.returns ? " returns" : "") << "\n";
  }
  if (result.target) out << "target line " << result.target->line << ": " << result.target->verdict << "\n";
  const CompositionalStatistics& s = result.statistics;
  out << "executions " << s.executions << ", queries " << s.queries << " (lazy sat " << s.lazy_sat << ", relevant sat "
      << s.relevant_sat << ", unsat " << s.unsat << ", unknown " << s.unknown << "), nodes " << explorer.trees().nodes().size()
      << ", dangling left " << s.dangling_left << (s.truncated ? ", stopped at --max-executions" : "") << "\n";
  return out.str();
}

}  // namespace symref::compositional
