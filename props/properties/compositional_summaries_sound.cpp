// compositional_summaries_sound (Anand, Godefroid, Tillmann §4.2, the definition axiom δ_g): every concrete
// activation of a summarized g satisfies δ_g at its arguments and outputs.
//
// For each activation that returned, with its concrete inputs a and outputs v, the solver is asked
// for D_g's body at P_g = a (unfolded: callees' D_h replaced by their bodies) together with
// g.o(a) = v for every output, and with every open guard false: the activation ran along
// explored nodes only, so its own leaf must satisfy the body without help from a dangling one.
// Unsat means δ_g excludes a run that happened.  Reference-valued inputs and outputs are left
// free (input objects have no term of their own), and so are arrays (int[] and field arrays: the
// run records no whole-array values), which can only make the check weaker.
#include <set>
#include <string>
#include <vector>

#include "engines/compositional/axioms.hpp"
#include "engines/compositional/compositional_report.hpp"
#include "props/properties.hpp"
#include "props/properties/compositional_run.hpp"

namespace symref::props {

namespace {

constexpr std::size_t activations_per_case = 24;  // distinct (g, inputs, outputs) checked per case

// The term of a concrete scalar value, or nullptr for a reference.
terms::Term value_term(terms::TermManager& terms, const Value& value) {
  switch (value.kind()) {
    case ValueKind::Int: return terms.integer(value.as_integer());
    case ValueKind::Bool: return terms.boolean(value.as_boolean());
    case ValueKind::Reference: return nullptr;
  }
  return nullptr;
}

std::string values_text(const std::vector<Value>& values) {
  std::string text;
  for (const Value& value : values) text += (text.empty() ? "" : ", ") + describe_value(value);
  return "(" + text + ")";
}

}  // namespace

PropertyVerdict check_compositional_summaries_sound(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  CompositionalRun& run = workspace.compositional_run();  // the case's one run of Algorithm 1
  auto& terms = run.terms;
  const auto& table = run.explorer->functions();
  const auto& symbols = run.explorer->symbols();
  const auto& trees = run.explorer->trees();
  compositional::AxiomBuilder builder(terms, table, symbols, trees, compositional::AxiomEncoding::Unfolded);
  std::vector<terms::Term> guards_false;
  for (const auto& d : trees.nodes())
    if (trees.is_open(d)) guards_false.push_back(terms.logical_not(d.guard));
  const solver::SolverOptions solver_options = workspace.settings().solver_options();
  auto solver = solver::make_solver("z3", terms, solver_options, &workspace.solver_session());
  solver->add(terms.logical_and(guards_false));

  std::set<std::string> seen;
  for (const auto& execution : run.result.executions) {
    for (const auto& activation : execution.returned) {
      const compositional::FunctionIndex g = activation.function;
      const std::string key = std::to_string(g) + values_text(activation.inputs) + values_text(activation.outputs);
      if (!seen.insert(key).second) continue;
      if (seen.size() > activations_per_case) return verdict;
      const auto& own = symbols[g];
      std::vector<terms::Term> conjuncts{builder.definition_body(g, own.inputs)};
      for (std::size_t k = 0; k < own.inputs.size(); ++k)
        if (terms::Term value = value_term(terms, activation.inputs[k]); value && !terms.is_array(own.inputs[k]->sort()))
          conjuncts.push_back(terms.equal(own.inputs[k], value));
      for (std::size_t k = 0; k < own.outputs.size(); ++k)
        if (terms::Term value = value_term(terms, activation.outputs[k]); value && !terms.is_array(terms.function(own.outputs[k]).range))
          conjuncts.push_back(terms.equal(terms.apply(own.outputs[k], own.inputs), value));
      solver->push();
      solver->add(terms.logical_and(conjuncts));
      const solver::SatResult status = solver->check();
      solver->pop();
      if (status == solver::SatResult::Unknown) {
        ++verdict.unknown;
        continue;
      }
      ++verdict.checks;
      if (status == solver::SatResult::Unsat) {
        verdict.fail("execution " + std::to_string(execution.index) + ": " + table[g].name + " called with " +
                         values_text(activation.inputs) + " returned " + values_text(activation.outputs) + " at " +
                         compositional::node_name(*run.explorer, activation.leaf) + ", which δ_" + table[g].name + " excludes",
                     workspace.state_json(execution.input));
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
