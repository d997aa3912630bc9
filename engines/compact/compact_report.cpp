// JSON and text for compact symbolic execution trees and loop templates.
#include "engines/compact/compact_report.hpp"

#include <sstream>

#include "interp/solver/backends/smtlib.hpp"
#include "interp/state_json/site_format.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/terms/printer.hpp"
#include "interp/version.hpp"

namespace symref::compact {

namespace {

constexpr std::size_t printed_term_budget = 2000;

std::string print(const ReportContext& context, Term term) {
  return terms::print_term(term, &context.program, {printed_term_budget});
}

nlohmann::ordered_json position(const SourceLocation& location) {
  return {{"line", location.line}, {"column", location.column}};
}

std::string procedure_name(const ReportContext& context, const LoopSite& site) {
  return site.procedure == nullptr ? "main" : site.procedure->display_name(context.program);
}

// θ_x of an exit: every variable in scope whose value is not its Θ symbol.
nlohmann::ordered_json exit_theta(const ReportContext& context, const LoopSite& site, const SymbolicConfiguration& state) {
  nlohmann::ordered_json theta = nlohmann::ordered_json::object();
  const InitialMemory& theta0 = site.theta0;
  for (std::size_t g = 0; g < theta0.globals().size(); ++g)
    if (state.globals[g] != theta0.globals()[g]) theta[context.program.globals[g].name] = print(context, state.globals[g]);
  for (std::size_t k = 0; k < theta0.locals().size(); ++k) {
    Term value = state.locals[site.anchor.locals_base + k];
    if (value != theta0.locals()[k]) theta[site.procedure->locals[k].name] = print(context, value);
  }
  for (std::size_t f = 0; f < theta0.fields().size(); ++f)
    if (state.fields[f] != theta0.fields()[f]) theta[context.program.fields[f].name] = print(context, state.fields[f]);
  return theta;
}

// Where an exit continues: its next statement, or the outcome it ends in.
void exit_target(nlohmann::ordered_json& entry, const TemplateExit& exit) {
  if (exit.state.outcome != Outcome::Running) {
    entry["outcome"] = std::string(outcome_name(exit.state.outcome));
    return;
  }
  SymbolicConfiguration copy = exit.state;
  const Statement* next = copy.control.current();
  if (next != nullptr) entry["to"] = position(next->location);
  else entry["to"] = "end of " + std::string(copy.control.depth() == 1 ? "main" : "procedure");
}

// A loop template's entry is its `while`, a recursion template's the procedure's declaration.
const SourceLocation& template_entry(const LoopSite& site) {
  return site.loop != nullptr ? site.loop->location : site.procedure->location;
}

std::string parameter_name(const ReportContext& context, Term parameter) { return terms::symbol_display_name(parameter, &context.program); }

std::string replay_text(const CompactPath& path) {
  if (path.replay) return path.replay->agrees ? "agrees" : "disagrees: " + path.replay->details;
  if (!path.test_note.empty()) return "no test: " + path.test_note;
  if (!path.replay_note.empty()) return "not replayed: " + path.replay_note;
  return "";
}

}  // namespace

nlohmann::ordered_json templates_to_json(const ReportContext& context, const std::vector<LoopTemplate>& templates) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const LoopTemplate& t : templates) {
    nlohmann::ordered_json entry;
    entry["id"] = t.id;
    entry["kind"] = std::string(to_string(t.kind));
    entry["procedure"] = procedure_name(context, *t.site);
    entry["entry"] = position(template_entry(*t.site));
    if (t.site->call != nullptr) entry["call"] = position(t.site->call->location);
    entry["status"] = std::string(to_string(t.status));
    if (!t.reason.empty()) entry["reason"] = t.reason;
    entry["variables"] = t.variables;
    entry["cycle"] = t.cycle;
    if (t.parameter != nullptr) entry["parameter"] = parameter_name(context, t.parameter);
    nlohmann::ordered_json exits = nlohmann::ordered_json::array();
    for (const TemplateExit& exit : t.exits) {
      nlohmann::ordered_json e;
      e["letters"] = exit.letters;
      exit_target(e, exit);
      e["theta"] = exit_theta(context, *t.site, exit.state);
      e["phi"] = print(context, exit.condition);
      Term condition = exit.condition;
      e["phi_smt2"] = solver::smtlib_script(context.terms, std::span<const Term>(&condition, 1));
      exits.push_back(std::move(e));
    }
    entry["exits"] = std::move(exits);
    if (t.kind == TemplateKind::Recursion && t.status == TemplateStatus::Ok) {
      nlohmann::ordered_json return_theta = nlohmann::ordered_json::object();
      for (const auto& [g, value] : t.return_theta) return_theta[context.program.globals[g].name] = print(context, value);
      entry["return_theta"] = std::move(return_theta);
      if (!t.return_letters.empty()) entry["return_letters"] = t.return_letters;
    }
    if (!t.notes.empty()) entry["notes"] = t.notes;
    out.push_back(std::move(entry));
  }
  return out;
}

std::string templates_to_text(const ReportContext& context, const std::vector<LoopTemplate>& templates) {
  std::ostringstream out;
  if (templates.empty()) out << "no loops\n";
  for (const LoopTemplate& t : templates) {
    out << t.id << ": " << to_string(t.kind) << " at line " << template_entry(*t.site).line;
    if (t.site->call != nullptr) out << " (call at line " << t.site->call->location.line << ")";
    out << " in " << procedure_name(context, *t.site) << ", " << to_string(t.status);
    if (!t.cycle.empty()) out << ", cycle " << t.cycle;
    if (!t.return_letters.empty()) out << ", return " << t.return_letters;
    if (!t.reason.empty()) out << ": " << t.reason;
    out << "\n";
    for (std::size_t k = 0; k < t.increments.size(); ++k)
      out << "    " << t.increments[k].first << " moves by " << t.increments[k].second.to_string() << " per pass\n";
    for (std::size_t n = 0; n < t.exits.size(); ++n) {
      const TemplateExit& exit = t.exits[n];
      nlohmann::ordered_json target;
      exit_target(target, exit);
      out << "  exit " << n + 1 << " (" << exit.letters << ") "
          << (target.contains("outcome") ? "ends in " + target["outcome"].get<std::string>()
                                         : target["to"].is_string() ? "to the " + target["to"].get<std::string>()
                                                                    : "to line " + std::to_string(target["to"]["line"].get<std::uint32_t>()))
          << "\n    phi: " << print(context, exit.condition) << "\n";
      const nlohmann::ordered_json theta = exit_theta(context, *t.site, exit.state);
      for (const auto& [name, value] : theta.items())
        out << "    " << name << " := " << value.get<std::string>() << "\n";
    }
    for (const auto& [g, value] : t.return_theta)
      out << "  return phase: " << context.program.globals[g].name << " := " << print(context, value) << "\n";
    for (const auto& note : t.notes) out << "  note: " << note << "\n";
  }
  return out.str();
}

nlohmann::ordered_json compact_to_json(const ReportContext& context, const CompactResult& result) {
  nlohmann::ordered_json out;
  out["version"] = json_format_version;
  out["program"] = context.program_path;
  out["engine"] = "compact";
  out["solver"] = context.solver;
  out["finite"] = result.finite;
  out["templates"] = templates_to_json(context, result.templates);
  nlohmann::ordered_json paths = nlohmann::ordered_json::array();
  for (const CompactPath& path : result.paths) {
    nlohmann::ordered_json entry =
        path_head_to_json(context, path.branches, path.outcome, path.status, path.status_reason, path.path_condition);
    nlohmann::ordered_json params = nlohmann::ordered_json::array();
    for (const Instance& instance : path.instances)
      if (!instance.return_phase) params.push_back(parameter_name(context, instance.parameter));
    entry["params"] = std::move(params);
    if (path.status != solver::SatResult::Unsat) {
      entry["final"] = symbolic_state_to_json(context, path.final_configuration);
      if (path.outcome != Outcome::Normal && path.outcome != Outcome::Running)
        entry["at"] = site_to_json(context.program, outcome_site(context.program, path.final_configuration.control));
    }
    if (path.test) entry["test"] = write_state(context.program, *path.test);
    if (!path.kappa.empty()) {
      nlohmann::ordered_json kappa = nlohmann::ordered_json::object();
      for (const Instance& instance : path.instances)
        kappa[parameter_name(context, instance.parameter)] = integer_to_json(path.kappa.at(instance.parameter));
      entry["kappa"] = std::move(kappa);
    }
    std::string replay = replay_text(path);
    if (!replay.empty()) entry["replay"] = replay;
    paths.push_back(std::move(entry));
  }
  out["paths"] = std::move(paths);
  // The tree T of Algorithm 1's *-variant: vertex k's parent, the edge's letters, its leaf path.
  nlohmann::ordered_json tree = nlohmann::ordered_json::array();
  for (const TreeVertex& vertex : result.tree) {
    nlohmann::ordered_json v;
    v["parent"] = vertex.parent == TreeVertex::none ? nlohmann::ordered_json() : nlohmann::ordered_json(vertex.parent);
    v["edge"] = vertex.edge;
    if (vertex.leaf != TreeVertex::none) v["path"] = vertex.leaf;
    tree.push_back(std::move(v));
  }
  out["tree"] = std::move(tree);
  const auto& s = result.statistics;
  out["stats"] = search_statistics_to_json(context, s.paths, s.feasible, s.infeasible, s.unknown,
                                           {{"vertices", s.vertices},
                                            {"instantiations", s.instantiations},
                                            {"queries", s.queries},
                                            {"quantified_queries", s.quantified_queries},
                                            {"bracket_answers", s.bracket_answers}},
                                           s.seconds, s.truncated);
  return out;
}

std::string compact_to_text(const ReportContext& context, const CompactResult& result) {
  std::ostringstream out;
  out << "templates:\n" << templates_to_text(context, result.templates) << "\n";
  std::size_t number = 0;
  for (const CompactPath& path : result.paths) {
    out << "path " << ++number << " " << (path.branches.empty() ? "(no branches)" : path.branches) << ": "
        << (path.status == solver::SatResult::Unsat ? "infeasible" : std::string(outcome_name(path.outcome)))
        << " [" << solver::to_string(path.status) << "]\n";
    if (path.status == solver::SatResult::Unsat) continue;
    out << "  pc: " << print(context, path.path_condition) << "\n";
    for (std::size_t g = 0; g < context.program.globals.size(); ++g)
      out << "  " << context.program.globals[g].name << " = " << print(context, path.final_configuration.globals[g]) << "\n";
    if (!path.kappa.empty()) {
      out << "  kappa:";
      for (const Instance& instance : path.instances)
        if (!instance.return_phase) out << " " << parameter_name(context, instance.parameter) << "=" << path.kappa.at(instance.parameter).to_string();
      out << "\n";
    }
    if (path.test) out << "  test: " << write_state(context.program, *path.test).dump() << "\n";
    std::string replay = replay_text(path);
    if (!replay.empty()) out << "  replay: " << replay << "\n";
  }
  const auto& s = result.statistics;
  out << "\n" << s.paths << " leaves (" << s.feasible << " feasible, " << s.infeasible << " infeasible, " << s.unknown
      << " unknown), " << s.vertices << " vertices, " << s.instantiations << " instantiations, " << s.queries << " queries ("
      << s.quantified_queries << " quantified, " << s.bracket_answers << " quantified answered by brackets), tree " << (result.finite ? "finite" : "cut by a bound") << "\n";
  return out.str();
}

ExplorationResult compact_tree(const CompactResult& result) {
  ExplorationResult tree;
  tree.nodes.emplace_back();  // the root
  for (std::size_t k = 0; k < result.paths.size(); ++k) {
    const CompactPath& path = result.paths[k];
    std::int32_t at = 0;
    for (std::size_t i = 0; i < path.branches.size();) {
      // One edge: a letter, or a whole {ID#N} instance.
      std::size_t length = path.branches[i] == '{' ? path.branches.find('}', i) + 1 - i : 1;
      std::string letters = path.branches.substr(i, length);
      i += length;
      std::int32_t next = -1;
      for (std::int32_t child : tree.nodes[at].children)
        if (tree.nodes[child].letters == letters && tree.nodes[child].path < 0) next = child;
      if (next < 0 || i == path.branches.size()) {  // a leaf always gets its own node
        next = static_cast<std::int32_t>(tree.nodes.size());
        TreeNode node;
        node.parent = at;
        node.letters = letters;
        tree.nodes.push_back(std::move(node));
        tree.nodes[at].children.push_back(next);
      }
      at = next;
    }
    if (at == 0) {  // no branches at all: the single leaf hangs below the root
      TreeNode node;
      node.parent = 0;
      tree.nodes.push_back(std::move(node));
      at = static_cast<std::int32_t>(tree.nodes.size() - 1);
      tree.nodes[0].children.push_back(at);
    }
    tree.nodes[at].path = static_cast<std::int32_t>(k);
    ExploredPath leaf{.node = at, .branches = path.branches, .outcome = path.outcome, .status = path.status,
                      .status_reason = path.status_reason, .path_condition = path.path_condition, .final_configuration = {},
                      .test = path.status == solver::SatResult::Sat ? path.test : std::nullopt, .test_note = {},
                      .replay = {}, .agreement = {}, .forward_path_condition = nullptr, .separating_input = {}};
    tree.paths.push_back(std::move(leaf));
  }
  return tree;
}

std::string compact_to_dot(const ReportContext& context, const CompactResult& result) {
  return exploration_to_dot(context, compact_tree(result));
}

std::string describe_replay_failures(const CompactResult& result) {
  std::string out;
  for (const CompactPath& path : result.paths)
    if (path.replay && !path.replay->agrees) out += "\n  path " + path.branches + ": " + path.replay->details;
  return out;
}

}  // namespace symref::compact
