// Lockstep execution of the concrete and the symbolic system with the simulation relation checked.
#include "interp/lockstep/lockstep.hpp"

#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/terms/printer.hpp"

namespace symref {

Lockstep::Lockstep(const Program& program, terms::TermManager& terms, GlobalState input, SymbolicLimits limits)
    : program_(program),
      terms_(terms),
      input_(std::move(input)),
      concrete_(program, input_),
      machine_(program, terms, limits),
      symbolic_(machine_.initial()) {
  RunLimits concrete_limits;
  concrete_limits.max_int_bits = terms.max_int_bits();  // both sides limit integers alike
  concrete_.set_limits(concrete_limits);
  initial_ = std::make_unique<InitialStateValuation>(program_, input_);
  evaluator_ = std::make_unique<terms::TermEvaluator>(*initial_);
}

Lockstep::~Lockstep() = default;

std::optional<LockstepStep> Lockstep::step() {
  LockstepStep result;
  const Statement* statement = concrete_.next_statement();
  result.statement = statement;
  const std::string& callable = concrete_.control().top_frame().callable != nullptr
                                    ? concrete_.control().top_frame().callable->display_name(program_)
                                    : std::string("main");
  result.position = statement != nullptr ? callable + " " + std::to_string(statement->location.line) + ":" +
                                               std::to_string(statement->location.column)
                                         : callable + ": end of body";
  auto rule = concrete_.step();
  if (!rule) return std::nullopt;
  result.index = concrete_.steps();
  result.concrete_rule = *rule;
  result.letters = concrete_.step_letters();

  successors_.clear();
  machine_.successors(symbolic_, successors_);
  const std::string expected_branches = symbolic_.branches + result.letters;
  for (auto& successor : successors_) {
    if (successor.rule != *rule || successor.configuration.branches != expected_branches) continue;
    result.symbolic_rule = successor.rule;
    result.added = successor.added;
    symbolic_ = std::move(successor.configuration);
    break;
  }
  if (!result.symbolic_rule) {
    result.difference = "no symbolic transition takes " + concrete_rule_name(*rule) + " with branch letters '" +
                        result.letters + "' (completeness fails)";
    return result;
  }
  for (terms::Term conjunct : result.added) {
    if (!evaluator_->evaluate_boolean(conjunct)) {
      result.path_condition_holds = false;
      result.difference = "the input does not satisfy the path condition: " + terms::print_term(conjunct, &program_, {200});
      return result;
    }
  }
  result.states_correspond = correspond(result.difference);
  return result;
}

// Γ = V0•Δ, L = V0∘τ and (G, H) = V0∘σ, with objects matched up to renaming.
bool Lockstep::correspond(std::string& difference) {
  const ControlStack& concrete_control = concrete_.control();
  const ControlStack& symbolic_control = symbolic_.control;
  if (concrete_.outcome() != symbolic_.outcome) {
    difference = "outcome " + std::string(outcome_name(concrete_.outcome())) + " against " +
                 std::string(outcome_name(symbolic_.outcome));
    return false;
  }
  if (concrete_control.depth() != symbolic_control.depth()) {
    difference = "the stacks of closures have different depths";
    return false;
  }
  const auto& concrete_entries = concrete_control.entries();
  const auto& symbolic_entries = symbolic_control.entries();
  if (concrete_entries.size() != symbolic_entries.size()) {
    difference = "the closures' statements differ";
    return false;
  }
  for (std::size_t k = 0; k < concrete_entries.size(); ++k)
    if (concrete_entries[k].block != symbolic_entries[k].block || concrete_entries[k].index != symbolic_entries[k].index) {
      difference = "the closures' statements differ";
      return false;
    }
  // Every closure's locals are roots, compared before the globals.
  std::vector<terms::Term> local_terms;
  std::vector<std::string> labels;
  std::vector<Value> concrete_locals;
  const auto& frames = concrete_control.frames();
  for (std::size_t f = 1; f < frames.size(); ++f) {
    const Callable& callee = *frames[f].callable;
    if (symbolic_control.frames()[f].callable != &callee) {
      difference = "the closures run different bodies";
      return false;
    }
    const Value* values = concrete_.frame_locals(f);
    const terms::Term* terms = symbolic_.frame_locals(f);
    for (std::size_t slot = 0; slot < callee.locals.size(); ++slot) {
      concrete_locals.push_back(values[slot]);
      local_terms.push_back(terms[slot]);
      labels.push_back(callee.display_name(program_) + " (closure " + std::to_string(f) + "): " + callee.locals[slot].name);
    }
  }
  std::vector<Value> symbolic_locals;
  GlobalState expected =
      materialize_state(program_, terms_, symbolic_.globals, symbolic_.fields, *evaluator_, local_terms, symbolic_locals);
  std::vector<ExtraRoot> roots;
  for (std::size_t k = 0; k < local_terms.size(); ++k) roots.push_back(ExtraRoot{labels[k], concrete_locals[k], symbolic_locals[k]});
  return equivalent_states(program_, concrete_.state(), expected, roots, &difference);
}

}  // namespace symref
