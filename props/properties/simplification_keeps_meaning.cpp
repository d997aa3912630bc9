// Property `simplification_keeps_meaning`: simplified and plain terms evaluate alike.
//
// Property `simplification_keeps_meaning` (docs/contributing.md#style): a term built through the
// term manager's simplifying factories, the same term built with set_simplify(false), and that
// plain term rebuilt bottom-up with simplification, all evaluate to the same value under V0.
// The terms are the probe expressions and their δ under a random substitution (update chains of
// arrays and fields, §2.1, §4.1), so reads over updates, junctions and conditionals all occur.
#include "props/properties.hpp"
#include "props/random_substitution.hpp"
#include "props/value_text.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::props {

using terms::Term;

namespace {

// The same term through the simplifying factories, children first.
Term rebuild_simplified(terms::TermManager& terms, Term root) {
  return terms::rewrite_bottom_up(root, [&](Term node, const std::vector<Term>& children) {
    return node->arity() == 0 ? node : terms.rebuild(node, children);
  });
}

std::vector<Term> probe_terms(CaseWorkspace& workspace, terms::TermManager& terms, const SubstitutionPlan& plan) {
  SubstitutedEnvironment sigma = build_substitution(plan, workspace, terms);
  ExpressionTranslator translator(terms, sigma);
  std::vector<Term> out;
  for (std::size_t k = 0; k < workspace.test_case().probes.size(); ++k) {
    const Expression& e = *workspace.probe_assignment(k).value;
    out.push_back(translator.translate(e));
    Definedness delta = translator.definedness(e);
    out.push_back(delta.defined);
    out.push_back(delta.nil_failure);
    out.push_back(delta.bounds_failure);
  }
  return out;
}

}  // namespace

PropertyVerdict check_simplification_keeps_meaning(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.probe_program();
  terms::TermManager terms(&program);
  RandomSource random(workspace.test_case().choice_seed ^ 0x73696d70ULL);
  const SubstitutionPlan plan = plan_substitution(workspace, random);
  std::vector<Term> plain;
  {
    terms::WithoutSimplification raw(terms);
    plain = probe_terms(workspace, terms, plan);
  }
  const std::vector<Term> simplified = probe_terms(workspace, terms, plan);
  std::vector<Term> rebuilt;
  for (Term term : plain) rebuilt.push_back(rebuild_simplified(terms, term));
  const auto& inputs = workspace.probe_inputs();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    InitialStateValuation initial(program, inputs[i]);
    terms::TermEvaluator evaluator(initial);
    for (std::size_t k = 0; k < plain.size(); ++k) {
      const Value expected = evaluator.evaluate(plain[k]);
      for (Term other : {simplified[k], rebuilt[k]}) {
        ++verdict.checks;
        const Value actual = evaluator.evaluate(other);
        if (!(actual == expected)) {
          verdict.fail("simplification changes the value of " + terms::print_term(plain[k], &program, {400}) + " from " +
                           describe_value(expected) + " to " + describe_value(actual) + " (simplified: " +
                           terms::print_term(other, &program, {400}) + ") on input " + std::to_string(i + 1),
                       workspace.probe_state_json(inputs[i]), workspace.probe_program_text());
          return verdict;
        }
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
