// The concrete transition system (§2, §2.1, §3, §4), one rule at a time: for each Rule a program
// where the machine takes exactly that rule, with the state, locals, branch letters and outcome
// it leads to.
#include <gtest/gtest.h>

#include "tests/semantics/concrete/concrete_fixture.hpp"

namespace symref {
namespace {

using testing::ConcreteRun;
using Rules = std::vector<std::string>;

// ---------------------------------------------------------------------------------------------
// §2 / §3 assignment

TEST(ConcreteRules, AssignmentGlobal) {
  ConcreteRun run("var x: int; var y: int; main { x := y * 3 + 4; }");
  run.set_int("y", 5);
  EXPECT_EQ(run.step(), "assignment_global");
  EXPECT_EQ(run.global("x"), "19");
  EXPECT_EQ(run.global("y"), "5");
  EXPECT_EQ(run.branches(), "");
  EXPECT_EQ(run.outcome(), "running");
  EXPECT_EQ(run.machine().steps(), 1u);
  // The end of main is not a transition: no rule, outcome normal, the step count unchanged.
  EXPECT_EQ(run.step(), "none");
  EXPECT_EQ(run.outcome(), "normal");
  EXPECT_EQ(run.machine().steps(), 1u);
}

TEST(ConcreteRules, AssignmentGlobalOfBooleansAndReferences) {
  ConcreteRun run("class C { field f: int; } var b: bool; var p: C; var q: C; main { b := !b; q := p; p := nil; }");
  ObjectId o = run.object("C");
  run.set_object("p", o);
  EXPECT_EQ(run.finish(), (Rules{"assignment_global", "assignment_global", "assignment_global"}));
  EXPECT_EQ(run.global("b"), "true");
  EXPECT_EQ(run.global("q"), "#1");
  EXPECT_EQ(run.global("p"), "nil");
}

TEST(ConcreteRules, WholeArrayAssignmentCopiesTheValue) {
  ConcreteRun run("var a: int[]; var b: int[]; main { b := a; b[0] := 9; }");
  run.set_array("a", {1, 2});
  EXPECT_EQ(run.step(), "assignment_global");
  EXPECT_EQ(run.branches(), "");
  EXPECT_EQ(run.step(), "assignment_array");
  EXPECT_EQ(run.array("a"), "[1, 2]");
  EXPECT_EQ(run.array("b"), "[9, 2]");
  EXPECT_EQ(run.branches(), "D");
}

TEST(ConcreteRules, AssignmentLocalAndLocalDeclaration) {
  ConcreteRun run(
      "var g: int;\n"
      "proc p(k: int) { var u: int := k + 1; u := u * 10; g := u; }\n"
      "main { p(4); }");
  EXPECT_EQ(run.step(), "procedure_call");
  EXPECT_EQ(run.locals(1), "k=4, u=0");  // a `var` local starts at its default
  EXPECT_EQ(run.step(), "assignment_local");
  EXPECT_EQ(run.locals(1), "k=4, u=5");
  EXPECT_EQ(run.step(), "assignment_local");
  EXPECT_EQ(run.locals(1), "k=4, u=50");
  EXPECT_EQ(run.step(), "assignment_global");
  EXPECT_EQ(run.global("g"), "50");
  EXPECT_EQ(run.step(), "procedure_return");
  EXPECT_EQ(run.depth(), 1u);
  EXPECT_EQ(run.step(), "none");
  EXPECT_EQ(run.outcome(), "normal");
  EXPECT_EQ(run.branches(), "");
  EXPECT_EQ(run.machine().steps(), 5u);
}

TEST(ConcreteRules, AssignmentArray) {
  ConcreteRun run("var a: int[]; var i: int; main { a[i + 1] := a[i] - 1; }");
  run.set_array("a", {10, 20, 30}).set_int("i", 1);
  EXPECT_EQ(run.step(), "assignment_array");
  EXPECT_EQ(run.array("a"), "[10, 20, 19]");
  EXPECT_EQ(run.branches(), "D");
  EXPECT_EQ(run.step(), "none");
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, AssignmentField) {
  ConcreteRun run("class C { field f: int; field n: C; } var p: C; main { p.n := p; p.n.f := 4; }");
  ObjectId o = run.object("C");
  run.set_object("p", o);
  EXPECT_EQ(run.step(), "assignment_field");
  EXPECT_EQ(run.field(o, "n"), "#1");
  EXPECT_EQ(run.branches(), "D");
  EXPECT_EQ(run.step(), "assignment_field");
  EXPECT_EQ(run.field(o, "f"), "4");
  EXPECT_EQ(run.branches(), "DD");
}

// ---------------------------------------------------------------------------------------------
// §4 object creation

TEST(ConcreteRules, ObjectCreationIntoAVariable) {
  ConcreteRun run(
      "class C { field v: int; field b: bool; field n: C; } var p: C; var q: C;\n"
      "main { q := new C; }");
  ObjectId o = run.object("C");
  run.set_object("p", o).set_field(o, "v", Value::integer(7));
  EXPECT_EQ(run.step(), "object_creation");
  EXPECT_EQ(run.global("q"), "#2");  // fresh: not the input object #1
  EXPECT_EQ(run.field(2, "v"), "0");
  EXPECT_EQ(run.field(2, "b"), "false");
  EXPECT_EQ(run.field(2, "n"), "nil");
  EXPECT_EQ(run.field(1, "v"), "7");
  EXPECT_EQ(run.machine().state().heap.size(), 2u);
  EXPECT_EQ(run.branches(), "");  // the target is a variable: δ is syntactically true
}

TEST(ConcreteRules, ObjectCreationIntoAField) {
  ConcreteRun run("class C { field n: C; } var p: C; main { p.n := new C; p.n.n := new C; }");
  ObjectId o = run.object("C");
  run.set_object("p", o);
  EXPECT_EQ(run.finish(), (Rules{"object_creation", "object_creation"}));
  EXPECT_EQ(run.field(1, "n"), "#2");
  EXPECT_EQ(run.field(2, "n"), "#3");
  EXPECT_EQ(run.field(3, "n"), "nil");
  EXPECT_EQ(run.branches(), "DD");
}

// ---------------------------------------------------------------------------------------------
// §2 choice and iteration

TEST(ConcreteRules, ChoiceThen) {
  ConcreteRun run("var x: int; var y: int; main { if x > 0 { y := 1; } else { y := 2; } y := y + 10; }");
  run.set_int("x", 1);
  EXPECT_EQ(run.step(), "choice_then");
  EXPECT_EQ(run.branches(), "T");
  EXPECT_EQ(run.global("y"), "0");  // the test changes nothing
  EXPECT_EQ(run.finish(), (Rules{"assignment_global", "assignment_global"}));
  EXPECT_EQ(run.global("y"), "11");
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, ChoiceElse) {
  ConcreteRun run("var x: int; var y: int; main { if x > 0 { y := 1; } else { y := 2; } y := y + 10; }");
  run.set_int("x", 0);
  EXPECT_EQ(run.step(), "choice_else");
  EXPECT_EQ(run.branches(), "F");
  EXPECT_EQ(run.finish(), (Rules{"assignment_global", "assignment_global"}));
  EXPECT_EQ(run.global("y"), "12");
}

TEST(ConcreteRules, ChoiceElseWithoutElseBlockAndElseIf) {
  ConcreteRun run("var x: int; var y: int; main { if x > 0 { y := 1; } else if x < -5 { y := 2; } if x == 0 { y := 3; } }");
  run.set_int("x", -1);
  EXPECT_EQ(run.finish(), (Rules{"choice_else", "choice_else", "choice_else"}));
  EXPECT_EQ(run.branches(), "FFF");
  EXPECT_EQ(run.global("y"), "0");
}

TEST(ConcreteRules, ChoiceWithDefinednessGivesDBeforeTheTest) {
  ConcreteRun run("var a: int[]; var y: int; main { if a[0] > 0 { y := 1; } }");
  run.set_array("a", {5});
  EXPECT_EQ(run.step(), "choice_then");
  EXPECT_EQ(run.branches(), "DT");
}

TEST(ConcreteRules, IterationEnterAndExit) {
  ConcreteRun run("var i: int; var s: int; main { while i < 2 { i := i + 1; s := s + i; } s := -s; }");
  EXPECT_EQ(run.step(), "iteration_enter");
  EXPECT_EQ(run.machine().control().entries()[0].loop_iterations, 1u);  // main's entry, at the loop
  EXPECT_EQ(run.finish(), (Rules{"assignment_global", "assignment_global", "iteration_enter", "assignment_global",
                                 "assignment_global", "iteration_exit", "assignment_global"}));
  EXPECT_EQ(run.branches(), "TTF");
  EXPECT_EQ(run.global("i"), "2");
  EXPECT_EQ(run.global("s"), "-3");
  EXPECT_EQ(run.machine().steps(), 8u);
}

TEST(ConcreteRules, IterationExitAtOnce) {
  ConcreteRun run("var i: int; main { while i < 0 { i := i + 1; } }");
  EXPECT_EQ(run.finish(), (Rules{"iteration_exit"}));
  EXPECT_EQ(run.branches(), "F");
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, IterationWithDefinedness) {
  ConcreteRun run("class N { field v: int; } var p: N; main { while p.v > 0 { p.v := p.v - 1; } }");
  ObjectId o = run.object("N");
  run.set_object("p", o).set_field(o, "v", Value::integer(1));
  EXPECT_EQ(run.finish(), (Rules{"iteration_enter", "assignment_field", "iteration_exit"}));
  EXPECT_EQ(run.branches(), "DTDDF");
  EXPECT_EQ(run.field(o, "v"), "0");
}

// ---------------------------------------------------------------------------------------------
// assert, assume, skip

TEST(ConcreteRules, AssertHolds) {
  ConcreteRun run("var x: int; main { assert x >= 0; x := 1; }");
  EXPECT_EQ(run.finish(), (Rules{"assert_holds", "assignment_global"}));
  EXPECT_EQ(run.branches(), "T");
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, AssertFailsEndsTheRunInTheStateBefore) {
  ConcreteRun run("var x: int; var y: int; main { y := 3; assert x > 0; y := 4; }");
  EXPECT_EQ(run.finish(), (Rules{"assignment_global", "assert_fails"}));
  EXPECT_EQ(run.branches(), "F");
  EXPECT_EQ(run.outcome(), "assertion-failure");
  EXPECT_EQ(run.global("y"), "3");
  EXPECT_EQ(run.machine().steps(), 2u);
  EXPECT_EQ(run.step(), "none");
  EXPECT_EQ(run.machine().steps(), 2u);
}

TEST(ConcreteRules, AssumeHolds) {
  ConcreteRun run("var x: int; main { assume x == 0; x := 1; }");
  EXPECT_EQ(run.finish(), (Rules{"assume_holds", "assignment_global"}));
  EXPECT_EQ(run.branches(), "T");
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, AssumeFailsBlocks) {
  ConcreteRun run("var x: int; main { assume x != 0; x := 1; }");
  EXPECT_EQ(run.finish(), (Rules{"assume_fails"}));
  EXPECT_EQ(run.branches(), "F");
  EXPECT_EQ(run.outcome(), "blocked");
  EXPECT_EQ(run.global("x"), "0");
}

TEST(ConcreteRules, Skip) {
  ConcreteRun run("var x: int; main { skip; x := 2; skip; }");
  EXPECT_EQ(run.finish(), (Rules{"skip", "assignment_global", "skip"}));
  EXPECT_EQ(run.branches(), "");
  EXPECT_EQ(run.global("x"), "2");
  EXPECT_EQ(run.machine().steps(), 3u);
}

// ---------------------------------------------------------------------------------------------
// §3 procedures

TEST(ConcreteRules, ProcedureCallBindsParametersByValue) {
  ConcreteRun run(
      "var a: int[]; var g: int;\n"
      "proc p(x: int, y: int, b: bool) { var t: int := 0; g := x + y; }\n"
      "main { p(a[1], g - 1, g == 7); }");
  run.set_array("a", {4, 9}).set_int("g", 7);
  EXPECT_EQ(run.step(), "procedure_call");
  EXPECT_EQ(run.depth(), 2u);
  EXPECT_EQ(run.locals(1), "x=9, y=6, b=true, t=0");
  EXPECT_EQ(run.branches(), "D");  // an argument reads an array element
  EXPECT_EQ(run.finish(), (Rules{"assignment_local", "assignment_global", "procedure_return"}));
  EXPECT_EQ(run.global("g"), "15");
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, ProcedureCallWithoutArgumentsGivesNoLetter) {
  ConcreteRun run("var g: int; proc p() { g := 1; } main { p(); p(); }");
  EXPECT_EQ(run.finish(), (Rules{"procedure_call", "assignment_global", "procedure_return", "procedure_call",
                                 "assignment_global", "procedure_return"}));
  EXPECT_EQ(run.branches(), "");
}

TEST(ConcreteRules, ProcedureReturnRestoresTheCallersLocals) {
  ConcreteRun run(
      "var out: int;\n"
      "proc inner(x: int) { var y: int := 1; x := 100; y := 200; out := x + y; }\n"
      "proc outer(x: int) { var y: int := 7; inner(x + 1); out := out + x * 1000 + y; }\n"
      "main { outer(3); }");
  EXPECT_EQ(run.step(), "procedure_call");
  EXPECT_EQ(run.step(), "assignment_local");
  EXPECT_EQ(run.locals(1), "x=3, y=7");
  EXPECT_EQ(run.step(), "procedure_call");
  EXPECT_EQ(run.locals(2), "x=4, y=0");
  EXPECT_EQ(run.locals(1), "x=3, y=7");
  EXPECT_EQ(run.finish(4), (Rules{"assignment_local", "assignment_local", "assignment_local", "assignment_global"}));
  EXPECT_EQ(run.locals(2), "x=100, y=200");
  EXPECT_EQ(run.global("out"), "300");
  EXPECT_EQ(run.step(), "procedure_return");
  EXPECT_EQ(run.depth(), 2u);
  EXPECT_EQ(run.locals(1), "x=3, y=7");  // the callee's frame is gone, the caller's untouched
  EXPECT_EQ(run.step(), "assignment_global");
  EXPECT_EQ(run.global("out"), "3307");
  EXPECT_EQ(run.step(), "procedure_return");
  EXPECT_EQ(run.depth(), 1u);
  EXPECT_EQ(run.step(), "none");
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, RecursiveActivationsHaveTheirOwnLocals) {
  ConcreteRun run(
      "var s: int;\n"
      "proc r(k: int) { var d: int := k * 10; if k > 0 { r(k - 1); } s := s * 100 + d; }\n"
      "main { r(2); }");
  run.finish();
  EXPECT_EQ(run.outcome(), "normal");
  EXPECT_EQ(run.global("s"), "1020");  // 0, then 10, then 20: each frame kept its d
  EXPECT_EQ(run.branches(), "TTF");
}

// ---------------------------------------------------------------------------------------------
// §4 methods

constexpr const char* kCell =
    "class Cell {\n"
    "  field v: int;\n"
    "  field next: Cell;\n"
    "  method add(k: int): int { var old: int := this.v; this.v := this.v + k; return old * 10 + k; }\n"
    "  method self(): Cell { return this; }\n"
    "}\n";

TEST(ConcreteRules, MethodCallBindsThisAndParameters) {
  ConcreteRun run(std::string(kCell) + "var p: Cell; var r: int; main { r := p.add(r + 2); }");
  ObjectId o = run.object("Cell");
  run.set_object("p", o).set_field(o, "v", Value::integer(5)).set_int("r", 1);
  EXPECT_EQ(run.step(), "method_call");
  EXPECT_EQ(run.depth(), 2u);
  EXPECT_EQ(run.locals(1), "this=#1, k=3, old=0");
  EXPECT_EQ(run.branches(), "D");
  EXPECT_TRUE(run.machine().control().frames()[0].awaiting_result);
  EXPECT_EQ(run.global("r"), "1");
}

TEST(ConcreteRules, MethodReturnSetsTheResultAndEndsTheBody) {
  ConcreteRun run(std::string(kCell) + "var p: Cell; var r: int; main { r := p.add(3); }");
  ObjectId o = run.object("Cell");
  run.set_object("p", o).set_field(o, "v", Value::integer(5));
  EXPECT_EQ(run.finish(3), (Rules{"method_call", "assignment_local", "assignment_field"}));
  EXPECT_EQ(run.step(), "method_return");
  EXPECT_EQ(testing::show(run.machine().result_register()), "53");
  EXPECT_EQ(run.depth(), 2u);
  EXPECT_EQ(run.branches(), "DDD");  // the call, this.v read, this.v written; the return reads no field
  EXPECT_EQ(run.global("r"), "0");
  EXPECT_EQ(run.machine().next_statement(), nullptr);  // the closure is (τ, ε)
}

TEST(ConcreteRules, MethodResultAssignsAfterTheCalleeIsPopped) {
  ConcreteRun run(std::string(kCell) + "var p: Cell; var r: int; main { r := p.add(3); r := r + 1; }");
  ObjectId o = run.object("Cell");
  run.set_object("p", o).set_field(o, "v", Value::integer(5));
  EXPECT_EQ(run.finish(), (Rules{"method_call", "assignment_local", "assignment_field", "method_return",
                                 "procedure_return", "method_result", "assignment_global"}));
  EXPECT_EQ(run.global("r"), "54");
  EXPECT_EQ(run.field(o, "v"), "8");
  EXPECT_EQ(run.branches(), "DDD");
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, MethodResultIntoAFieldGivesDAfterTheCall) {
  ConcreteRun run(std::string(kCell) + "var p: Cell; main { p.next := p.self(); }");
  ObjectId o = run.object("Cell");
  run.set_object("p", o);
  EXPECT_EQ(run.finish(), (Rules{"method_call", "method_return", "procedure_return", "method_result"}));
  EXPECT_EQ(run.field(o, "next"), "#1");
  EXPECT_EQ(run.branches(), "DD");  // the call, then the target p.next after the body
}

TEST(ConcreteRules, MethodCallWithoutTargetDropsTheResult) {
  ConcreteRun run(std::string(kCell) + "var p: Cell; main { p.add(2); p.add(2); }");
  ObjectId o = run.object("Cell");
  run.set_object("p", o);
  EXPECT_EQ(run.finish(), (Rules{"method_call", "assignment_local", "assignment_field", "method_return",
                                 "procedure_return", "method_call", "assignment_local", "assignment_field",
                                 "method_return", "procedure_return"}));
  EXPECT_EQ(run.field(o, "v"), "4");
  EXPECT_EQ(run.branches(), "DDDDDD");
}

TEST(ConcreteRules, ThisIsBoundByValue) {
  // The body moves the receiver expression `cur`; `this` still denotes the object of the call.
  ConcreteRun run(
      "class N { field v: int; field next: N;\n"
      "  method advance(): int { cur := this.next; this.v := this.v + 100; return this.v; } }\n"
      "var cur: N; var r: int; main { r := cur.advance(); }");
  ObjectId first = run.object("N");
  ObjectId second = run.object("N");
  run.set_object("cur", first).set_field(first, "next", run.reference("N", second));
  run.set_field(first, "v", Value::integer(1)).set_field(second, "v", Value::integer(2));
  run.finish();
  EXPECT_EQ(run.outcome(), "normal");
  EXPECT_EQ(run.global("cur"), "#2");
  EXPECT_EQ(run.field(first, "v"), "101");
  EXPECT_EQ(run.field(second, "v"), "2");
  EXPECT_EQ(run.global("r"), "101");
}

TEST(ConcreteRules, MethodResultTargetIsEvaluatedAfterTheBody) {
  // p.next := p.step() writes the next field of the object p denotes after the call.
  ConcreteRun run(
      "class N { field next: N; method step(): N { p := this.next; return this; } }\n"
      "var p: N; main { p.next := p.step(); }");
  ObjectId first = run.object("N");
  ObjectId second = run.object("N");
  run.set_object("p", first).set_field(first, "next", run.reference("N", second));
  EXPECT_EQ(run.finish(), (Rules{"method_call", "assignment_global", "method_return", "procedure_return", "method_result"}));
  EXPECT_EQ(run.field(second, "next"), "#1");
  EXPECT_EQ(run.field(first, "next"), "#2");
  EXPECT_EQ(run.branches(), "DDD");
}

// ---------------------------------------------------------------------------------------------
// §2.1 error transitions: nil dereference and array bounds

TEST(ConcreteRules, ErrorNilDereferenceInAnAssignmentTarget) {
  ConcreteRun run("class C { field f: int; } var p: C; var x: int; main { x := 1; p.f := 2; x := 3; }");
  EXPECT_EQ(run.finish(), (Rules{"assignment_global", "error_nil_dereference"}));
  EXPECT_EQ(run.branches(), "E");
  EXPECT_EQ(run.outcome(), "nil-dereference");
  EXPECT_EQ(run.global("x"), "1");
  EXPECT_EQ(run.machine().steps(), 2u);
  EXPECT_EQ(run.step(), "none");
}

TEST(ConcreteRules, ErrorNilDereferenceInAConditionAReceiverAndAReturn) {
  {
    ConcreteRun run("class C { field f: int; } var p: C; main { if p.f > 0 { skip; } }");
    EXPECT_EQ(run.finish(), (Rules{"error_nil_dereference"}));
    EXPECT_EQ(run.branches(), "E");
  }
  {
    ConcreteRun run(std::string(kCell) + "var p: Cell; var r: int; main { r := p.next.add(1); }");
    ObjectId o = run.object("Cell");
    run.set_object("p", o);
    EXPECT_EQ(run.finish(), (Rules{"error_nil_dereference"}));
    EXPECT_EQ(run.depth(), 1u);  // the call did not happen
    EXPECT_EQ(run.outcome(), "nil-dereference");
  }
  {
    ConcreteRun run(
        "class C { field f: int; field n: C; method m(): int { this.f := 1; return this.n.f; } }\n"
        "var p: C; var r: int; main { r := p.m(); }");
    ObjectId o = run.object("C");
    run.set_object("p", o);
    EXPECT_EQ(run.finish(), (Rules{"method_call", "assignment_field", "error_nil_dereference"}));
    EXPECT_EQ(run.branches(), "DDE");
    EXPECT_EQ(run.field(o, "f"), "1");  // the body's effect before the failure stays
    EXPECT_EQ(run.outcome(), "nil-dereference");
  }
}

TEST(ConcreteRules, ErrorOutOfBoundsOnReadAndWrite) {
  for (const char* index : {"3", "-1", "100000000000000000000", "-100000000000000000000"}) {
    ConcreteRun run(std::string("var a: int[]; var x: int; main { x := a[") + index + "]; }");
    run.set_array("a", {1, 2, 3});
    EXPECT_EQ(run.finish(), (Rules{"error_out_of_bounds"})) << index;
    EXPECT_EQ(run.outcome(), "out-of-bounds") << index;
    EXPECT_EQ(run.branches(), "E");
  }
  ConcreteRun run("var a: int[]; main { a[0] := 1; }");
  EXPECT_EQ(run.finish(), (Rules{"error_out_of_bounds"}));  // the empty array has no index 0
  EXPECT_EQ(run.array("a"), "[]");
}

TEST(ConcreteRules, ErrorInAProcedureArgumentPreventsTheCall) {
  ConcreteRun run("var a: int[]; var g: int; proc p(x: int) { g := x; } main { p(a[0]); }");
  EXPECT_EQ(run.finish(), (Rules{"error_out_of_bounds"}));
  EXPECT_EQ(run.depth(), 1u);
  EXPECT_EQ(run.branches(), "E");
}

TEST(ConcreteRules, UndefinedAssertAndAssumeAreErrorsNotFailures) {
  {
    ConcreteRun run("var a: int[]; main { assert a[0] == 0; }");
    EXPECT_EQ(run.finish(), (Rules{"error_out_of_bounds"}));
    EXPECT_EQ(run.outcome(), "out-of-bounds");
  }
  {
    ConcreteRun run("class C { field f: int; } var p: C; main { assume p.f > 0; }");
    EXPECT_EQ(run.finish(), (Rules{"error_nil_dereference"}));
    EXPECT_EQ(run.outcome(), "nil-dereference");
  }
}

TEST(ConcreteRules, TheLocationIsEvaluatedBeforeTheValue) {
  {
    ConcreteRun run("class C { field f: int; } var p: C; var a: int[]; main { p.f := a[5]; }");
    EXPECT_EQ(run.finish(), (Rules{"error_nil_dereference"}));
  }
  {
    ConcreteRun run("class C { field f: int; } var p: C; var a: int[]; main { a[5] := p.f; }");
    EXPECT_EQ(run.finish(), (Rules{"error_out_of_bounds"}));
  }
}

TEST(ConcreteRules, TheFirstFailureInEvaluationOrderDecides) {
  {
    ConcreteRun run("class C { field f: int; } var p: C; var a: int[]; var x: int; main { x := a[0] + p.f; }");
    EXPECT_EQ(run.finish(), (Rules{"error_out_of_bounds"}));
  }
  {
    ConcreteRun run("class C { field f: int; } var p: C; var a: int[]; var x: int; main { x := p.f + a[0]; }");
    EXPECT_EQ(run.finish(), (Rules{"error_nil_dereference"}));
  }
}

// ---------------------------------------------------------------------------------------------
// The lazy operators: the operand not needed is not evaluated

TEST(ConcreteRules, LazyOperatorsDoNotEvaluateTheOperandNotNeeded) {
  ConcreteRun run(
      "class C { field f: int; } var p: C; var a: int[]; var i: int;\n"
      "var b1: bool; var b2: bool; var b3: bool; var x: int;\n"
      "main {\n"
      "  b1 := i < len(a) && a[i] > 0;\n"
      "  b2 := p == nil || p.f > 0;\n"
      "  b3 := p != nil ==> p.f > 0;\n"
      "  x := i < len(a) ? a[i] : -1;\n"
      "}");
  run.set_int("i", 5);
  EXPECT_EQ(run.finish(), (Rules{"assignment_global", "assignment_global", "assignment_global", "assignment_global"}));
  EXPECT_EQ(run.global("b1"), "false");
  EXPECT_EQ(run.global("b2"), "true");
  EXPECT_EQ(run.global("b3"), "true");
  EXPECT_EQ(run.global("x"), "-1");
  EXPECT_EQ(run.branches(), "DDDD");  // each statement reads a field or element syntactically
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(ConcreteRules, LazyOperatorsEvaluateTheRightOperandWhenNeeded) {
  ConcreteRun run("var a: int[]; var i: int; var b: bool; main { b := i >= 0 || a[i] > 0; }");
  run.set_int("i", -1);
  EXPECT_EQ(run.finish(), (Rules{"error_out_of_bounds"}));
  EXPECT_EQ(run.branches(), "E");
}

// ---------------------------------------------------------------------------------------------
// Operators

TEST(ConcreteRules, EuclideanDivisionAndRemainder) {
  ConcreteRun run(
      "var q1: int; var r1: int; var q2: int; var r2: int; var q3: int; var r3: int; var z1: int; var z2: int;\n"
      "main { q1 := -7 / 2; r1 := -7 % 2; q2 := 7 / -2; r2 := 7 % -2; q3 := -7 / -2; r3 := -7 % -2;\n"
      "       z1 := 7 / 0; z2 := -7 % 0; }");
  run.finish();
  EXPECT_EQ(run.global("q1"), "-4");
  EXPECT_EQ(run.global("r1"), "1");
  EXPECT_EQ(run.global("q2"), "-3");
  EXPECT_EQ(run.global("r2"), "1");
  EXPECT_EQ(run.global("q3"), "4");
  EXPECT_EQ(run.global("r3"), "1");
  EXPECT_EQ(run.global("z1"), "0");
  EXPECT_EQ(run.global("z2"), "-7");
}

TEST(ConcreteRules, IntegersAreUnbounded) {
  ConcreteRun run("var x: int; var y: int; main { x := 9223372036854775807 + 1; y := x * x - 1; }");
  run.finish();
  EXPECT_EQ(run.global("x"), "9223372036854775808");
  EXPECT_EQ(run.global("y"), "85070591730234615865843651857942052863");
}

// ---------------------------------------------------------------------------------------------
// Limits: the step limit and the call depth limit end a run in `bound`

TEST(ConcreteRules, StepLimitEndsTheRunInBound) {
  ConcreteRun run("var x: int; main { while true { x := x + 1; } }");
  ConcreteMachine& machine = run.start();
  EXPECT_EQ(machine.run(RunLimits{5, 100}), Outcome::Bound);
  EXPECT_EQ(machine.steps(), 5u);
  EXPECT_EQ(machine.bound_reason(), "step limit 5 reached");
  EXPECT_EQ(run.global("x"), "2");  // T, x:=1, T, x:=2, T
  EXPECT_EQ(machine.branches(), "TTT");
}

TEST(ConcreteRules, ARunThatEndsExactlyAtTheStepLimitIsNormal) {
  ConcreteRun run("var x: int; main { x := 1; x := 2; x := 3; }");
  ConcreteMachine& machine = run.start();
  EXPECT_EQ(machine.run(RunLimits{3, 100}), Outcome::Normal);
  EXPECT_EQ(machine.steps(), 3u);
  ConcreteRun shorter("var x: int; main { x := 1; x := 2; x := 3; }");
  EXPECT_EQ(shorter.start().run(RunLimits{2, 100}), Outcome::Bound);
  EXPECT_EQ(shorter.global("x"), "2");
}

TEST(ConcreteRules, CallDepthLimitEndsTheRunInBound) {
  ConcreteRun run("var n: int; proc down(k: int) { n := n + 1; down(k - 1); } main { down(0); }");
  ConcreteMachine& machine = run.start();
  EXPECT_EQ(machine.run(RunLimits{1'000'000, 4}), Outcome::Bound);
  EXPECT_EQ(machine.bound_reason(), "call depth limit 4 reached");
  EXPECT_EQ(run.depth(), 4u);  // main and three activations; the fourth call is not made
  EXPECT_EQ(run.global("n"), "3");
}

// An integer beyond the size limit: the operation is not computed, the run ends in `bound` in the
// state before the statement, the step not counted and no letter added; the site is the statement.
TEST(ConcreteRules, IntegerSizeLimitEndsTheRunInBoundBeforeTheStatement) {
  ConcreteRun run("var x: int; var y: int; main { x := 4294967296; y := 1; x := x * x; y := 2; }");
  ConcreteMachine& machine = run.start();
  EXPECT_EQ(machine.run(RunLimits{100, 100, 64}), Outcome::Bound);
  EXPECT_EQ(machine.bound_reason(), "integer of more than 64 bits at 1:64");
  EXPECT_EQ(machine.steps(), 2u);
  EXPECT_EQ(run.global("x"), "4294967296");
  EXPECT_EQ(run.global("y"), "1");
  EXPECT_EQ(machine.branches(), "");
  EXPECT_EQ(machine.site().statement_text(run.program()), "x := x * x");
  EXPECT_EQ(machine.site().location().column, 57u);
  // 65 bits are enough for 2^64.
  ConcreteRun wider("var x: int; var y: int; main { x := 4294967296; y := 1; x := x * x; y := 2; }");
  EXPECT_EQ(wider.start().run(RunLimits{100, 100, 65}), Outcome::Normal);
  EXPECT_EQ(wider.global("x"), "18446744073709551616");
}

TEST(ConcreteRules, TheBranchStringKeepsItsFirstLettersAndCountsAll) {
  ConcreteRun run("var x: int; main { while true { x := 1 - x; } }");
  ConcreteMachine& machine = run.start();
  const std::uint64_t steps = 2 * BranchRecord::kept_letters + 11;
  EXPECT_EQ(machine.run(RunLimits{steps, 100}), Outcome::Bound);
  EXPECT_EQ(machine.branch_count(), BranchRecord::kept_letters + 6);
  EXPECT_TRUE(machine.branches_truncated());
  EXPECT_EQ(machine.branches(), std::string(BranchRecord::kept_letters, 'T'));
  EXPECT_EQ(machine.step_letters(), "T");
}

TEST(ConcreteRules, DeepRecursionWithinTheLimits) {
  ConcreteRun run("var n: int; var d: int; proc down(k: int) { if k > 0 { down(k - 1); } d := d + 1; } main { down(n); }");
  run.set_int("n", 10000);
  ConcreteMachine& machine = run.start();
  EXPECT_EQ(machine.run(RunLimits{}), Outcome::Normal);
  EXPECT_EQ(run.global("d"), "10001");
  EXPECT_EQ(machine.steps(), 1u + 10000u * 4u + 3u);
}

}  // namespace
}  // namespace symref
