// Recording a lockstep run for the HTML report's stepper (interp/report).
#include "interp/report/stepper_record.hpp"

#include "interp/lockstep/configuration_view.hpp"
#include "interp/lockstep/lockstep.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/syntax/printer.hpp"
#include "semantics/terms/evaluator.hpp"

namespace symref::report {

namespace {

using Json = nlohmann::ordered_json;

constexpr terms::PrintOptions term_budget{1000};
constexpr terms::PrintOptions formula_budget{4000};

Json pairs(const std::vector<NamedText>& entries) {
  Json out = Json::array();
  for (const auto& entry : entries) out.push_back(Json::array({entry.name, entry.text}));
  return out;
}

Json closures(const std::vector<ClosureView>& views) {
  Json out = Json::array();
  for (const auto& closure : views) out.push_back({{"name", closure.name}, {"locals", pairs(closure.locals)}});
  return out;
}

Json concrete_json(const Program& program, const ConcreteMachine& machine) {
  ConcreteView view = view_concrete(program, machine);
  Json heap = Json::array();
  for (const auto& object : view.heap)
    heap.push_back({{"label", object.label}, {"class", object.class_name}, {"fields", pairs(object.fields)}});
  return {{"globals", pairs(view.globals)}, {"closures", closures(view.closures)}, {"heap", std::move(heap)}};
}

// V0∘σ(x) for the int and bool globals: what the symbolic state says the concrete one must be.
Json composed_globals(const Program& program, const SymbolicConfiguration& c, const GlobalState& input) {
  InitialStateValuation valuation(program, input);
  Json out = Json::array();
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    const TypeKind kind = program.globals[g].type.kind;
    if (kind != TypeKind::Int && kind != TypeKind::Bool) continue;
    Value value = terms::evaluate(c.globals[g], valuation);
    out.push_back(Json::array({program.globals[g].name, concrete_value_text(input, value)}));
  }
  return out;
}

Json symbolic_json(const Program& program, terms::TermManager& terms, const SymbolicConfiguration& c,
                   const GlobalState& input) {
  SymbolicView view = view_symbolic(program, terms, c, term_budget, formula_budget);
  Json conjuncts = Json::array();
  for (auto& conjunct : view.conjuncts) conjuncts.push_back(conjunct);
  return {{"globals", pairs(view.globals)},     {"closures", closures(view.closures)},
          {"fields", pairs(view.fields)},       {"conjuncts", std::move(conjuncts)},
          {"pc", view.path_condition},          {"composed", composed_globals(program, c, input)}};
}

}  // namespace

StepperRecord record_lockstep(const Program& program, terms::TermManager& terms, const GlobalState& input,
                              std::uint64_t max_steps) {
  StepperRecord record;
  Lockstep lockstep(program, terms, input);
  Json steps = Json::array();
  steps.push_back({{"index", 0},
                   {"concrete", concrete_json(program, lockstep.concrete())},
                   {"symbolic", symbolic_json(program, terms, lockstep.symbolic(), lockstep.input())}});
  std::uint64_t taken = 0;
  bool truncated = false;
  while (true) {
    if (taken == max_steps) {
      lockstep.stop_at_step_limit(max_steps);
      truncated = lockstep.concrete().outcome() == Outcome::Bound;
      break;
    }
    auto step = lockstep.step();
    if (!step) break;
    ++taken;
    Json added = Json::array();
    for (terms::Term conjunct : step->added) added.push_back(terms::print_term(conjunct, &program, term_budget));
    Json entry;
    entry["index"] = step->index;
    entry["line"] = step->statement != nullptr ? step->statement->location.line : 0;
    entry["column"] = step->statement != nullptr ? step->statement->location.column : 0;
    entry["position"] = step->position;
    entry["statement"] = step->statement != nullptr ? print_statement_head(program, *step->statement) : std::string("end of body");
    entry["concrete_rule"] = concrete_rule_name(step->concrete_rule);
    entry["symbolic_rule"] = step->symbolic_rule ? Json(symbolic_rule_name(*step->symbolic_rule)) : Json(nullptr);
    entry["letters"] = step->letters;
    entry["added"] = std::move(added);
    entry["checks"] = {{"same_rule", step->symbolic_rule.has_value()},
                       {"path_condition", step->path_condition_holds},
                       {"states", step->states_correspond}};
    if (!step->difference.empty()) entry["difference"] = step->difference;
    entry["concrete"] = concrete_json(program, lockstep.concrete());
    entry["symbolic"] = symbolic_json(program, terms, lockstep.symbolic(), lockstep.input());
    steps.push_back(std::move(entry));
    if (!step->ok()) {
      record.failure = "step " + std::to_string(step->index) + " at " + step->position + ": " + step->difference;
      break;
    }
  }
  const ConcreteMachine& machine = lockstep.concrete();
  record.branches = machine.branches();
  GlobalState shown = input;
  name_new_objects(shown);
  record.json["input"] = write_state(program, shown);
  record.json["outcome"] = std::string(outcome_name(machine.outcome()));
  if (machine.outcome() == Outcome::Bound && !machine.bound_reason().empty()) record.json["bound_reason"] = machine.bound_reason();
  record.json["branches"] = machine.branches();
  if (machine.branches_truncated()) {  // as `run --json` (docs/json.md)
    record.json["branches_truncated"] = true;
    record.json["branch_count"] = machine.branch_count();
  }
  record.json["truncated"] = truncated;
  if (!record.failure.empty()) record.json["failure"] = record.failure;
  record.json["steps"] = std::move(steps);
  return record;
}

}  // namespace symref::report
