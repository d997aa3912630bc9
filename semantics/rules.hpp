// The names of the transition rules shared by the concrete and the symbolic transition systems.
// A concrete step prints `concrete_<name>`, a symbolic one `symbolic_<name>` (paper §2, §2.1, §3,
// §4), so `symref step` can check that both systems took the same rule.
#pragma once

#include <string>
#include <string_view>

namespace symref {

enum class Rule : unsigned char {
  AssignmentGlobal,       // §2 assignment; §3 assignment global variable
  AssignmentLocal,        // §3 assignment local variable (also `var u: T := e`)
  AssignmentArray,        // §2.1 a[e] := e'
  AssignmentField,        // §4 h.f := e (§4.1 fields as arrays)
  ObjectCreation,         // §4 h := new C
  ChoiceThen,             // §2 choice, condition true
  ChoiceElse,             // §2 choice, condition false
  IterationEnter,         // §2 iteration, condition true
  IterationExit,          // §2 iteration, condition false
  ProcedureCall,          // §3 procedure call: push a closure
  ProcedureReturn,        // §3 procedure return: pop a finished closure (procedures and methods)
  MethodCall,             // §4 method call: push a closure binding this and the parameters
  MethodReturn,           // §4 return e: r := e, the body ends
  MethodResult,           // §4 h := r in the caller, after the callee's closure is popped
  AssertHolds,            // assert b, b true
  AssertFails,            // assert b, b false: assertion-failure
  AssumeHolds,            // assume b, b true
  AssumeFails,            // assume b, b false: blocked
  Skip,
  ErrorNilDereference,    // §2.1-style error transition: δ fails on a nil dereference
  ErrorOutOfBounds,       // §2.1 error transition: δ fails on an array bound
  HeapInitialization,     // heap drafts §4/§5: a slot read first is initialized (no step of the program)
};

constexpr std::string_view rule_base_name(Rule rule) {
  switch (rule) {
    case Rule::AssignmentGlobal: return "assignment_global";
    case Rule::AssignmentLocal: return "assignment_local";
    case Rule::AssignmentArray: return "assignment_array";
    case Rule::AssignmentField: return "assignment_field";
    case Rule::ObjectCreation: return "object_creation";
    case Rule::ChoiceThen: return "choice_then";
    case Rule::ChoiceElse: return "choice_else";
    case Rule::IterationEnter: return "iteration_enter";
    case Rule::IterationExit: return "iteration_exit";
    case Rule::ProcedureCall: return "procedure_call";
    case Rule::ProcedureReturn: return "procedure_return";
    case Rule::MethodCall: return "method_call";
    case Rule::MethodReturn: return "method_return";
    case Rule::MethodResult: return "method_result";
    case Rule::AssertHolds: return "assert_holds";
    case Rule::AssertFails: return "assert_fails";
    case Rule::AssumeHolds: return "assume_holds";
    case Rule::AssumeFails: return "assume_fails";
    case Rule::Skip: return "skip";
    case Rule::ErrorNilDereference: return "error_nil_dereference";
    case Rule::ErrorOutOfBounds: return "error_out_of_bounds";
    case Rule::HeapInitialization: return "heap_initialization";
  }
  return "?";
}

inline std::string concrete_rule_name(Rule rule) { return "concrete_" + std::string(rule_base_name(rule)); }
inline std::string symbolic_rule_name(Rule rule) { return "symbolic_" + std::string(rule_base_name(rule)); }

}  // namespace symref
