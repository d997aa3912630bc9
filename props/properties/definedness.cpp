// Property `definedness`: Lemma 4.3, V(e) ≠ ⊥ iff V(δ(e)), with the kind of the first failure.
//
// Property `definedness` — Lemma 4.3: V(e) ≠ ⊥ iff V(δ(e)), split by the kind of the first failure
// (nil dereference or array bound), with δ(e) from the symbolic engines' ExpressionTranslator
// evaluated under V0 and V(e) from the concrete machine; where e is defined, its value too.
#include "props/probe_run.hpp"
#include "props/properties.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/syntax/printer.hpp"
#include "props/random_substitution.hpp"
#include "props/value_text.hpp"

namespace symref::props {

PropertyVerdict check_definedness(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.probe_program();
  const auto& inputs = workspace.probe_inputs();
  terms::TermManager terms(&program);
  SubstitutedEnvironment identity(terms, program);
  ExpressionTranslator translator(terms, identity);
  const std::int32_t selector = workspace.probe_selector_slot();
  if (selector < 0) return verdict;  // no probes and no updates
  for (std::size_t k = 0; k < workspace.test_case().probes.size(); ++k) {
    const Statement& assignment = workspace.probe_assignment(k);
    const Expression& e = *assignment.value;
    Definedness delta = translator.definedness(e);
    terms::Term value_term = translator.translate(e);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      GlobalState input = inputs[i];
      input.globals[selector] = Value::integer(Integer(static_cast<std::int64_t>(k)));
      auto run = run_probe_statement(program, input, assignment);
      const ConcreteMachine& machine = *run;
      const Outcome concrete = machine.outcome();
      InitialStateValuation initial(program, input);
      terms::TermEvaluator evaluator(initial);
      const bool defined = evaluator.evaluate_boolean(delta.defined);
      const bool nil_failure = evaluator.evaluate_boolean(delta.nil_failure);
      const bool bounds_failure = evaluator.evaluate_boolean(delta.bounds_failure);
      ++verdict.checks;
      const std::string where = " for e = `" + print_expression(program, e) + "` on input " + std::to_string(i + 1);
      auto said = [&] {
        return std::string(" (δ(e) says ") + (defined ? "defined" : nil_failure ? "nil dereference" : bounds_failure ? "out of bounds" : "nothing") + ")";
      };
      if (defined + nil_failure + bounds_failure != 1) {
        verdict.fail("Lemma 4.3: δ(e), its nil failure and its bounds failure are not exactly one true" + where,
                     workspace.probe_state_json(input), workspace.probe_program_text());
        return verdict;
      }
      const bool matches = (concrete == Outcome::Running && defined) ||
                           (concrete == Outcome::NilDereference && nil_failure) ||
                           (concrete == Outcome::OutOfBounds && bounds_failure);
      if (!matches) {
        verdict.fail("Lemma 4.3 fails: the concrete evaluation " +
                         (concrete == Outcome::Running ? std::string("is defined") : "ends in " + std::string(outcome_name(concrete))) +
                         said() + where,
                     workspace.probe_state_json(input), workspace.probe_program_text());
        return verdict;
      }
      if (concrete != Outcome::Running) continue;
      // Defined: the concrete value is the term's value under V0 (objects renamed as V0 names them).
      const Value concrete_value = InitialStateValuation::to_symbolic(machine.state().globals[assignment.target->variable.index]);
      const Value symbolic_value = evaluator.evaluate(value_term);
      if (!(concrete_value == symbolic_value)) {
        verdict.fail("the concrete value of e differs from V0(e)" + where + ": " + describe_value(concrete_value) + " concretely, " +
                         describe_value(symbolic_value) + " symbolically",
                     workspace.probe_state_json(input), workspace.probe_program_text());
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
