// Property `compact_soundness`: Trtík's Theorem 1 against the forward engine (§2–§4.1) up to the loop bound.
//
// Every feasible leaf of the forward tree that was not cut by a bound is an instance of a leaf of
// the compact tree: the same outcome, its branch string an expansion of the compact one under some
// valuation ν of the parameters, φ ⇔ φ′⟦ν⟧ and the same final globals and fields under φ, both
// proved by the solver.  Programs without a usable loop template are skipped (compact = classic).
#include "engines/compact/compact_explorer.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"

namespace symref::props {

namespace {

using compact::CompactPath;
using terms::Term;

// φ ∧ (the two final states differ somewhere): arrays compared at a fresh index and by length,
// fields at a fresh object.
Term states_differ(terms::TermManager& terms, const Program& program, Term condition, const SymbolicConfiguration& a,
                   const SymbolicConfiguration& b) {
  std::vector<Term> differences;
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    Term x = a.globals[g], y = b.globals[g];
    if (x == y) continue;
    if (terms::TermManager::is_array(x->sort())) {
      Term index = terms.fresh_symbol(terms::Sort::integer(), "i");
      differences.push_back(terms.not_equal(terms.length(x), terms.length(y)));
      differences.push_back(terms.not_equal(terms.select(x, index), terms.select(y, index)));
    } else {
      differences.push_back(terms.not_equal(x, y));
    }
  }
  for (std::size_t f = 0; f < program.fields.size(); ++f) {
    if (a.fields[f] == b.fields[f]) continue;
    Term object = terms.fresh_symbol(terms::Sort::reference(program.fields[f].class_index), "o");
    differences.push_back(terms.not_equal(terms.select(a.fields[f], object), terms.select(b.fields[f], object)));
  }
  return terms.logical_and(condition, terms.logical_or(differences));
}

}  // namespace

PropertyVerdict check_compact_soundness(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& classic = workspace.forward_exploration();
  const Program& program = workspace.program();
  terms::TermManager& terms = workspace.terms();
  const PropertySettings& settings = workspace.settings();

  compact::CompactOptions options;
  options.limits.loop_bound = settings.loop_bound;
  options.max_steps = settings.max_path_steps;
  options.max_paths = settings.max_paths * 4;
  // After the instances a loop runs classically up to the same bound, so few suffice to cover K.
  options.max_instances = 3;
  options.validate_models = false;
  options.timeout_milliseconds = settings.timeout_milliseconds;
  options.generate_tests = false;
  compact::CompactResult result = compact::explore_compact(program, terms, options);
  bool any_template = false;
  for (const auto& t : result.templates) any_template = any_template || t.status == compact::TemplateStatus::Ok;
  if (!any_template || result.statistics.truncated) {
    ++verdict.skipped;
    return verdict;
  }

  solver::SolverOptions solver_options;
  solver_options.timeout_milliseconds = settings.timeout_milliseconds;
  auto solver = solver::make_solver("z3", terms, solver_options);
  auto decide = [&solver](Term formula) {
    solver->push();
    solver->add(formula);
    solver::SatResult status = solver->check();
    solver->pop();
    return status;
  };

  for (const ExploredPath& leaf : classic.paths) {
    if (leaf.status != solver::SatResult::Sat || leaf.outcome == Outcome::Bound || leaf.outcome == Outcome::Running) continue;
    ++verdict.checks;
    bool proved = false, undecided = false;
    std::string refuted;
    for (const CompactPath& candidate : result.paths) {
      if (candidate.status == solver::SatResult::Unsat || candidate.outcome != leaf.outcome) continue;
      auto valuation = compact::match_expansion(candidate, result.templates, leaf.branches);
      if (!valuation) continue;
      SymbolicConfiguration instance = compact::substitute_parameters(terms, candidate.final_configuration, *valuation);
      Term instance_condition = compact::substitute_parameters(terms, candidate.path_condition, *valuation);
      solver::SatResult same_condition = decide(terms::separating_condition(terms, leaf.path_condition, instance_condition));
      solver::SatResult same_state =
          same_condition == solver::SatResult::Unsat
              ? decide(states_differ(terms, program, leaf.path_condition, leaf.final_configuration, instance))
              : solver::SatResult::Unknown;
      if (same_condition == solver::SatResult::Unsat && same_state == solver::SatResult::Unsat) {
        proved = true;
        break;
      }
      if (same_condition == solver::SatResult::Sat || same_state == solver::SatResult::Sat)
        refuted = "compact leaf " + candidate.branches + " expands to it, but " +
                  (same_condition == solver::SatResult::Sat ? "its path condition differs" : "its final state differs");
      else
        undecided = true;
    }
    if (proved) continue;
    if (undecided) {
      ++verdict.unknown;
      continue;
    }
    std::optional<std::string> input;
    if (leaf.test) input = workspace.state_json(*leaf.test);
    verdict.fail("Theorem 1 (Trtík) fails: the forward leaf " + path_name(leaf.branches) + " (" +
                     std::string(outcome_name(leaf.outcome)) + ") is no instance of a compact leaf" +
                     (refuted.empty() ? "" : ": " + refuted),
                 input);
    return verdict;
  }
  return verdict;
}

}  // namespace symref::props
