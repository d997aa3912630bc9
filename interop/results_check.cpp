// Checking another engine's results ("symref-results/1") against symref's tree at K.
#include "interop/results_check.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <z3++.h>

#include "interop/manifest.hpp"
#include "interp/solver/backends/smtlib.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::interop {

namespace {

[[noreturn]] void bad_results(const std::string& path, const std::string& message) {
  throw InputError(path + ": error: " + message + "\n");
}

nlohmann::ordered_json read_results(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) bad_results(path, "cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::ordered_json results;
  try {
    results = nlohmann::ordered_json::parse(text.str());
  } catch (const nlohmann::json::parse_error& error) {
    bad_results(path, "not json (byte " + std::to_string(error.byte) + ")");
  }
  if (!results.is_object()) bad_results(path, "the results must be a json object");
  if (results.value("schema", "") != "symref-results/1")
    bad_results(path, "\"schema\" must be \"symref-results/1\"");
  for (const auto& [key, value] : results.items())
    if (key != "schema" && key != "engine" && key != "loop_bound" && key != "tests" && key != "verdicts" && key != "paths")
      bad_results(path, "unknown key '" + key + "' (expected schema, engine, loop_bound, tests, verdicts, paths)");
  auto check_outcome = [&](const nlohmann::ordered_json& value, const std::string& where) {
    if (!value.is_string() || !outcome_by_name(value.get<std::string>()))
      bad_results(path, where + " must be an outcome: normal, nil-dereference, out-of-bounds, assertion-failure, blocked or bound");
  };
  if (results.contains("tests")) {
    if (!results["tests"].is_array()) bad_results(path, "\"tests\" must be an array");
    for (std::size_t k = 0; k < results["tests"].size(); ++k) {
      const auto& test = results["tests"][k];
      std::string where = "tests[" + std::to_string(k) + "]";
      if (!test.is_object() || !test.contains("input") || !test.contains("outcome"))
        bad_results(path, where + " must be an object with \"input\" and \"outcome\"");
      check_outcome(test["outcome"], where + ".outcome");
      if (test.contains("branches") && !test["branches"].is_string()) bad_results(path, where + ".branches must be a string");
    }
  }
  if (results.contains("verdicts")) {
    if (!results["verdicts"].is_object()) bad_results(path, "\"verdicts\" must be an object");
    for (const auto& [outcome, verdict] : results["verdicts"].items()) {
      check_outcome(outcome, "verdicts key '" + outcome + "'");
      std::string v = verdict.is_string() ? verdict.get<std::string>() : "";
      if (v != "reachable" && v != "unreachable" && v != "unknown")
        bad_results(path, "verdicts." + outcome + " must be \"reachable\", \"unreachable\" or \"unknown\"");
    }
  }
  if (results.contains("paths")) {
    if (!results["paths"].is_array()) bad_results(path, "\"paths\" must be an array");
    for (std::size_t k = 0; k < results["paths"].size(); ++k) {
      const auto& claimed = results["paths"][k];
      std::string where = "paths[" + std::to_string(k) + "]";
      if (!claimed.is_object() || !claimed.contains("branches") || !claimed["branches"].is_string() ||
          !claimed.contains("pc_smt2") || !claimed["pc_smt2"].is_string())
        bad_results(path, where + " must be an object with the strings \"branches\" and \"pc_smt2\"");
    }
  }
  return results;
}

bool feasible(const ExploredPath& path) { return path.status == solver::SatResult::Sat; }

// The feasible leaf at K a concrete run follows: the leaf with its branch string, or the leaf cut
// by the bound whose branch string begins the run's.
const ExploredPath* leaf_followed(const ExplorationResult& result, const std::string& branches) {
  for (const ExploredPath& path : result.paths) {
    if (!feasible(path)) continue;
    if (path.outcome == Outcome::Bound ? branches.starts_with(path.branches) : branches == path.branches) return &path;
  }
  return nullptr;
}

std::string leaf_label(const ExplorationResult& result, const ExploredPath& path) {
  std::size_t index = static_cast<std::size_t>(&path - result.paths.data());
  return std::to_string(index + 1) + " (" + (path.branches.empty() ? "ε" : path.branches) + ")";
}

// ---- Path conditions --------------------------------------------------------------------------

// An input state read off a Z3 model in symref's symbol names (docs/smt-encoding.md): globals by
// name (a reserved word gets "!1"), |len(a)| for lengths, input objects as identities <= 0 (0 is
// nil) with their fields from the arrays |C.f|.
nlohmann::ordered_json model_to_state(const Program& program, z3::context& context, const z3::model& model) {
  std::map<std::string, z3::func_decl> constants;
  for (unsigned k = 0; k < model.num_consts(); ++k) constants.emplace(model.get_const_decl(k).name().str(), model.get_const_decl(k));
  auto find = [&](const std::string& name) -> std::optional<z3::func_decl> {
    for (const std::string& candidate : {name, name + "!1"})
      if (auto it = constants.find(candidate); it != constants.end()) return it->second;
    return std::nullopt;
  };
  auto numeral = [&](const z3::expr& e) -> std::string {
    z3::expr value = model.eval(e, true);
    std::string text;
    if (value.is_numeral()) text = value.get_decimal_string(0);
    return text.empty() ? "0" : text;
  };
  auto integer_json = [](const std::string& digits) -> nlohmann::ordered_json {
    auto value = Integer::from_decimal(digits);
    return value ? integer_to_json(*value) : nlohmann::ordered_json(0);
  };
  std::map<long long, std::int32_t> objects;  // identity -> class
  std::vector<long long> pending;
  auto reference = [&](const std::string& digits, std::int32_t class_index) -> nlohmann::ordered_json {
    long long id = 0;
    try {
      id = std::stoll(digits);
    } catch (const std::exception&) {
      return nullptr;
    }
    if (id >= 0) return nullptr;  // nil, or a new object, which no input holds
    if (objects.emplace(id, class_index).second) pending.push_back(id);
    return "o" + std::to_string(-id);
  };
  nlohmann::ordered_json globals = nlohmann::ordered_json::object();
  for (const auto& global : program.globals) {
    auto decl = find(global.name);
    switch (global.type.kind) {
      case TypeKind::Int: globals[global.name] = decl ? integer_json(numeral(decl->operator()())) : nlohmann::ordered_json(0); break;
      case TypeKind::Bool: globals[global.name] = decl ? model.eval(decl->operator()(), true).is_true() : false; break;
      case TypeKind::IntArray: {
        nlohmann::ordered_json elements = nlohmann::ordered_json::array();
        auto length_decl = find("len(" + global.name + ")");
        long long length = 0;
        if (length_decl) try {
            length = std::clamp(std::stoll(numeral(length_decl->operator()())), 0LL, 64LL);
          } catch (const std::exception&) {
          }
        for (long long k = 0; k < length; ++k)
          elements.push_back(decl ? integer_json(numeral(z3::select(decl->operator()(), context.int_val(static_cast<int64_t>(k)))))
                                : nlohmann::ordered_json(0));
        globals[global.name] = std::move(elements);
        break;
      }
      case TypeKind::Reference:
        globals[global.name] = decl ? reference(numeral(decl->operator()()), global.type.class_index) : nullptr;
        break;
      default: break;
    }
  }
  nlohmann::ordered_json heap = nlohmann::ordered_json::object();
  for (std::size_t next = 0; next < pending.size() && next < 64; ++next) {
    long long id = pending[next];
    std::int32_t class_index = objects[id];
    const Class& cls = program.classes[class_index];
    nlohmann::ordered_json object;
    object["class"] = cls.name;
    for (std::int32_t f : cls.fields) {
      const Field& field = program.fields[f];
      auto decl = find(cls.name + "." + field.name);
      z3::expr at = context.int_val(static_cast<int64_t>(id));
      if (!decl) {
        object[field.name] = field.type.kind == TypeKind::Int ? nlohmann::ordered_json(0)
                             : field.type.kind == TypeKind::Bool ? nlohmann::ordered_json(false)
                                                                 : nlohmann::ordered_json(nullptr);
        continue;
      }
      z3::expr read = z3::select(decl->operator()(), at);
      if (field.type.kind == TypeKind::Int) object[field.name] = integer_json(numeral(read));
      else if (field.type.kind == TypeKind::Bool) object[field.name] = model.eval(read, true).is_true();
      else object[field.name] = reference(numeral(read), field.type.class_index);
    }
    heap["o" + std::to_string(-id)] = std::move(object);
  }
  return {{"globals", std::move(globals)}, {"heap", std::move(heap)}};
}

z3::expr conjunction(z3::context& context, const z3::expr_vector& assertions, unsigned from, unsigned to) {
  z3::expr all = context.bool_val(true);
  for (unsigned k = from; k < to; ++k) all = all && assertions[k];
  return all;
}

void compare_path_condition(DifftestReport& report, const Program& program, const ReferenceExploration& exploration,
                            const ExploredPath& reference, const std::string& claimed_smt2, const std::string& label,
                            const AdapterSettings& settings) {
  ComparedItem item{"pc", label};
  item.symref = reference.status == solver::SatResult::Sat ? "feasible path" : "infeasible path";
  std::string reference_smt2 =
      solver::smtlib_script(exploration.terms(), std::span<const terms::Term>(&reference.path_condition, 1));
  try {
    z3::context context;
    z3::expr_vector ours = context.parse_string(reference_smt2.c_str());
    z3::expr_vector theirs = context.parse_string(claimed_smt2.c_str());
    if (ours.empty()) throw std::runtime_error("symref's script has no assertion");
    z3::expr side = conjunction(context, ours, 0, ours.size() - 1);
    z3::expr our_pc = ours[ours.size() - 1];
    z3::expr their_pc = conjunction(context, theirs, 0, theirs.size());
    z3::solver solver(context);
    z3::params parameters(context);
    parameters.set("timeout", static_cast<unsigned>(settings.timeout_seconds * 1000));
    solver.set(parameters);
    solver.add(side);
    solver.add(our_pc != their_pc);
    z3::check_result answer = solver.check();
    if (answer == z3::unsat) {
      item.tool = "equivalent";
    } else if (answer == z3::unknown) {
      item.agreement = Agreement::Inconclusive;
      item.tool = "not decided";
      item.detail = "z3: " + solver.reason_unknown();
    } else {
      z3::model model = solver.get_model();
      bool ours_holds = model.eval(our_pc, true).is_true();
      item.agreement = Agreement::Disagree;
      item.tool = "not equivalent";
      item.input = model_to_state(program, context, model);
      item.detail = std::string("on the input shown symref's pc is ") + (ours_holds ? "true" : "false") + ", the claimed pc " +
                    (ours_holds ? "false" : "true");
      try {
        nlohmann::ordered_json run = reference_run(program, item.input, settings.max_steps, settings.max_depth);
        std::string branches = run["branches"].get<std::string>();
        bool follows = branches.starts_with(reference.branches);
        item.detail += "; symref run on it takes branches " + branches;
        item.right = follows == ours_holds ? "symref: the concrete run " + std::string(follows ? "follows" : "does not follow") +
                                                 " the path, as symref's pc says"
                                           : "unclear: the concrete run disagrees with symref's pc too (a bug in symref)";
      } catch (const InputError&) {
        item.right = "symref (the separating input could not be replayed: it lies outside the states a program can start in)";
      }
    }
  } catch (const z3::exception& error) {
    item.agreement = Agreement::Disagree;
    item.tool = "unreadable";
    item.detail = std::string("z3 cannot read the claimed pc_smt2: ") + error.msg();
    item.right = "symref: the claimed pc must be SMT-LIB2 in symref's symbol names (docs/smt-encoding.md)";
  } catch (const std::exception& error) {
    item.agreement = Agreement::Inconclusive;
    item.detail = error.what();
  }
  report.add(std::move(item));
}

}  // namespace

DifftestReport check_results(const Program& program, const std::string& program_path, const std::string& results_path,
                             std::uint32_t loop_bound, const AdapterSettings& settings) {
  auto start = std::chrono::steady_clock::now();
  nlohmann::ordered_json results = read_results(results_path);
  DifftestReport report;
  report.program = program_path;
  report.against = "results";
  report.loop_bound = loop_bound;
  if (results.contains("engine") && results["engine"].is_string()) report.notes.push_back("results of " + results["engine"].get<std::string>());
  if (results.contains("loop_bound") && results["loop_bound"] != loop_bound)
    report.notes.push_back("the results say loop bound " + results["loop_bound"].dump() + "; compared at " +
                           std::to_string(loop_bound) + " (--loop-bound)");

  ReferenceExploration exploration(program, loop_bound);
  const ExplorationResult& tree = exploration.result();
  std::set<const ExploredPath*> covered;
  std::map<std::string, bool> reached_by_test;  // outcome -> some test replays to it

  // Tests: each replays to its claimed outcome, along its claimed branches.
  const nlohmann::ordered_json tests = results.value("tests", nlohmann::ordered_json::array());
  for (std::size_t k = 0; k < tests.size(); ++k) {
    const auto& test = tests[k];
    ComparedItem item{"test", "tests[" + std::to_string(k) + "]"};
    item.input = test["input"];
    const std::string claimed = test["outcome"].get<std::string>();
    GlobalState input = state_from_json(program, test["input"], results_path + " tests[" + std::to_string(k) + "].input");
    nlohmann::ordered_json run = reference_run(program, input, settings.max_steps, settings.max_depth);
    const std::string outcome = run["outcome"].get<std::string>(), branches = run["branches"].get<std::string>();
    const ExploredPath* leaf = leaf_followed(tree, branches);
    if (leaf != nullptr) covered.insert(leaf);
    reached_by_test[outcome] = true;
    const std::string at_k = leaf != nullptr ? std::string(outcome_name(leaf->outcome)) : "";
    item.symref = outcome + (at_k.empty() || at_k == outcome ? "" : " (" + at_k + " at K)");
    item.tool = claimed;
    if (claimed != outcome && claimed != at_k) {
      item.agreement = Agreement::Disagree;
      item.detail = "the test runs to " + outcome + " along branches " + branches;
      item.right = "symref: its concrete run is the reference semantics (docs/language.md)";
    } else if (test.contains("branches")) {
      const std::string claimed_branches = test["branches"].get<std::string>();
      const bool cut = claimed == at_k && leaf != nullptr && leaf->outcome == Outcome::Bound;
      if (claimed_branches != branches && !(cut && claimed_branches == leaf->branches)) {
        item.agreement = Agreement::Disagree;
        item.detail = "claimed branches " + claimed_branches + ", symref run takes " + branches;
        item.right = "symref: docs/language.md#branch-letters defines the letters; its run records them";
      }
    }
    report.add(std::move(item));
  }

  // Verdicts.
  const nlohmann::ordered_json verdicts = results.value("verdicts", nlohmann::ordered_json::object());
  for (const auto& [outcome_text, verdict] : verdicts.items()) {
    Outcome outcome = *outcome_by_name(outcome_text);
    ComparedItem item{"verdict", outcome_text};
    OutcomeVerdict ours = exploration.outcome_verdicts().at(outcome);
    item.symref = std::string(outcome_verdict_name(ours));
    item.tool = verdict.get<std::string>();
    if (ours == OutcomeVerdict::Unknown || item.tool == "unknown") {
      item.agreement = item.symref == item.tool ? Agreement::Agree : Agreement::Inconclusive;
    } else if (item.symref != item.tool) {
      if (ours == OutcomeVerdict::Reachable) {
        item.agreement = Agreement::Disagree;
        item.right = "symref: a feasible leaf's test reaches " + outcome_text + " when replayed concretely";
        for (const ExploredPath& path : tree.paths)
          if (feasible(path) && path.outcome == outcome && path.test) {
            item.input = write_state(program, *path.test);
            break;
          }
      } else if (reached_by_test[outcome_text]) {
        item.agreement = Agreement::Inconclusive;
        item.detail = "a test of the results reaches it on a run longer than loop bound K allows";
      } else {
        item.agreement = Agreement::Disagree;
        item.right = "symref: no feasible path at K ends in " + outcome_text + " (every leaf's pc decided by the solver)";
      }
    }
    report.add(std::move(item));
  }

  // Coverage: every feasible leaf but the blocked ones (outside the program's domain).
  for (const ExploredPath& path : tree.paths) {
    if (!feasible(path) || path.outcome == Outcome::Blocked) continue;
    ComparedItem item{"leaf", leaf_label(tree, path)};
    item.symref = std::string(outcome_name(path.outcome));
    if (covered.count(&path)) {
      item.tool = "covered by a test";
    } else if (verdicts.value(std::string(outcome_name(path.outcome)), "") == "unreachable") {
      item.agreement = Agreement::Disagree;
      item.tool = "claimed unreachable";
      item.right = "symref: its test for the leaf reaches it";
      if (path.test) item.input = write_state(program, *path.test);
    } else {
      item.agreement = Agreement::Incomplete;
      item.tool = "missed";
      item.detail = "no test follows this leaf; symref's test for it is shown";
      if (path.test) item.input = write_state(program, *path.test);
    }
    report.add(std::move(item));
  }

  // Path conditions.
  const nlohmann::ordered_json paths = results.value("paths", nlohmann::ordered_json::array());
  for (std::size_t k = 0; k < paths.size(); ++k) {
    const std::string branches = paths[k]["branches"].get<std::string>();
    std::string label = "paths[" + std::to_string(k) + "] (" + (branches.empty() ? "ε" : branches) + ")";
    const ExploredPath* reference = nullptr;
    for (const ExploredPath& path : tree.paths)
      if (path.branches == branches && path.path_condition != nullptr) reference = &path;
    if (reference == nullptr) {
      report.add({"pc", label, Agreement::Disagree, "no such path at K", "a path condition", "",
                  "symref: its tree at loop bound K has no leaf with this branch string"});
      continue;
    }
    compare_path_condition(report, program, exploration, *reference, paths[k]["pc_smt2"].get<std::string>(), label, settings);
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace symref::interop
