// `symref wp FILE (--branches STRING [--outcome O] | --outcome O | --post Q) [--check FORMULA]`:
// one path's symbolic trace ρ and its path condition path(ρ) as a weakest precondition (§4,
// Definition 4.2); or the condition under which the program ends in an outcome; or the weakest
// precondition of main for a postcondition — readable and as SMT-LIB2.  With --check, whether a
// hand-computed condition is equivalent, and if not an input that separates the two
// (interp/grading/condition_check).  --format json gives the same as one JSON document (docs/json.md).
#include <iostream>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/grading/condition_check.hpp"
#include "interp/solver/backends/smtlib.hpp"
#include "interp/state_json/state_format.hpp"
#include "interp/version.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/traces/trace_printer.hpp"

namespace symref::cli {

namespace {

struct WpOptions {
  std::string file;
  std::string branches;
  bool branches_given = false;
  std::string outcome;
  std::string post;
  std::string check;
  std::string solver = "z3";
  std::optional<std::uint32_t> loop_bound;
  std::uint64_t max_steps = 0;  // 0: the default of the mode
  unsigned timeout_milliseconds = 5000;
  std::string format = "text";
};

std::vector<std::string> outcome_names() {
  std::vector<std::string> names;
  for (Outcome outcome : final_outcomes) names.emplace_back(outcome_name(outcome));
  return names;
}

void print_verdict(const Program& program, const ConditionVerdict& verdict, const std::string& name) {
  switch (verdict.kind) {
    case VerdictKind::Equivalent:
      std::cout << "check: equivalent — your condition is " << name << "\n";
      return;
    case VerdictKind::Unknown:
      std::cout << "check: unknown — " << verdict.reason << "\n";
      return;
    case VerdictKind::Different: break;
  }
  std::cout << "check: NOT equivalent\n";
  if (!verdict.separating_input) {
    std::cout << "  (no input could be built from the model: " << verdict.reason << ")\n";
    return;
  }
  std::cout << "  on the input " << write_state(program, *verdict.separating_input).dump() << "\n"
            << "  your condition is " << (verdict.claimed_value ? "true" : "false") << " but " << name << " is "
            << (verdict.expected_value ? "true" : "false") << "\n"
            << "  (there the program takes the path " << (verdict.run_branches.empty() ? "(no branches)" : verdict.run_branches)
            << " and ends in " << outcome_name(verdict.run_outcome) << ")\n";
}

// The exit code of a --check: 0 equivalent, 4 not (the answer is wrong), 5 undecided.
int verdict_exit_code(const ConditionVerdict& verdict) {
  switch (verdict.kind) {
    case VerdictKind::Equivalent: return exit_done;
    case VerdictKind::Different: return exit_answer_wrong;
    case VerdictKind::Unknown: break;
  }
  return exit_answer_undecided;
}

nlohmann::ordered_json verdict_to_json(const Program& program, const ConditionVerdict& verdict, const std::string& claimed) {
  nlohmann::ordered_json out;
  out["claimed"] = claimed;
  out["verdict"] = verdict.kind == VerdictKind::Equivalent ? "equivalent" : verdict.kind == VerdictKind::Different ? "different" : "unknown";
  if (!verdict.reason.empty()) out["reason"] = verdict.reason;
  if (verdict.kind == VerdictKind::Different && verdict.separating_input) {
    out["separating_input"] = write_state(program, *verdict.separating_input);
    out["claimed_value"] = verdict.claimed_value;
    out["expected_value"] = verdict.expected_value;
    out["run_branches"] = verdict.run_branches;
    out["run_outcome"] = std::string(outcome_name(verdict.run_outcome));
  }
  return out;
}

// The answer as one JSON document: the question, the condition readable and in SMT-LIB2, the trace
// of a single path, what the bound cut, and the verdict of --check.
int weakest_precondition_json(const WpOptions& options, const Program& program, terms::TermManager& terms,
                              const ConditionQuery& query, const ComputedCondition& computed, const Expression* claimed_expression) {
  nlohmann::ordered_json out;
  out["version"] = json_format_version;
  out["program"] = options.file;
  const bool one_path = query.kind == ConditionKind::PathCondition;
  out["question"] = one_path ? "path" : query.kind == ConditionKind::WeakestPrecondition ? "weakest-precondition" : "outcome";
  if (one_path) out["branches"] = options.branches;
  if (!options.outcome.empty()) out["outcome"] = options.outcome;
  if (!options.post.empty()) out["post"] = options.post;
  out["loop_bound"] = query.loop_bound;
  if (one_path) {
    const SymbolicConfiguration& leaf = *computed.leaf;
    out["path_outcome"] = std::string(outcome_name(leaf.outcome));
    if (!leaf.bound_reason.empty()) out["bound_reason"] = leaf.bound_reason;
    nlohmann::ordered_json trace = nlohmann::ordered_json::array();
    for (const TraceItem* item : leaf.trace.items()) trace.push_back(print_trace_item(program, *item));
    out["trace"] = std::move(trace);
  } else {
    out["paths"] = computed.paths;
  }
  terms::Term condition = computed.condition;
  out["condition"] = terms::print_term(condition, &program);
  out["condition_smt2"] = solver::smtlib_script(terms, std::span<const terms::Term>(&condition, 1));
  out["cut_paths"] = computed.cut_paths;
  if (computed.cut_paths > 0) out["cut"] = terms::print_term(computed.cut, &program, {2000});
  out["truncated"] = computed.truncated;
  int code = exit_done;
  if (claimed_expression != nullptr) {
    terms::Term claimed = condition_term(terms, *claimed_expression);
    const ConditionVerdict verdict = compare_condition(program, terms, claimed, computed, query);
    out["check"] = verdict_to_json(program, verdict, options.check);
    code = verdict_exit_code(verdict);
  }
  std::cout << out.dump(2) << "\n";
  return code;
}

int weakest_precondition(const WpOptions& options) {
  auto program = load_program(options.file);
  // A malformed --check or --post is reported before anything else is printed.
  ExpressionPointer claimed_expression, postcondition;
  if (!options.post.empty()) postcondition = load_condition(*program, "--post", options.post);
  if (!options.check.empty()) claimed_expression = load_condition(*program, "--check", options.check);
  terms::TermManager terms(program.get());

  ConditionQuery query;
  query.kind = options.branches_given    ? ConditionKind::PathCondition
               : postcondition != nullptr ? ConditionKind::WeakestPrecondition
                                          : ConditionKind::OutcomeCondition;
  query.branches = options.branches;
  if (!options.outcome.empty()) query.outcome = outcome_by_name(options.outcome);
  query.postcondition = postcondition.get();
  // One path is followed as far as it goes; a whole tree needs a bound, as for explore.
  const bool one_path = query.kind == ConditionKind::PathCondition;
  query.loop_bound = options.loop_bound.value_or(one_path ? 1'000'000 : 10);
  query.max_steps = options.max_steps != 0 ? options.max_steps : one_path ? 1'000'000 : 10'000;
  query.solver = options.solver;
  query.timeout_milliseconds = options.timeout_milliseconds;
  std::string error;
  auto computed = compute_condition(*program, terms, query, error);
  if (!computed) throw InputError(options.file + ": error: " + error + "\n");
  if (options.format == "json")
    return weakest_precondition_json(options, *program, terms, query, *computed, claimed_expression.get());

  // What the condition is called in the output.
  std::string name;
  if (one_path) {
    const SymbolicConfiguration& leaf = *computed->leaf;
    name = postcondition ? "wp(ρ, Q)" : "path(ρ)";
    std::cout << "path " << (options.branches.empty() ? "(no branches)" : options.branches) << "  "
              << outcome_name(leaf.outcome) << "\n";
    if (!leaf.bound_reason.empty()) std::cout << "bound: " << leaf.bound_reason << "\n";
    std::cout << "trace ρ (" << leaf.trace.length() << " items):\n";
    std::size_t k = 0;
    for (const TraceItem* item : leaf.trace.items()) std::cout << "  " << ++k << ". " << print_trace_item(*program, *item) << "\n";
    if (postcondition) std::cout << "Q: " << options.post << "\n";
  } else if (query.kind == ConditionKind::WeakestPrecondition) {
    name = "wp(main, Q)";
    std::cout << "the weakest precondition of main for Q: " << options.post << "  (loop bound " << query.loop_bound << "; "
              << computed->paths << (computed->paths == 1 ? " normal or blocked path)\n" : " normal or blocked paths)\n")
              << "  wp(ρ, Q) of every normal path and path(ρ) of every blocked one, disjoined (wp(assume b, Q) = b ⇒ Q)\n";
  } else {
    name = "the condition for " + options.outcome;
    std::cout << "the inputs that end in " << options.outcome << "  (loop bound " << query.loop_bound << "; "
              << computed->paths << (computed->paths == 1 ? " such path)\n" : " such paths)\n")
              << "  path(ρ) of every path with that outcome, disjoined\n";
  }
  const std::string label = one_path || query.kind == ConditionKind::WeakestPrecondition ? name : std::string("condition");
  std::cout << label << ":\n  " << terms::print_term(computed->condition, program.get()) << "\n";
  if (computed->cut_paths > 0)
    std::cout << "cut by the loop bound: " << computed->cut_paths << (computed->cut_paths == 1 ? " path" : " paths")
              << "; a check covers only the inputs outside\n  "
              << terms::print_term(computed->cut, program.get(), {2000}) << "\n";
  if (computed->truncated) std::cout << "the exploration stopped at its path limit (--max-paths): the condition is incomplete\n";
  terms::Term condition = computed->condition;
  std::cout << label << " in SMT-LIB2:\n"
            << solver::smtlib_script(terms, std::span<const terms::Term>(&condition, 1),
                                     one_path ? "path(" + options.branches + ")" : label);

  if (!claimed_expression) return exit_done;
  terms::Term claimed = condition_term(terms, *claimed_expression);
  const ConditionVerdict verdict = compare_condition(*program, terms, claimed, *computed, query);
  print_verdict(*program, verdict, name);
  return verdict_exit_code(verdict);
}

}  // namespace

void add_wp_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<WpOptions>();
  CLI::App* command = app.add_subcommand(
      "wp", "path conditions as weakest preconditions (§4): of one path, of an outcome, or of main for a postcondition; "
            "check a hand-computed one");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  CLI::Option* branches = command->add_option("--branches", options->branches, "one path's branch string (docs/language.md, Branch letters), e.g. TTF");
  command->add_option("--outcome", options->outcome,
                      "with --branches: the path's outcome, when an E letter ends in two; alone: every path with this outcome")
      ->check(CLI::IsMember(outcome_names()));
  command->add_option("--post", options->post,
                      "a postcondition Q over the globals and fields: the weakest precondition wp(S, Q) of main (with --branches: of that path)");
  command->add_option("--check", options->check,
                      "a condition on the input (an expression over the globals and fields of the initial state) to compare; "
                      "exit 0 when equivalent, 4 when not, 5 when the solver cannot decide");
  command->add_option("--solver", options->solver, "z3, cvc5 or both")->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  command->add_option("--loop-bound", options->loop_bound,
                      "as for explore: a path longer than the bound ends in outcome bound (default: none for one path, 10 otherwise)")
      ->check(CLI::Range(std::uint32_t{0}, std::uint32_t{1'000'000}));
  command->add_option("--max-steps", options->max_steps, "at most N transitions per path (default: 10^6 for one path, 10^4 otherwise)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  command->add_option("--timeout", options->timeout_milliseconds, "solver time limit in milliseconds per query")
      ->check(CLI::Range(0u, 86'400'000u))
      ->capture_default_str();
  command->add_option("--format", options->format, "text or json (docs/json.md)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  command->final_callback([&action, options, branches] {
    options->branches_given = branches->count() > 0;
    if (!options->branches_given && options->outcome.empty() && options->post.empty())
      throw CLI::ValidationError("give --branches (one path), --outcome (every path with it) or --post (the weakest precondition of main)");
    if (!options->branches_given && !options->outcome.empty() && !options->post.empty())
      throw CLI::ValidationError("--outcome and --post without --branches ask two different questions; give one");
    action = [options] { return weakest_precondition(*options); };
  });
}

}  // namespace symref::cli
