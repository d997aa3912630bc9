// Property `substitution`: Lemmas 2.1/3.3 (V∘σ(e) = V(eσ)) and 4.4 (the §4 substitutions).
//
// Property `substitution` — Lemma 2.1/3.3: V∘σ(e) = V(eσ) for random expressions e and substitutions
// σ; Lemma 4.4: V[h := V(e)](φ) = V(φ[h := e]) and V[x := new C](φ) = V(φ[x := new C]), the §4
// substitutions against executing the update concretely (where φ is defined afterwards).
#include <unordered_map>

#include "props/composed_valuation.hpp"
#include "props/probe_run.hpp"
#include "props/properties.hpp"
#include "props/random_substitution.hpp"
#include "props/value_text.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/syntax/printer.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/terms/substitution.hpp"
#include "semantics/traces/trace_semantics.hpp"
#include "semantics/traces/weakest_precondition.hpp"

namespace symref::props {

using terms::Term;

namespace {

// φ[update]: the weakest precondition of one assignment or `new` (§4, Definition 4.2 without δ).
Term precondition(terms::TermManager& terms, ExpressionTranslator& translator,
                  WeakestPrecondition& wp, const Statement& update, Term formula) {
  const Expression& target = *update.target;
  Term value;
  if (update.kind == StatementKind::New) {
    value = terms.fresh_symbol(terms::Sort::reference(update.class_index), "new");
  } else if (target.type.kind == TypeKind::IntArray) {
    value = terms.global_symbol(update.value->variable.index);
  } else {
    value = translator.translate(*update.value);
  }
  Term assigned;
  switch (target.kind) {
    case ExpressionKind::FieldRead:
      assigned = wp.substitute_field(formula, translator.translate(target.operand(0)), target.field, value);
      break;
    case ExpressionKind::ArrayRead:
      assigned = wp.substitute_array_element(formula, terms.global_symbol(target.operand(0).variable.index),
                                             translator.translate(target.operand(1)), value);
      break;
    default: assigned = wp.substitute_variable(formula, terms.global_symbol(target.variable.index), value); break;
  }
  return update.kind == StatementKind::New ? wp.substitute_new(assigned, value) : assigned;
}

}  // namespace

PropertyVerdict check_substitution(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.probe_program();
  const auto& inputs = workspace.probe_inputs();
  const std::size_t probe_count = workspace.test_case().probes.size();
  terms::TermManager terms(&program);
  RandomSource random(workspace.test_case().choice_seed);

  // Lemmas 2.1 and 3.3 on a random σ.
  SubstitutionPlan plan = plan_substitution(workspace, random);
  SubstitutedEnvironment sigma = build_substitution(plan, workspace, terms);
  SubstitutedEnvironment identity(terms, program);
  ExpressionTranslator translator(terms, identity);
  terms::Substitution substitution(terms);
  std::unordered_map<Term, Term> images;
  std::string sigma_text;
  auto map = [&](Term symbol, Term image) {
    if (symbol == image) return;
    substitution.set(symbol, image);
    images.emplace(symbol, image);
    sigma_text += (sigma_text.empty() ? "" : ", ") + terms::print_term(symbol, &program) + " ↦ " +
                  terms::print_term(image, &program, {200});
  };
  for (std::size_t g = 0; g < sigma.globals.size(); ++g) map(identity.globals[g], sigma.globals[g]);
  for (std::size_t f = 0; f < sigma.fields.size(); ++f) map(identity.fields[f], sigma.fields[f]);
  for (std::size_t k = 0; k < probe_count; ++k) {
    const Expression& e = *workspace.probe_assignment(k).value;
    Term term = translator.translate(e);
    Term substituted = substitution.apply(term);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      InitialStateValuation initial(program, inputs[i]);
      ComposedValuation composed(initial, images);
      Value left = terms::evaluate(substituted, initial);
      Value right = terms::evaluate(term, composed);
      ++verdict.checks;
      if (!(left == right)) {
        verdict.fail("Lemma 2.1/3.3 fails: for e = `" + print_expression(program, e) + "` and σ = {" + sigma_text +
                         "}, V(eσ) = " + describe_value(left) + " but V∘σ(e) = " + describe_value(right) + " (input " +
                         std::to_string(i + 1) + ", eσ = " + terms::print_term(substituted, &program, {300}) + ")",
                     workspace.probe_state_json(inputs[i]), workspace.probe_program_text());
        return verdict;
      }
    }
  }

  // Lemma 4.4: each update against each Boolean probe, before and after executing the update.
  WeakestPrecondition wp(terms, program);
  const std::int32_t selector = workspace.probe_selector_slot();
  if (selector < 0) return verdict;  // no probes and no updates
  for (std::size_t j = 0; j < workspace.test_case().updates.size(); ++j) {
    const Statement& update = workspace.update_statement(j);
    if (update.kind != StatementKind::Assignment && update.kind != StatementKind::New) continue;
    // (φ, φ[update]) for each Boolean probe φ; no input changes them.
    std::vector<std::pair<Term, Term>> formulas(probe_count, {nullptr, nullptr});
    for (std::size_t k = 0; k < probe_count; ++k) {
      const Expression& probe = *workspace.probe_assignment(k).value;
      if (probe.type.kind != TypeKind::Bool) continue;
      Term formula = translator.translate(probe);
      formulas[k] = {formula, precondition(terms, translator, wp, update, formula)};
    }
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      GlobalState before = inputs[i];
      before.globals[selector] = Value::integer(Integer(first_update_selector + static_cast<std::int64_t>(j)));
      auto run = run_probe_statement(program, before, update);
      const ConcreteMachine& machine = *run;
      if (machine.outcome() != Outcome::Running) {
        ++verdict.skipped;  // V(h) or V(e) is ⊥: the lemma assumes both defined
        continue;
      }
      for (std::size_t k = 0; k < probe_count; ++k) {
        const auto [formula, pre] = formulas[k];
        if (formula == nullptr) continue;
        const Expression& probe = *workspace.probe_assignment(k).value;
        // V'(φ) with ⊥ (§4 concrete semantics); where it is defined, V(φ[update]) by the term
        // evaluator (φ[a[i] := e] reads through an update chain, which traces never contain).
        TraceInterpreter after_reader(program, machine.state());
        auto new_value = after_reader.evaluate(formula);
        if (!new_value) {
          ++verdict.skipped;
          continue;
        }
        InitialStateValuation initial(program, before);
        const Value old_value = terms::evaluate(pre, initial);
        ++verdict.checks;
        if (!(old_value == *new_value)) {
          verdict.fail("Lemma 4.4 fails: after `" + print_statement_head(program, update) + "` the formula `" +
                           print_expression(program, probe) + "` is " + describe_value(*new_value) +
                           ", but before it the substituted formula " + terms::print_term(pre, &program, {400}) + " is " +
                           describe_value(old_value) + " (input " + std::to_string(i + 1) + ")",
                       workspace.probe_state_json(before), workspace.probe_program_text());
          return verdict;
        }
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
