// `symref wp FILE --branches STRING [--outcome O] [--check FORMULA]`: one path's symbolic trace ρ
// and its path condition path(ρ) as a weakest precondition (§4, Definition 4.2), readable and as
// SMT-LIB2; with --check, whether a hand-computed path condition is equivalent, and if not an
// input that separates the two.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/explore/path_following.hpp"
#include "interp/explore/test_generation.hpp"
#include "interp/solver/smtlib.hpp"
#include "interp/solver/solver.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/symbolic/expression_translation.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/traces/trace_printer.hpp"
#include "semantics/traces/weakest_precondition.hpp"

namespace symref::cli {

namespace {

struct WpOptions {
  std::string file;
  std::string branches;
  std::string outcome;
  std::string check;
  std::string solver = "z3";
  std::uint32_t loop_bound = 1'000'000;
  unsigned timeout_milliseconds = 5000;
};

// The initial state: globals stand for their initial values, fields for the initial heap.
class InitialEnvironment final : public SymbolicEnvironment {
 public:
  explicit InitialEnvironment(terms::TermManager& terms) : terms_(terms) {}
  terms::Term variable(const VariableSlot& slot) const override { return terms_.global_symbol(slot.index); }
  terms::Term field_array(std::int32_t field) const override { return terms_.field_symbol(field); }

 private:
  terms::TermManager& terms_;
};

std::vector<std::string> outcome_names() {
  std::vector<std::string> names;
  for (Outcome outcome : final_outcomes) names.emplace_back(outcome_name(outcome));
  return names;
}

int weakest_precondition(const WpOptions& options) {
  auto program = load_program(options.file);
  // A malformed --check is reported before anything else is printed.
  ExpressionPointer claimed_expression;
  if (!options.check.empty()) claimed_expression = load_condition(*program, "--check", options.check);
  terms::TermManager terms(program.get());
  SymbolicLimits limits;
  limits.loop_bound = options.loop_bound;
  SymbolicMachine machine(*program, terms, limits, EngineMode::Trace);
  PathTarget target;
  target.branches = options.branches;
  if (!options.outcome.empty()) target.outcome = outcome_by_name(options.outcome);
  std::string error;
  auto leaf = follow_path(machine, target, error);
  if (!leaf) throw InputError(options.file + ": error: " + error + "\n");

  WeakestPrecondition calculus(terms, *program);
  terms::Term path_condition = calculus.path_condition(leaf->trace);
  std::cout << "path " << (options.branches.empty() ? "(no branches)" : options.branches) << "  "
            << outcome_name(leaf->outcome) << "\n";
  if (!leaf->bound_reason.empty()) std::cout << "bound: " << leaf->bound_reason << "\n";
  std::cout << "trace ρ (" << leaf->trace.length() << " items):\n";
  std::size_t k = 0;
  for (const TraceItem* item : leaf->trace.items())
    std::cout << "  " << ++k << ". " << print_trace_item(*program, *item) << "\n";
  std::cout << "path(ρ):\n  " << terms::print_term(path_condition, program.get()) << "\n";
  std::cout << "path(ρ) in SMT-LIB2:\n"
            << solver::smtlib_script(terms, std::span<const terms::Term>(&path_condition, 1), "path(" + options.branches + ")");

  if (!claimed_expression) return exit_done;
  InitialEnvironment initial(terms);
  ExpressionTranslator translator(terms, *program, initial);
  terms::Term claimed = translator.translate(*claimed_expression);
  solver::SolverOptions solver_options;
  solver_options.timeout_milliseconds = options.timeout_milliseconds;
  auto solver = solver::make_solver(options.solver, terms, solver_options);
  solver->add(terms::separating_condition(terms, claimed, path_condition));
  switch (solver->check()) {
    case solver::SatResult::Unsat:
      std::cout << "check: equivalent — your condition is this path's weakest precondition\n";
      return exit_done;
    case solver::SatResult::Unknown:
      std::cout << "check: unknown — the solver could not decide (" << solver->reason_unknown() << ")\n";
      return exit_done;
    case solver::SatResult::Sat: break;
  }
  auto model = solver->model();
  std::string reason;
  auto input = input_from_model(*program, terms, *model, TestGenerationLimits{}, reason);
  std::cout << "check: NOT equivalent\n";
  if (input) {
    InitialStateValuation valuation(*program, *input);
    bool claimed_value = terms::evaluate(claimed, valuation).as_boolean();
    bool actual_value = terms::evaluate(path_condition, valuation).as_boolean();
    std::cout << "  on the input " << write_state(*program, *input).dump() << "\n"
              << "  your condition is " << (claimed_value ? "true" : "false") << " but path(ρ) is "
              << (actual_value ? "true" : "false") << " (the program " << (actual_value ? "does" : "does not")
              << " take this path)\n";
  } else {
    std::cout << "  (no input could be built from the model: " << reason << ")\n";
  }
  return exit_done;
}

}  // namespace

void add_wp_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<WpOptions>();
  CLI::App* command = app.add_subcommand(
      "wp", "one path's symbolic trace and its path condition as a weakest precondition (§4); check a hand-computed one");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  command->add_option("--branches", options->branches, "the path's branch string (DESIGN.md), e.g. TTF")->required();
  command->add_option("--outcome", options->outcome, "the path's outcome, when an E letter ends in two")
      ->check(CLI::IsMember(outcome_names()));
  command->add_option("--check", options->check,
                      "a condition on the input (an expression over the globals and fields of the initial state) to compare with path(ρ)");
  command->add_option("--solver", options->solver, "z3, cvc5 or both")->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  command->add_option("--loop-bound", options->loop_bound, "as for explore: a path longer than the bound ends in outcome bound")
      ->check(CLI::Range(std::uint32_t{0}, std::uint32_t{1'000'000}));
  command->add_option("--timeout", options->timeout_milliseconds, "solver time limit in milliseconds for --check")
      ->check(CLI::Range(0u, 86'400'000u))
      ->capture_default_str();
  command->final_callback([&action, options] { action = [options] { return weakest_precondition(*options); }; });
}

}  // namespace symref::cli
