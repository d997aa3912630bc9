// Writing the symbolic execution tree as text, JSON and DOT.
#include "interp/explore/exploration_report.hpp"

#include <sstream>

#include "interp/explore/timings.hpp"
#include "interp/solver/backends/smtlib.hpp"
#include "interp/state_json/site_format.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/traces/trace_printer.hpp"
#include "interp/version.hpp"

namespace symref {

namespace {

constexpr std::size_t printed_term_budget = 4000;

std::string print(const ReportContext& context, terms::Term term) {
  return terms::print_term(term, &context.program, {printed_term_budget});
}

std::string replay_text(const ExploredPath& path) {
  if (path.replay) return path.replay->agrees ? "agrees" : "disagrees: " + path.replay->details;
  if (!path.test_note.empty()) return "no test: " + path.test_note;
  return "";
}

// The outcome a path shows: pruned branches whose outcome was not decided yet show none.
std::string shown_outcome(const ExploredPath& path) {
  return path.outcome == Outcome::Running ? "" : std::string(outcome_name(path.outcome));
}

}  // namespace

nlohmann::ordered_json symbolic_state_to_json(const ReportContext& context, const SymbolicConfiguration& configuration) {
  if (context.engine == "trace") {
    // The trace engine keeps no σ: the final state is given by ρ itself (§4).
    nlohmann::ordered_json trace = nlohmann::ordered_json::array();
    for (const TraceItem* item : configuration.trace.items()) trace.push_back(print_trace_item(context.program, *item, printed_term_budget));
    nlohmann::ordered_json out;
    out["trace"] = std::move(trace);
    out["steps"] = configuration.steps;
    if (!configuration.bound_reason.empty()) out["bound_reason"] = configuration.bound_reason;
    return out;
  }
  nlohmann::ordered_json globals = nlohmann::ordered_json::object();
  for (std::size_t g = 0; g < context.program.globals.size(); ++g)
    globals[context.program.globals[g].name] = print(context, configuration.globals[g]);
  nlohmann::ordered_json fields = nlohmann::ordered_json::object();
  for (std::size_t f = 0; f < context.program.fields.size(); ++f) {
    const Field& field = context.program.fields[f];
    // Only fields that the path wrote differ from their initial array.
    if (configuration.fields[f] == context.terms.field_symbol(static_cast<std::int32_t>(f))) continue;
    fields[context.program.classes[field.class_index].name + "." + field.name] = print(context, configuration.fields[f]);
  }
  nlohmann::ordered_json out;
  out["globals"] = std::move(globals);
  out["fields"] = std::move(fields);
  out["steps"] = configuration.steps;
  if (!configuration.bound_reason.empty()) out["bound_reason"] = configuration.bound_reason;
  return out;
}

nlohmann::ordered_json symbolic_state_to_smt2(const ReportContext& context, const SymbolicConfiguration& configuration) {
  if (context.engine == "trace") return nullptr;
  nlohmann::ordered_json globals = nlohmann::ordered_json::object();
  for (std::size_t g = 0; g < context.program.globals.size(); ++g)
    globals[context.program.globals[g].name] = solver::smtlib_term(context.terms, configuration.globals[g]);
  nlohmann::ordered_json fields = nlohmann::ordered_json::object();
  for (std::size_t f = 0; f < context.program.fields.size(); ++f) {
    const Field& field = context.program.fields[f];
    if (configuration.fields[f] == context.terms.field_symbol(static_cast<std::int32_t>(f))) continue;
    fields[context.program.classes[field.class_index].name + "." + field.name] =
        solver::smtlib_term(context.terms, configuration.fields[f]);
  }
  return {{"globals", std::move(globals)}, {"fields", std::move(fields)}};
}

// final.heap: roots, points-to sets with their guards, locations with their fields, lazy choices.
static nlohmann::ordered_json heap_to_json(const ReportContext& context, const HeapDescription& heap) {
  nlohmann::ordered_json out;
  out["roots"] = nlohmann::ordered_json::object();
  for (const auto& [global, reference] : heap.roots) out["roots"][global] = reference;
  out["points_to"] = nlohmann::ordered_json::object();
  for (const auto& [reference, targets] : heap.points_to) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& target : targets) {
      terms::Term guard = target.guard;
      list.push_back({{"location", target.location},
                      {"guard", print(context, guard)},
                      {"guard_smt2", solver::smtlib_script(context.terms, std::span<const terms::Term>(&guard, 1))}});
    }
    out["points_to"][reference] = std::move(list);
  }
  out["locations"] = nlohmann::ordered_json::object();
  for (const auto& location : heap.locations) {
    nlohmann::ordered_json fields = nlohmann::ordered_json::object();
    for (const auto& [field, value] : location.fields) fields[field] = value;
    out["locations"][location.name] = {{"class", location.class_name}, {"kind", location.kind}, {"fields", std::move(fields)}};
  }
  if (context.heap == "lazy") out["choices"] = heap.choices;
  return out;
}

nlohmann::ordered_json path_head_to_json(const ReportContext& context, const std::string& branches, Outcome outcome,
                                         solver::SatResult status, const std::string& status_reason,
                                         terms::Term path_condition) {
  nlohmann::ordered_json entry;
  entry["branches"] = branches;
  entry["outcome"] = outcome == Outcome::Running ? nlohmann::ordered_json(nullptr)
                                                 : nlohmann::ordered_json(std::string(outcome_name(outcome)));
  entry["status"] = std::string(solver::to_string(status));
  if (!status_reason.empty()) entry["status_reason"] = status_reason;
  entry["pc"] = print(context, path_condition);
  entry["pc_smt2"] = solver::smtlib_script(context.terms, std::span<const terms::Term>(&path_condition, 1));
  return entry;
}

nlohmann::ordered_json path_to_json(const ReportContext& context, const ExploredPath& path) {
  nlohmann::ordered_json entry =
      path_head_to_json(context, path.branches, path.outcome, path.status, path.status_reason, path.path_condition);
  // The heap additions appear only with a heap model, so that the arrays output stays as it was.
  if (path.status != solver::SatResult::Unsat) {
    entry["final"] = symbolic_state_to_json(context, path.final_configuration);
    if (context.heap_model == nullptr && context.engine != "trace")
      entry["final_smt2"] = symbolic_state_to_smt2(context, path.final_configuration);
    if (context.heap_model != nullptr)
      entry["final"]["heap"] = heap_to_json(context, context.heap_model->describe(path.final_configuration));
    if (path.outcome != Outcome::Normal && path.outcome != Outcome::Running)
      entry["at"] = site_to_json(context.program, outcome_site(context.program, path.final_configuration.control));
  }
  if (path.test) entry["test"] = write_state(context.program, *path.test);
  std::string replay = replay_text(path);
  if (!replay.empty()) entry["replay"] = replay;
  if (!path.agreement.empty()) {
    entry["agreement"] = path.agreement;
    entry["forward_pc"] = print(context, path.forward_path_condition);
    if (path.separating_input) entry["separating_input"] = write_state(context.program, *path.separating_input);
  }
  return entry;
}

nlohmann::ordered_json search_statistics_to_json(const ReportContext& context, std::uint64_t paths, std::uint64_t feasible,
                                                 std::uint64_t infeasible, std::uint64_t unknown,
                                                 const nlohmann::ordered_json& engine_fields, double seconds, bool truncated) {
  nlohmann::ordered_json out = {{"paths", paths}, {"feasible", feasible}, {"infeasible", infeasible}, {"unknown", unknown}};
  for (const auto& [name, value] : engine_fields.items()) out[name] = value;
  out["seconds"] = seconds;
  out["truncated"] = truncated;
  if (!context.timings) strip_timings(out);
  return out;
}

nlohmann::ordered_json statistics_to_json(const ReportContext& context, const ExplorationStatistics& s) {
  nlohmann::ordered_json out = search_statistics_to_json(
      context, s.paths, s.feasible, s.infeasible, s.unknown,
      {{"steps", s.steps}, {"queries", s.queries}, {"shortcuts", s.shortcuts}, {"solver_seconds", s.solver_seconds},
       {"path_condition_seconds", s.path_condition_seconds}, {"path_condition_nodes", s.path_condition_nodes}},
      s.seconds, s.truncated);
  if (context.heap_model != nullptr) {
    // forks: Σ over forks of (successors not proved infeasible − 1) = feasible leaves − 1.
    std::uint64_t live = s.feasible + s.unknown;
    out["forks"] = live == 0 ? 0 : live - 1;
    out["heap_choices"] = s.heap.heap_choices;
    out["summarize_steps"] = s.heap.summarize_steps;
    out["max_points_to"] = s.heap.max_points_to;
    out["locations"] = s.heap.locations;
    out["max_uninitialized"] = s.heap.max_uninitialized;
    out["guarded_states"] = s.heap.guarded_states;
    out["pruned_targets"] = s.heap.pruned_targets;
    out["prune_queries"] = s.heap.prune_queries;
    out["prune_unknown"] = s.heap.prune_unknown;
  }
  if (!context.timings) strip_timings(out);
  return out;
}

nlohmann::ordered_json exploration_to_json(const ReportContext& context, const ExplorationResult& result) {
  nlohmann::ordered_json out;
  out["version"] = json_format_version;
  out["program"] = context.program_path;
  out["engine"] = context.engine;
  out["solver"] = context.solver;
  if (context.heap_model != nullptr) out["heap"] = context.heap;
  nlohmann::ordered_json paths = nlohmann::ordered_json::array();
  for (const auto& path : result.paths) paths.push_back(path_to_json(context, path));
  out["paths"] = std::move(paths);
  out["stats"] = statistics_to_json(context, result.statistics);
  return out;
}

std::string exploration_to_text(const ReportContext& context, const ExplorationResult& result) {
  std::ostringstream out;
  out << "program: " << context.program_path << "  engine: " << context.engine << "  solver: " << context.solver << "\n";
  // The tree, one line per edge, indented by depth: letters, added conditions, and at leaves the
  // outcome and feasibility.
  std::vector<std::pair<std::int32_t, int>> stack{{0, 0}};
  out << "tree:\n";
  while (!stack.empty()) {
    auto [id, depth] = stack.back();
    stack.pop_back();
    const TreeNode& node = result.nodes[id];
    if (id != 0) {
      out << std::string(2 * depth, ' ') << (node.letters.empty() ? "·" : node.letters);
      std::string conditions;
      for (terms::Term condition : node.conditions) conditions += (conditions.empty() ? "" : " && ") + print(context, condition);
      if (!conditions.empty()) out << "  [" << conditions << "]";
      if (node.path >= 0) {
        const ExploredPath& path = result.paths[node.path];
        out << "  → path " << node.path + 1 << ": ";
        if (path.status == solver::SatResult::Unsat)
          out << "infeasible";
        else
          out << shown_outcome(path) << (path.status == solver::SatResult::Unknown ? " (unknown)" : "");
      }
      out << "\n";
    }
    for (auto it = node.children.rbegin(); it != node.children.rend(); ++it) stack.emplace_back(*it, id == 0 ? 1 : depth + 1);
  }
  out << "paths:\n";
  for (std::size_t k = 0; k < result.paths.size(); ++k) {
    const ExploredPath& path = result.paths[k];
    out << "path " << k + 1 << "  " << (path.branches.empty() ? "(no branches)" : path.branches) << "  ";
    if (path.status == solver::SatResult::Unsat) {
      out << "infeasible (pruned)";
      if (!shown_outcome(path).empty()) out << ", would be " << shown_outcome(path);
      out << "\n  pc: " << print(context, path.path_condition) << "\n";
      continue;
    }
    out << shown_outcome(path) << "  " << solver::to_string(path.status) << "\n";
    out << "  pc: " << print(context, path.path_condition) << "\n";
    const SymbolicConfiguration& c = path.final_configuration;
    if (path.outcome != Outcome::Normal && path.outcome != Outcome::Running)
      out << "  at: " << site_line(context.program, outcome_site(context.program, c.control)) << "\n";
    if (!c.bound_reason.empty()) out << "  bound: " << c.bound_reason << "\n";
    if (context.engine == "trace") {
      out << "  trace:\n";
      for (const TraceItem* item : c.trace.items()) out << "    " << print_trace_item(context.program, *item, 300) << "\n";
      if (!path.agreement.empty()) out << "  forward pc: " << print(context, path.forward_path_condition) << "\n  agreement: " << path.agreement << "\n";
      if (path.test) out << "  test: " << write_state(context.program, *path.test).dump() << "\n";
      std::string replay = replay_text(path);
      if (!replay.empty()) out << "  replay: " << replay << "\n";
      continue;
    }
    out << "  final:";
    for (std::size_t g = 0; g < context.program.globals.size(); ++g)
      out << (g ? ", " : " ") << context.program.globals[g].name << " = " << print(context, c.globals[g]);
    out << "\n";
    for (std::size_t f = 0; f < context.program.fields.size(); ++f) {
      if (c.fields[f] == context.terms.field_symbol(static_cast<std::int32_t>(f))) continue;
      const Field& field = context.program.fields[f];
      out << "    " << context.program.classes[field.class_index].name << "." << field.name << " = "
          << print(context, c.fields[f]) << "\n";
    }
    if (path.test) out << "  test: " << write_state(context.program, *path.test).dump() << "\n";
    std::string replay = replay_text(path);
    if (!replay.empty()) out << "  replay: " << replay << "\n";
  }
  const auto& s = result.statistics;
  out << "stats: " << s.paths << " paths, " << s.feasible << " feasible, " << s.infeasible << " infeasible, " << s.unknown
      << " unknown; " << s.steps << " steps, " << s.queries << " queries, " << s.shortcuts << " answered by shortcut layers";
  if (context.timings) out << ", " << s.solver_seconds << " s in the solver, " << s.seconds << " s in all";
  out << (s.truncated ? " (stopped at the path limit)" : "") << "\n";
  return out.str();
}

std::string dot_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

std::string dot_leaf_style(Outcome outcome) {
  return outcome == Outcome::Normal                                    ? "shape=box, color=darkgreen"
         : outcome == Outcome::Bound || outcome == Outcome::Blocked ? "shape=box, color=orange"
                                                                     : "shape=box, color=red";
}

std::string describe_replay_disagreement(const Program& program, const ExploredPath& path, std::uint64_t number) {
  if (!path.replay || path.replay->agrees) return "";
  return "\n  path " + std::to_string(number + 1) + " (" + path.branches + "): " + path.replay->details +
         "\n    test: " + write_state(program, *path.test).dump();
}

std::string describe_agreement_refuted(const Program& program, const ExploredPath& path, std::uint64_t number) {
  if (path.agreement != "refuted") return "";
  std::string line = "\n  path " + std::to_string(number + 1) + " (" + path.branches + "): forward φ and path(ρ) differ";
  if (path.separating_input) line += "; they differ on " + write_state(program, *path.separating_input).dump();
  return line;
}

std::string describe_disagreements(const Program& program, const ExplorationResult& result) {
  std::string disagreements;
  for (std::size_t k = 0; k < result.paths.size(); ++k) disagreements += describe_replay_disagreement(program, result.paths[k], k);
  for (std::size_t k = 0; k < result.paths.size(); ++k) disagreements += describe_agreement_refuted(program, result.paths[k], k);
  return disagreements;
}

std::string leaf_kind(const ExploredPath& path) {
  if (path.status == solver::SatResult::Unsat) return "infeasible";
  if (path.status == solver::SatResult::Unknown) return "unknown";
  return shown_outcome(path);
}

nlohmann::ordered_json exploration_tree_to_json(const ReportContext& context, const ExplorationResult& result) {
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  for (const TreeNode& node : result.nodes) {
    nlohmann::ordered_json conditions = nlohmann::ordered_json::array();
    for (terms::Term condition : node.conditions) conditions.push_back(print(context, condition));
    nlohmann::ordered_json entry;
    entry["parent"] = node.parent;
    entry["letters"] = node.letters;
    nlohmann::ordered_json letter_lines = nlohmann::ordered_json::array();
    for (const SourceLocation& location : node.letter_locations) letter_lines.push_back(location.line);
    entry["letter_lines"] = std::move(letter_lines);
    entry["conditions"] = std::move(conditions);
    entry["path"] = node.path;
    entry["line"] = node.location.line;
    entry["column"] = node.location.column;
    nodes.push_back(std::move(entry));
  }
  return nodes;
}

std::string exploration_to_dot(const ReportContext& context, const ExplorationResult& result) {
  std::ostringstream out;
  out << "digraph symbolic_execution_tree {\n  node [fontname=\"monospace\", fontsize=10];\n"
      << "  edge [fontname=\"monospace\", fontsize=9];\n";
  for (std::size_t id = 0; id < result.nodes.size(); ++id) {
    const TreeNode& node = result.nodes[id];
    std::string label, style;
    if (id == 0) {
      label = "main";
      style = "shape=circle";
    } else if (node.path < 0) {
      label = "";
      style = "shape=point";
    } else {
      const ExploredPath& path = result.paths[node.path];
      label = "path " + std::to_string(node.path + 1) + "\n" + path.branches + "\n";
      if (path.status == solver::SatResult::Unsat) {
        label += "infeasible";
        style = "shape=box, style=dashed, color=gray";
      } else {
        label += shown_outcome(path);
        if (path.status == solver::SatResult::Unknown) label += " (unknown)";
        style = dot_leaf_style(path.outcome);
      }
    }
    out << "  n" << id << " [label=\"" << dot_escape(label) << "\", " << style << "];\n";
    if (node.parent >= 0) {
      std::string edge = node.letters;
      for (terms::Term condition : node.conditions)
        edge += "\n" + terms::print_term(condition, &context.program, {120});
      out << "  n" << node.parent << " -> n" << id << " [label=\"" << dot_escape(edge) << "\"];\n";
    }
  }
  out << "}\n";
  return out.str();
}

}  // namespace symref
