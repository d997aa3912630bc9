// Text and JSON reports of an apc analysis: backbones, loop summaries (θ_κ, φ_κ), apc, the two
// queries of §6, the verdict and the witness with its concrete replay.
#include "engines/apc/apc_report.hpp"

#include <sstream>

#include "interp/solver/backends/smtlib.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/terms/printer.hpp"
#include "interp/version.hpp"

namespace symref::apc {

namespace {

using nlohmann::ordered_json;

ordered_json position(SourceLocation location) { return ordered_json{{"line", location.line}, {"column", location.column}}; }

std::string place(SourceLocation location) { return std::to_string(location.line) + ":" + std::to_string(location.column); }

// θ_κ where it differs from θ_I, by variable name.
std::vector<std::pair<std::string, std::string>> changed_values(PathAbstraction& abstraction, const SymbolicState& theta,
                                                               const Program& program) {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t k = 0; k < theta.variables().size(); ++k)
    if (theta.value(k) != theta.variables()[k])
      out.emplace_back(terms::print_term(theta.variables()[k], &program), abstraction.show(theta.value(k)));
  return out;
}

std::vector<std::string> counter_names(const LoopSummary& loop, const Program& program) {
  std::vector<std::string> names;
  for (terms::Term counter : loop.counters) names.push_back(terms::print_term(counter, &program));
  return names;
}

ordered_json answer_json(const QueryAnswer& answer, bool unfolded) {
  if (!answer.asked) return nullptr;
  ordered_json out{{"status", std::string(solver::to_string(answer.status))}};
  if (unfolded) out["unfold_seconds"] = answer.unfold_seconds;
  out["seconds"] = answer.seconds;
  if (!answer.reason.empty()) out["reason"] = answer.reason;
  return out;
}

const char* loop_processing_name(LoopProcessing processing) {
  return processing == LoopProcessing::Heavy ? "heavy" : "light";
}

}  // namespace

ordered_json analysis_to_json(ApcAnalysis& analysis, const std::string& file) {
  const Program& program = analysis.program();
  PathAbstraction& abstraction = analysis.abstraction();
  terms::TermManager& terms = analysis.terms();
  const ProgramFlowgraph& flowgraph = analysis.flowgraph();
  ordered_json out;
  out["version"] = json_format_version;
  out["program"] = file;
  out["target"] = {{"line", flowgraph.target_location.line}, {"column", flowgraph.target_location.column},
                   {"statement", flowgraph.target_statement}};
  out["loop_processing"] = loop_processing_name(analysis.options().loop_processing);
  out["unfold"] = analysis.options().unfold;
  out["limits"] = {{"timeout_ms", analysis.options().solving.timeout_milliseconds}, {"rlimit", analysis.options().solving.resource_limit}};
  ordered_json backbones = ordered_json::array();
  for (const BackboneCondition& backbone : abstraction.backbone_conditions()) {
    ordered_json entries = ordered_json::array();
    for (SourceLocation entry : backbone.entries) entries.push_back(position(entry));
    backbones.push_back({{"nodes", backbone.nodes}, {"entries", entries}, {"apc", terms::print_term(backbone.apc, &program)},
                         {"apc_smt2", solver::smtlib_term(terms, backbone.apc)}});
  }
  out["backbones"] = backbones;
  ordered_json loops = ordered_json::array();
  for (const LoopSummary& loop : abstraction.loops()) {
    ordered_json theta = ordered_json::object();
    for (const auto& [name, value] : changed_values(abstraction, loop.theta, program)) theta[name] = value;
    ordered_json dependencies = ordered_json::object();
    for (const auto& [name, value] : loop.dependencies) dependencies[name] = abstraction.show(value);
    loops.push_back({{"entry", position(loop.location)}, {"counters", counter_names(loop, program)}, {"backbones", loop.backbones},
                     {"theta", theta}, {"phi", terms::print_term(loop.phi, &program)}, {"dependencies", dependencies}});
  }
  out["loops"] = loops;
  out["apc"] = terms::print_term(analysis.apc(), &program);
  out["apc_smt2"] = solver::smtlib_term(terms, analysis.apc());
  out["direct"] = answer_json(analysis.direct(), false);
  out["unfolded"] = answer_json(analysis.unfolded(), true);
  out["verdict"] = std::string(to_string(analysis.verdict()));
  const auto& witness = analysis.witness();
  out["witness"] = witness ? write_state(program, witness->input) : ordered_json(nullptr);
  out["witness_replay"] = witness ? ordered_json{{"outcome", std::string(outcome_name(witness->outcome))},
                                                 {"branches", witness->branches}, {"found_by", witness->found_by}}
                                  : ordered_json(nullptr);
  out["stats"] = {{"build_seconds", analysis.build_seconds()}, {"total_seconds", analysis.total_seconds()},
                  {"queries", analysis.queries()}};
  const ApcAnalysis::SearchStatistics& search = analysis.search_statistics();
  out["search"] = search.ran ? ordered_json{{"guided", analysis.options().guided}, {"seconds", search.seconds},
                                            {"leaves", search.leaves}, {"bound", search.bound}}
                             : ordered_json(nullptr);
  return out;
}

std::string analysis_to_text(ApcAnalysis& analysis, const std::string& file, bool timings) {
  const Program& program = analysis.program();
  PathAbstraction& abstraction = analysis.abstraction();
  const ProgramFlowgraph& flowgraph = analysis.flowgraph();
  std::ostringstream out;
  out << "program: " << file << "\n";
  out << "target: " << place(flowgraph.target_location) << "  " << flowgraph.target_statement << "\n";
  out << "loop processing: " << loop_processing_name(analysis.options().loop_processing) << ", unfold K = " << analysis.options().unfold << "\n";
  std::size_t index = 0;
  for (const BackboneCondition& backbone : abstraction.backbone_conditions()) {
    out << "backbone " << ++index << ": " << backbone.nodes.size() << " nodes, entries";
    if (backbone.entries.empty()) out << " none";
    for (SourceLocation entry : backbone.entries) out << " " << place(entry);
    out << "\n  apc: " << terms::print_term(backbone.apc, &program) << "\n";
  }
  for (const LoopSummary& loop : abstraction.loops()) {
    out << "loop at " << place(loop.location) << ": " << loop.backbones << " backbones, counters";
    for (const std::string& name : counter_names(loop, program)) out << " " << name;
    out << "\n";
    for (const auto& [name, value] : changed_values(abstraction, loop.theta, program)) out << "  theta(" << name << ") = " << value << "\n";
    for (const auto& [name, value] : loop.dependencies) out << "  " << name << " = " << abstraction.show(value) << "\n";
    out << "  phi: " << terms::print_term(loop.phi, &program) << "\n";
  }
  out << "apc: " << terms::print_term(analysis.apc(), &program) << "\n";
  auto answer = [&](const char* name, const QueryAnswer& a) {
    if (!a.asked) return;
    out << name << ": " << solver::to_string(a.status);
    if (!a.reason.empty()) out << " (" << a.reason << ")";
    if (timings) out << " in " << a.seconds << " s";
    out << "\n";
  };
  answer("direct", analysis.direct());
  answer("unfolded", analysis.unfolded());
  out << "verdict: " << to_string(analysis.verdict()) << "\n";
  if (const auto& witness = analysis.witness()) {
    out << "witness (" << witness->found_by << "): " << write_state(program, witness->input).dump() << "\n";
    out << "replay: " << outcome_name(witness->outcome) << " along " << witness->branches << "\n";
  }
  return out.str();
}

}  // namespace symref::apc
