// The symbolic transition systems, one rule at a time: for each Rule a program where the symbolic
// machine takes exactly that rule, with every successor's rule, the conditions it adds to φ (as
// printed terms), its branch letters and outcome, and the substitutions it leads to — in forward
// mode (§2, §2.1, §3, §4.1) and in trace mode (§4: the items recorded in ρ instead).
#include <gtest/gtest.h>

#include "semantics/outcome_site.hpp"
#include "tests/semantics/symbolic/symbolic_fixture.hpp"

namespace symref {
namespace {

using testing::SymbolicRun;
using Lines = std::vector<std::string>;

constexpr EngineMode kForward = EngineMode::Forward;
constexpr EngineMode kTrace = EngineMode::Trace;

// ---------------------------------------------------------------------------------------------
// The initial configuration and the end of main

TEST(SymbolicRules, InitialConfigurationIsTheIdentity) {
  SymbolicRun run("class C { field f: int; } var x: int; var a: int[]; var p: C; main { skip; }");
  EXPECT_EQ(run.global("x"), "x");
  EXPECT_EQ(run.global("a"), "a");
  EXPECT_EQ(run.global("p"), "p");
  EXPECT_EQ(run.field("C", "f"), "f");
  EXPECT_EQ(run.path_condition(), "");
  EXPECT_EQ(run.current().branches, "");
  EXPECT_EQ(run.current().steps, 0u);
}

TEST(SymbolicRules, TheEndOfMainHasNoSuccessorAndIsNormal) {
  SymbolicRun run("var x: int; main { skip; }");
  EXPECT_EQ(run.step_all(), (Lines{"skip [] ε running"}));
  run.advance();
  EXPECT_EQ(run.step_all(), Lines{});
  EXPECT_EQ(run.outcome(), "normal");
  EXPECT_EQ(run.current().steps, 1u);
}

// ---------------------------------------------------------------------------------------------
// §2 / §3 assignment

TEST(SymbolicRules, AssignmentGlobalForward) {
  SymbolicRun run("var x: int; var y: int; main { x := y * 3 + 4; y := x - y; }");
  EXPECT_EQ(run.step_all(), (Lines{"assignment_global [] ε running"}));
  run.advance();
  EXPECT_EQ(run.global("x"), "y * 3 + 4");
  EXPECT_EQ(run.global("y"), "y");
  run.advance();
  EXPECT_EQ(run.global("y"), "y * 3 + 4 - y");  // σ applied to the right-hand side
  EXPECT_EQ(run.path_condition(), "");
  EXPECT_EQ(run.current().steps, 2u);
}

TEST(SymbolicRules, AssignmentGlobalTrace) {
  SymbolicRun run("var x: int; var y: int; main { x := y * 3 + 4; y := x - y; }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{"assignment_global [] ε running"}));
  EXPECT_EQ(run.new_items(0), (Lines{"x := y * 3 + 4"}));
  run.advance(2);
  EXPECT_EQ(run.trace(), (Lines{"x := y * 3 + 4", "y := x - y"}));  // nothing substituted
  EXPECT_EQ(run.global("x"), "x");
  EXPECT_EQ(run.path_condition(), "");
}

TEST(SymbolicRules, AssignmentLocalForward) {
  SymbolicRun run("var g: int; proc p(k: int) { var u: int := k + 1; u := u * g; g := u; } main { p(g); }");
  EXPECT_EQ(run.advance(), (Lines{"procedure_call"}));
  EXPECT_EQ(run.locals(1), "k=g, u=0");
  EXPECT_EQ(run.step_all(), (Lines{"assignment_local [] ε running"}));
  run.advance();
  EXPECT_EQ(run.locals(1), "k=g, u=g + 1");
  run.advance();
  EXPECT_EQ(run.locals(1), "k=g, u=(g + 1) * g");
  run.advance();
  EXPECT_EQ(run.global("g"), "(g + 1) * g");
}

TEST(SymbolicRules, AssignmentLocalTrace) {
  SymbolicRun run("var g: int; proc p(k: int) { var u: int := k + 1; g := u; } main { p(g); }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{"procedure_call [] ε running"}));
  EXPECT_EQ(run.new_items(0), (Lines{"k#1 := g", "u#2 := 0"}));
  run.advance();  // computes the successors again: the call renames with fresh variables again
  EXPECT_EQ(run.locals(1), "k=k#3, u=u#4");
  EXPECT_EQ(run.trace(), (Lines{"k#3 := g", "u#4 := 0"}));
  EXPECT_EQ(run.step_all(), (Lines{"assignment_local [] ε running"}));
  EXPECT_EQ(run.new_items(0), (Lines{"u#4 := k#3 + 1"}));
  run.advance();
  EXPECT_EQ(run.step_all(), (Lines{"assignment_global [] ε running"}));
  EXPECT_EQ(run.new_items(0), (Lines{"g := u#4"}));
}

TEST(SymbolicRules, AssignmentArrayForward) {
  SymbolicRun run("var a: int[]; var i: int; main { a[i] := a[i + 1]; }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "assignment_array [0 <= i && i < len(a) && 0 <= i + 1 && i + 1 < len(a)] D running",
                                "error_out_of_bounds [!(0 <= i && i < len(a)) || 0 <= i && i < len(a) && !(0 <= i + 1 && i + 1 < len(a))] E out-of-bounds",
                            }));
  run.take(0);
  EXPECT_EQ(run.global("a"), "a[i := a[i + 1]]");
  EXPECT_EQ(run.path_condition(), "0 <= i && i < len(a) && 0 <= i + 1 && i + 1 < len(a)");
}

TEST(SymbolicRules, AssignmentArrayTrace) {
  SymbolicRun run("var a: int[]; var i: int; main { a[i] := 5; }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{
                                "assignment_array [] D running",
                                "error_out_of_bounds [!(0 <= i && i < len(a))] E out-of-bounds",
                            }));
  EXPECT_EQ(run.new_items(0), (Lines{"a[i] := 5"}));
  EXPECT_EQ(run.new_items(1), (Lines{"!(0 <= i && i < len(a))"}));
  run.take(0);
  const TraceItem& item = *run.current().trace.items().back();
  const auto* assignment = item.as<TraceArrayElementAssignment>();
  ASSERT_NE(assignment, nullptr);
  EXPECT_EQ(run.print(assignment->definedness), "0 <= i && i < len(a)");  // δ travels with the item
}

TEST(SymbolicRules, AssignmentFieldForward) {
  SymbolicRun run("class C { field f: int; field n: C; } var p: C; main { p.n.f := 4; }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "assignment_field [p != nil && p.n != nil] D running",
                                "error_nil_dereference [p == nil || p != nil && p.n == nil] E nil-dereference",
                            }));
  run.take(0);
  EXPECT_EQ(run.field("C", "f"), "f[p.n := 4]");
  EXPECT_EQ(run.field("C", "n"), "n");
}

TEST(SymbolicRules, AssignmentFieldTrace) {
  SymbolicRun run("class C { field f: int; } var p: C; main { p.f := p.f + 1; }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{
                                "assignment_field [] D running",
                                "error_nil_dereference [p == nil] E nil-dereference",
                            }));
  EXPECT_EQ(run.new_items(0), (Lines{"p.f := p.f + 1"}));
  EXPECT_EQ(run.new_items(1), (Lines{"p == nil"}));
}

// ---------------------------------------------------------------------------------------------
// §4 / §4.1 object creation

TEST(SymbolicRules, ObjectCreationForward) {
  SymbolicRun run("class C { field v: int; field b: bool; field n: C; } var p: C; var q: C; main { p := new C; q := new C; }");
  EXPECT_EQ(run.step_all(), (Lines{"object_creation [] ε running"}));
  run.advance();
  EXPECT_EQ(run.global("p"), "new#1");
  EXPECT_EQ(run.field("C", "v"), "v[new#1 := 0]");
  EXPECT_EQ(run.field("C", "b"), "b[new#1 := false]");
  EXPECT_EQ(run.field("C", "n"), "n[new#1 := nil]");
  EXPECT_EQ(run.current().next_object, 2);
  run.advance();
  EXPECT_EQ(run.global("q"), "new#2");
  EXPECT_EQ(run.field("C", "v"), "v[new#1 := 0][new#2 := 0]");
}

TEST(SymbolicRules, ObjectCreationIntoAFieldForward) {
  SymbolicRun run("class C { field n: C; } var p: C; main { p.n := new C; }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "object_creation [p != nil] D running",
                                "error_nil_dereference [p == nil] E nil-dereference",
                            }));
  run.take(0);
  EXPECT_EQ(run.field("C", "n"), "n[new#1 := nil][p := new#1]");
}

TEST(SymbolicRules, ObjectCreationTrace) {
  SymbolicRun run("class C { field v: int; } var p: C; main { p := new C; }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{"object_creation [] ε running"}));
  EXPECT_EQ(run.new_items(0), (Lines{"new#1 := new C", "p := new#1"}));
}

// ---------------------------------------------------------------------------------------------
// §2 choice and iteration

TEST(SymbolicRules, ChoiceThenAndElse) {
  for (EngineMode mode : {kForward, kTrace}) {
    SymbolicRun run("var x: int; var y: int; main { y := x + 1; if y > 0 { y := 1; } else { y := 2; } }", mode);
    run.advance();
    if (mode == kForward) {
      EXPECT_EQ(run.step_all(), (Lines{"choice_then [0 < x + 1] T running", "choice_else [x + 1 <= 0] F running"}));
    } else {
      EXPECT_EQ(run.step_all(), (Lines{"choice_then [0 < y] T running", "choice_else [y <= 0] F running"}));
      EXPECT_EQ(run.new_items(0), (Lines{"0 < y"}));
      EXPECT_EQ(run.new_items(1), (Lines{"y <= 0"}));
    }
    run.take(1);
    EXPECT_EQ(run.advance(), (Lines{"assignment_global"}));
    EXPECT_EQ(run.step_all(), Lines{});
    EXPECT_EQ(run.outcome(), "normal");
    EXPECT_EQ(run.current().branches, "F");
    if (mode == kForward) {
      EXPECT_EQ(run.global("y"), "2");
      EXPECT_EQ(run.path_condition(), "x + 1 <= 0");
    }
  }
}

TEST(SymbolicRules, ChoiceWithDefinedness) {
  SymbolicRun run("var a: int[]; var i: int; main { if a[i] > 0 { skip; } }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "choice_then [0 <= i && i < len(a) ; 0 < a[i]] DT running",
                                "choice_else [0 <= i && i < len(a) ; a[i] <= 0] DF running",
                                "error_out_of_bounds [!(0 <= i && i < len(a))] E out-of-bounds",
                            }));
}

TEST(SymbolicRules, ChoiceOnAConstantHasOneSuccessor) {
  SymbolicRun run("var x: int; main { x := 3; if x > 0 { x := 1; } }");
  run.advance();
  EXPECT_EQ(run.step_all(), (Lines{"choice_then [] T running"}));  // 0 < 3 is true, 3 <= 0 false
}

TEST(SymbolicRules, IterationEnterAndExit) {
  SymbolicRun run("var i: int; main { while i < 2 { i := i + 1; } }");
  EXPECT_EQ(run.step_all(), (Lines{"iteration_enter [i < 2] T running", "iteration_exit [2 <= i] F running"}));
  run.take(0);
  run.advance();
  EXPECT_EQ(run.step_all(), (Lines{"iteration_enter [i + 1 < 2] TT running", "iteration_exit [2 <= i + 1] TF running"}));
  run.take(1);
  EXPECT_EQ(run.path_condition(), "i < 2 ; 2 <= i + 1");
  EXPECT_EQ(run.global("i"), "i + 1");
  EXPECT_EQ(run.step_all(), Lines{});
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(SymbolicRules, LoopBoundEndsThePathInBound) {
  SymbolicLimits limits;
  limits.loop_bound = 1;
  SymbolicRun run("var i: int;\nmain {\n  while i < 2 {\n    i := i + 1;\n  }\n}", kForward, limits);
  run.take(0);
  run.advance();
  EXPECT_EQ(run.step_all(), (Lines{"iteration_enter [i + 1 < 2] TT bound", "iteration_exit [2 <= i + 1] TF running"}));
  run.take(0);
  EXPECT_EQ(run.current().bound_reason, "loop bound 1 reached at line 3");
  EXPECT_EQ(run.step_all(), Lines{});
}

TEST(SymbolicRules, LoopBoundZeroForbidsTheFirstIteration) {
  SymbolicLimits limits;
  limits.loop_bound = 0;
  SymbolicRun run("var i: int; main { while i < 2 { i := i + 1; } }", kTrace, limits);
  EXPECT_EQ(run.step_all(), (Lines{"iteration_enter [i < 2] T bound", "iteration_exit [2 <= i] F running"}));
}

TEST(SymbolicRules, LoopIterationsCountPerEntry) {
  // The inner loop is entered anew in every outer iteration: its count starts again.
  SymbolicLimits limits;
  limits.loop_bound = 1;
  SymbolicRun run("var i: int; var j: int; main { while i < 2 { j := 0; while j < 1 { j := j + 1; } i := i + 1; } }",
                  kForward, limits);
  run.take(0);           // enter the outer loop (i < 2)
  run.advance();         // j := 0
  run.take(0);           // the inner loop: 0 < 1 is true, one successor
  EXPECT_EQ(run.current().branches, "TT");
  run.advance();         // j := 1
  EXPECT_EQ(run.step_all(), (Lines{"iteration_exit [] TTF running"}));  // 1 < 1 is false
  run.advance(2);        // leave, i := i + 1
  EXPECT_EQ(run.step_all(), (Lines{"iteration_enter [i + 1 < 2] TTFT bound", "iteration_exit [2 <= i + 1] TTFF running"}));
}

// ---------------------------------------------------------------------------------------------
// assert, assume, skip

TEST(SymbolicRules, AssertHoldsAndFails) {
  SymbolicRun run("var x: int; main { assert x != 3; x := 1; }");
  EXPECT_EQ(run.step_all(), (Lines{"assert_holds [x != 3] T running", "assert_fails [x == 3] F assertion-failure"}));
  run.take(1);
  EXPECT_EQ(run.step_all(), Lines{});  // an ended path has no successor
  EXPECT_EQ(run.outcome(), "assertion-failure");
}

TEST(SymbolicRules, AssumeHoldsAndFails) {
  SymbolicRun run("var x: int; main { assume x >= 0; }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{"assume_holds [0 <= x] T running", "assume_fails [x < 0] F blocked"}));
  EXPECT_EQ(run.new_items(0), (Lines{"0 <= x"}));
  EXPECT_EQ(run.new_items(1), (Lines{"x < 0"}));
}

TEST(SymbolicRules, UndefinedAssertAndAssumeAreErrors) {
  SymbolicRun run("class C { field f: int; } var p: C; var a: int[]; main { assume p.f > 0; assert a[0] == 0; }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "assume_holds [p != nil ; 0 < p.f] DT running",
                                "assume_fails [p != nil ; p.f <= 0] DF blocked",
                                "error_nil_dereference [p == nil] E nil-dereference",
                            }));
  run.take(0);
  EXPECT_EQ(run.step_all(), (Lines{
                                "assert_holds [0 < len(a) ; a[0] == 0] DTDT running",
                                "assert_fails [0 < len(a) ; a[0] != 0] DTDF assertion-failure",
                                "error_out_of_bounds [len(a) <= 0] DTE out-of-bounds",
                            }));
}

TEST(SymbolicRules, Skip) {
  for (EngineMode mode : {kForward, kTrace}) {
    SymbolicRun run("var x: int; main { skip; }", mode);
    EXPECT_EQ(run.step_all(), (Lines{"skip [] ε running"}));
    EXPECT_EQ(run.new_items(0), Lines{});
  }
}

// ---------------------------------------------------------------------------------------------
// §3 procedures

TEST(SymbolicRules, ProcedureCallForward) {
  SymbolicRun run("var a: int[]; var g: int; proc p(x: int, b: bool) { var t: int := x; g := t; } main { p(a[g], g == 1); }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "procedure_call [0 <= g && g < len(a)] D running",
                                "error_out_of_bounds [!(0 <= g && g < len(a))] E out-of-bounds",
                            }));
  run.take(0);
  EXPECT_EQ(run.depth(), 2u);
  EXPECT_EQ(run.locals(1), "x=a[g], b=g == 1, t=0");
}

TEST(SymbolicRules, ProcedureCallTrace) {
  SymbolicRun run("var a: int[]; var g: int; proc p(x: int) { g := x; } main { p(a[g]); }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{
                                "procedure_call [] D running",
                                "error_out_of_bounds [!(0 <= g && g < len(a))] E out-of-bounds",
                            }));
  EXPECT_EQ(run.new_items(0), (Lines{"x#1 := a[g]"}));
  run.take(0);
  const auto* binding = run.current().trace.items().back()->as<TraceVariableAssignment>();
  ASSERT_NE(binding, nullptr);
  EXPECT_EQ(run.print(binding->definedness), "0 <= g && g < len(a)");
}

TEST(SymbolicRules, ProcedureReturnRestoresTheCallersLocals) {
  SymbolicRun run(
      "var out: int;\n"
      "proc inner(x: int) { var y: int := 1; x := 100; y := out; }\n"
      "proc outer(x: int) { var y: int := 7; inner(x + 1); out := x * 1000 + y; }\n"
      "main { outer(out); }");
  run.advance(3);  // call outer, y := 7, call inner
  EXPECT_EQ(run.locals(2), "x=out + 1, y=0");
  EXPECT_EQ(run.locals(1), "x=out, y=7");
  run.advance(3);
  EXPECT_EQ(run.locals(2), "x=100, y=out");
  EXPECT_EQ(run.step_all(), (Lines{"procedure_return [] ε running"}));
  run.advance();
  EXPECT_EQ(run.depth(), 2u);
  EXPECT_EQ(run.locals(1), "x=out, y=7");
  EXPECT_EQ(run.current().locals.size(), 2u);  // the callee's τ is gone
  run.advance();
  EXPECT_EQ(run.global("out"), "out * 1000 + 7");
  EXPECT_EQ(run.advance(), (Lines{"procedure_return"}));
  EXPECT_EQ(run.step_all(), Lines{});
  EXPECT_EQ(run.outcome(), "normal");
}

TEST(SymbolicRules, ProcedureReturnTrace) {
  SymbolicRun run("var g: int; proc p(x: int) { g := x; } proc q(x: int) { var y: int := x; p(y + 1); g := g + y; } main { q(g); }",
                  kTrace);
  run.advance(3);  // call q, y := x, call p
  EXPECT_EQ(run.locals(2), "x=x#3");
  run.advance();   // g := x
  const std::size_t items = run.current().trace.length();
  EXPECT_EQ(run.step_all(), (Lines{"procedure_return [] ε running"}));
  EXPECT_EQ(run.new_items(0), Lines{});  // popping a closure records nothing in ρ
  run.advance();
  EXPECT_EQ(run.current().trace.length(), items);
  EXPECT_EQ(run.locals(1), "x=x#1, y=y#2");
  run.advance();
  EXPECT_EQ(run.trace(), (Lines{"x#1 := g", "y#2 := 0", "y#2 := x#1", "x#3 := y#2 + 1", "g := x#3", "g := g + y#2"}));
}

TEST(SymbolicRules, AssertTrace) {
  SymbolicRun run("var a: int[]; main { assert a[1] > 2; }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{
                                "assert_holds [1 < len(a) ; 2 < a[1]] DT running",
                                "assert_fails [1 < len(a) ; a[1] <= 2] DF assertion-failure",
                                "error_out_of_bounds [len(a) <= 1] E out-of-bounds",
                            }));
  EXPECT_EQ(run.new_items(0), (Lines{"1 < len(a)", "2 < a[1]"}));
  EXPECT_EQ(run.new_items(1), (Lines{"1 < len(a)", "a[1] <= 2"}));
  EXPECT_EQ(run.new_items(2), (Lines{"len(a) <= 1"}));
}

TEST(SymbolicRules, RecursionBoundEndsThePathInBound) {
  SymbolicLimits limits;
  limits.loop_bound = 2;
  for (EngineMode mode : {kForward, kTrace}) {
    SymbolicRun run("var n: int; proc down(k: int) { down(k - 1); } main { down(n); }", mode, limits);
    EXPECT_EQ(run.advance(2), (Lines{"procedure_call", "procedure_call"}));
    EXPECT_EQ(run.depth(), 3u);
    EXPECT_EQ(run.step_all(), (Lines{"procedure_call [] ε bound"}));
    run.advance();
    EXPECT_EQ(run.current().bound_reason, "recursion bound 2 reached at down");
    EXPECT_EQ(run.depth(), 3u);  // the third call is not made
  }
}

// Folding constants beyond the integer size limit is not a step: no successor, the configuration
// ends in `bound` where it is, with the operator's position (as the concrete machines say it).
TEST(SymbolicRules, IntegerSizeLimitEndsThePathInBoundBeforeTheStatement) {
  SymbolicRun run("var x: int; var y: int; main { x := 4294967296; y := 1; x := x * x; y := 2; }");
  run.terms().set_max_int_bits(64);
  run.advance(2);
  EXPECT_EQ(run.step_all(), Lines{});
  EXPECT_EQ(run.outcome(), "bound");
  EXPECT_EQ(run.current().bound_reason, "integer of more than 64 bits at 1:64");
  EXPECT_EQ(run.current().steps, 2u);
  EXPECT_EQ(run.global("x"), "4294967296");
  const Program& program = *run.terms().program();
  EXPECT_EQ(outcome_site(program, run.current().control).statement_text(program), "x := x * x");
}

TEST(SymbolicRules, CallDepthLimitEndsThePathInBound) {
  SymbolicLimits limits;
  limits.max_depth = 3;
  SymbolicRun run("proc a() { b(); } proc b() { c(); } proc c() { skip; } main { a(); }", kForward, limits);
  run.advance(2);
  EXPECT_EQ(run.step_all(), (Lines{"procedure_call [] ε bound"}));
  run.advance();
  EXPECT_EQ(run.current().bound_reason, "call depth limit 3 reached");
}

// ---------------------------------------------------------------------------------------------
// §4 methods

constexpr const char* kCell =
    "class Cell {\n"
    "  field v: int;\n"
    "  field next: Cell;\n"
    "  method add(k: int): int { this.v := this.v + k; return this.v * 2; }\n"
    "  method self(): Cell { return this; }\n"
    "}\n";

TEST(SymbolicRules, MethodCallForward) {
  SymbolicRun run(std::string(kCell) + "var p: Cell; var r: int; main { r := p.next.add(r + 1); }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "method_call [p != nil && p.next != nil] D running",
                                "error_nil_dereference [p == nil || p != nil && p.next == nil] E nil-dereference",
                            }));
  run.take(0);
  EXPECT_EQ(run.depth(), 2u);
  EXPECT_EQ(run.locals(1), "this=p.next, k=r + 1");
  EXPECT_TRUE(run.current().control.frames()[0].awaiting_result);
}

TEST(SymbolicRules, MethodCallTrace) {
  SymbolicRun run(std::string(kCell) + "var p: Cell; var r: int; main { r := p.add(r + 1); }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{
                                "method_call [p != nil] D running",
                                "error_nil_dereference [p == nil] E nil-dereference",
                            }));
  EXPECT_EQ(run.new_items(0), (Lines{"p != nil", "this#1 := p", "k#2 := r + 1"}));
  EXPECT_EQ(run.new_items(1), (Lines{"p == nil"}));
}

TEST(SymbolicRules, MethodReturnAndResultForward) {
  SymbolicRun run(std::string(kCell) + "var p: Cell; var r: int; main { r := p.add(3); r := r + 1; }");
  run.take(0);
  run.take(0);  // this.v := this.v + k
  EXPECT_EQ(run.field("Cell", "v"), "v[p := p.v + 3]");
  // δ(this.v * 2) with this ↦ p: p != nil again (φ has it already; the solver prunes the E side).
  EXPECT_EQ(run.step_all(), (Lines{"method_return [p != nil] DDD running",
                                   "error_nil_dereference [p == nil] DDE nil-dereference"}));
  run.take(0);
  EXPECT_EQ(run.print(run.current().result), "(p.v + 3) * 2");  // v[p := p.v + 3][p], read over write
  EXPECT_EQ(run.current().control.current(), nullptr);  // the closure is (τ, ε)
  EXPECT_EQ(run.step_all(), (Lines{"procedure_return [] DDD running"}));
  run.advance();
  EXPECT_EQ(run.depth(), 1u);
  EXPECT_EQ(run.step_all(), (Lines{"method_result [] DDD running"}));
  run.advance();
  EXPECT_EQ(run.global("r"), "(p.v + 3) * 2");
  EXPECT_FALSE(run.current().control.frames()[0].awaiting_result);
  run.advance();
  EXPECT_EQ(run.global("r"), "(p.v + 3) * 2 + 1");
  EXPECT_EQ(run.path_condition(), "p != nil ; p != nil ; p != nil");
}

TEST(SymbolicRules, MethodReturnAndResultTrace) {
  SymbolicRun run(std::string(kCell) + "var p: Cell; var r: int; main { r := p.add(3); }", kTrace);
  run.take(0);
  run.take(0);
  EXPECT_EQ(run.step_all(), (Lines{"method_return [] DDD running", "error_nil_dereference [this#1 == nil] DDE nil-dereference"}));
  EXPECT_EQ(run.new_items(0), (Lines{"r#3 := this#1.v * 2"}));
  run.take(0);
  run.advance();  // procedure return
  EXPECT_EQ(run.step_all(), (Lines{"method_result [] DDD running"}));
  EXPECT_EQ(run.new_items(0), (Lines{"r := r#4"}));  // r#3 was made by step_all, r#4 by take
}

TEST(SymbolicRules, MethodResultIntoAFieldChecksTheTargetAfterTheBody) {
  SymbolicRun run(
      "class N { field next: N; method step(): N { p := this.next; return this; } }\n"
      "var p: N; main { p.next := p.step(); }");
  run.take(0);  // the call, p != nil
  run.take(0);  // p := this.next
  run.advance(2);  // return this, procedure return
  EXPECT_EQ(run.step_all(), (Lines{
                                "method_result [p.next != nil] DDD running",
                                "error_nil_dereference [p.next == nil] DDE nil-dereference",
                            }));
  run.take(0);
  EXPECT_EQ(run.field("N", "next"), "next[p.next := p]");
}

TEST(SymbolicRules, ThisIsBoundByValue) {
  SymbolicRun run(
      "class N { field v: int; field next: N;\n"
      "  method advance(): int { cur := this.next; this.v := this.v + 100; return this.v; } }\n"
      "var cur: N; var r: int; main { r := cur.advance(); }");
  run.take(0);
  EXPECT_EQ(run.locals(1), "this=cur");
  run.take(0);
  EXPECT_EQ(run.global("cur"), "cur.next");
  EXPECT_EQ(run.locals(1), "this=cur");  // still the receiver's value at the call
  run.take(0);
  EXPECT_EQ(run.field("N", "v"), "v[cur := cur.v + 100]");
}

TEST(SymbolicRules, ThisIsBoundByValueInTraceMode) {
  SymbolicRun run(
      "class N { field v: int; field next: N;\n"
      "  method advance(): int { cur := this.next; return this.v; } }\n"
      "var cur: N; var r: int; main { r := cur.advance(); }",
      kTrace);
  run.take(0);
  EXPECT_EQ(run.trace(), (Lines{"cur != nil", "this#1 := cur"}));
  run.take(0);
  EXPECT_EQ(run.new_items(0), Lines{});
  EXPECT_EQ(run.trace(), (Lines{"cur != nil", "this#1 := cur", "cur := this#1.next"}));
}

TEST(SymbolicRules, MethodRecursionBound) {
  SymbolicLimits limits;
  limits.loop_bound = 1;
  SymbolicRun run(
      "class L { field n: L; method size(): int { var k: int := 0; k := this.n.size(); return k + 1; } }\n"
      "var h: L; var r: int; main { r := h.size(); }",
      kForward, limits);
  run.take(0);
  run.advance();
  EXPECT_EQ(run.step_all(), (Lines{
                                "method_call [h != nil && h.n != nil] DD bound",
                                "error_nil_dereference [h == nil || h != nil && h.n == nil] DE nil-dereference",
                            }));
  run.take(0);
  EXPECT_EQ(run.current().bound_reason, "recursion bound 1 reached at L.size");
}

// ---------------------------------------------------------------------------------------------
// The lazy operators: δ guards the right operand by the left

TEST(SymbolicRules, LazyOperatorsDefinedness) {
  SymbolicRun run(
      "class C { field f: int; } var p: C; var a: int[]; var i: int; var b: bool; var x: int;\n"
      "main { b := i < len(a) && a[i] > 0; b := p == nil || p.f > 0; b := p != nil ==> p.f > 0; x := i < len(a) ? a[i] : -1; }");
  EXPECT_EQ(run.step_all(), (Lines{
                                "assignment_global [i < len(a) ==> 0 <= i && i < len(a)] D running",
                                "error_out_of_bounds [i < len(a) && !(0 <= i && i < len(a))] E out-of-bounds",
                            }));
  run.take(0);
  // δ(p == nil || p.f > 0) = p != nil ==> p != nil: true, so no E successor, but still the letter D.
  EXPECT_EQ(run.step_all(), (Lines{"assignment_global [] DD running"}));
  run.take(0);
  EXPECT_EQ(run.step_all(), (Lines{"assignment_global [] DDD running"}));
  run.take(0);
  EXPECT_EQ(run.step_all(), (Lines{
                                "assignment_global [i < len(a) ==> 0 <= i && i < len(a)] DDDD running",  // the else side -1 is defined
                                "error_out_of_bounds [i < len(a) && !(0 <= i && i < len(a))] DDDE out-of-bounds",
                            }));
  run.take(0);
  EXPECT_EQ(run.global("x"), "i < len(a) ? a[i] : -1");
  EXPECT_EQ(run.global("b"), "p != nil ==> 0 < p.f");
}

TEST(SymbolicRules, LazyOperatorsInTraceMode) {
  SymbolicRun run("var a: int[]; var i: int; var b: bool; main { b := i < len(a) && a[i] > 0; }", kTrace);
  EXPECT_EQ(run.step_all(), (Lines{
                                "assignment_global [] D running",
                                "error_out_of_bounds [i < len(a) && !(0 <= i && i < len(a))] E out-of-bounds",
                            }));
  EXPECT_EQ(run.new_items(0), (Lines{"b := i < len(a) && 0 < a[i]"}));
  run.take(0);
  const auto* assignment = run.current().trace.items().back()->as<TraceVariableAssignment>();
  ASSERT_NE(assignment, nullptr);
  EXPECT_EQ(run.print(assignment->definedness), "i < len(a) ==> 0 <= i && i < len(a)");
}

}  // namespace
}  // namespace symref
