// The forward and trace engines' coverage tables (§2–§4), one entry per rule of semantics/rules.hpp.
#include "semantics/symbolic/symbolic_rule_table.hpp"

#include <string>

namespace symref {

namespace {

// HeapInitialization is the last rule: the tables hold every rule before it, indexed alike.
static_assert(static_cast<std::size_t>(Rule::HeapInitialization) + 1 == 22,
              "a rule was added: give it a level and a meaning below");
constexpr std::size_t program_rules = static_cast<std::size_t>(Rule::HeapInitialization);

int level_of(Rule rule) {
  switch (rule) {
    case Rule::AssignmentLocal:
    case Rule::ProcedureCall:
    case Rule::ProcedureReturn:
      return 2;
    case Rule::AssignmentField:
    case Rule::ObjectCreation:
    case Rule::MethodCall:
    case Rule::MethodReturn:
    case Rule::MethodResult:
    case Rule::ErrorNilDereference:
      return 3;
    default:
      return 1;
  }
}

std::string_view meaning_of(Rule rule) {
  switch (rule) {
    case Rule::AssignmentGlobal:
      return "§2 assignment of a global";
    case Rule::AssignmentLocal:
      return "§3 assignment of a local variable (also `var u: T := e`)";
    case Rule::AssignmentArray:
      return "§2.1 a[e] := e'";
    case Rule::AssignmentField:
      return "§4 h.f := e, fields as arrays (§4.1)";
    case Rule::ObjectCreation:
      return "§4 h := new C";
    case Rule::ChoiceThen:
      return "§2 choice, condition true";
    case Rule::ChoiceElse:
      return "§2 choice, condition false";
    case Rule::IterationEnter:
      return "§2 iteration, condition true";
    case Rule::IterationExit:
      return "§2 iteration, condition false";
    case Rule::ProcedureCall:
      return "§3 procedure call: a closure pushed";
    case Rule::ProcedureReturn:
      return "§3 return: a finished closure popped (procedures and methods)";
    case Rule::MethodCall:
      return "§4 method call: a closure binding this and the parameters";
    case Rule::MethodReturn:
      return "§4 return e: r := e, the body ends";
    case Rule::MethodResult:
      return "§4 h := r in the caller, after the callee's closure is popped";
    case Rule::AssertHolds:
      return "assert b, b true";
    case Rule::AssertFails:
      return "assert b, b false: assertion-failure";
    case Rule::AssumeHolds:
      return "assume b, b true";
    case Rule::AssumeFails:
      return "assume b, b false: blocked";
    case Rule::Skip:
      return "skip";
    case Rule::ErrorNilDereference:
      return "§2.1-style error transition: δ fails on a nil dereference";
    case Rule::ErrorOutOfBounds:
      return "§2.1 error transition: δ fails on an array bound";
    case Rule::HeapInitialization:
      break;
  }
  return "";
}

CoverageTable make_table(EngineMode mode) {
  // The names live as long as the table: string_views into this array.
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (std::size_t k = 0; k < program_rules; ++k) all.push_back(symbolic_rule_name(static_cast<Rule>(k)));
    return all;
  }();
  CoverageTable table;
  table.engine = mode == EngineMode::Forward ? "forward" : "trace";
  table.title = mode == EngineMode::Forward ? "forward symbolic execution, the rules of §2–§3 and §4.1"
                                            : "symbolic traces, the unfolding rules of §4";
  for (std::size_t k = 0; k < program_rules; ++k) {
    const Rule rule = static_cast<Rule>(k);
    table.rules.push_back(CoverageRule{names[k], level_of(rule), meaning_of(rule), {}});
  }
  return table;
}

}  // namespace

const CoverageTable& symbolic_rule_table(EngineMode mode) {
  static const CoverageTable forward = make_table(EngineMode::Forward);
  static const CoverageTable trace = make_table(EngineMode::Trace);
  return mode == EngineMode::Forward ? forward : trace;
}

}  // namespace symref
