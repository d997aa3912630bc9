// Unit tests for the type checker (semantics/syntax/checker.hpp): every static rule of docs/language.md,
// each with a program that passes and one that fails with its exact message and position, and
// the resolution it fills in: slots, indices, types, the typing of nil, checks_definedness.
#include "semantics/syntax/checker.hpp"

#include <gtest/gtest.h>

#include <string>

#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/syntax/parser.hpp"

namespace symref {
namespace {

std::unique_ptr<Program> check(const std::string& text) { return load_program_from_text("t.sym", text); }

// All diagnostics of a program that must be refused, one `file:line:col: error: message` per line.
std::string errors(const std::string& text) {
  try {
    check(text);
  } catch (const InputError& error) {
    std::string rendered = error.what(), headers;
    // Keep the header lines; drop the source lines and carets under them.
    for (std::size_t start = 0; start < rendered.size();) {
      std::size_t end = rendered.find('\n', start);
      std::string line = rendered.substr(start, end - start);
      if (line.rfind("t.sym:", 0) == 0) headers += line + "\n";
      start = end == std::string::npos ? rendered.size() : end + 1;
    }
    return headers;
  }
  return "(accepted)\n";
}

std::string error(const std::string& text) {
  std::string all = errors(text);
  return all.substr(0, all.size() - 1);
}

// ---------------------------------------------------------------------------------------------
// Declarations and names

TEST(Checker, AcceptsAProgramUsingEveryKindOfDeclaration) {
  EXPECT_NO_THROW(check(
      "var n: int;\n"
      "var ok: bool;\n"
      "var a: int[];\n"
      "var list: Node;\n"
      "class Node {\n"
      "  field value: int;\n"
      "  field next: Node;\n"
      "  method sum(limit: int): int {\n"
      "    var rest: int := 0;\n"
      "    if this.next != nil && limit > 0 { rest := this.next.sum(limit - 1); }\n"
      "    return this.value + rest;\n"
      "  }\n"
      "}\n"
      "proc fill(k: int) {\n"
      "  var i: int := 0;\n"
      "  while i < len(a) && i < k { a[i] := i * i; i := i + 1; }\n"
      "}\n"
      "main {\n"
      "  list := new Node;\n"
      "  list.next := new Node;\n"
      "  fill(n);\n"
      "  n := list.sum(3);\n"
      "  list.sum(1);\n"
      "  ok := n >= 0 ==> a[0] == 0 || len(a) == 0;\n"
      "  assume ok;\n"
      "  assert !ok ? false : true;\n"
      "}\n"));
}

TEST(Checker, RefusesUndeclaredNames) {
  EXPECT_EQ(error("main { x := 1; }"), "t.sym:1:8: error: undeclared variable `x`");
  EXPECT_EQ(error("var x: int; main { x := y; }"), "t.sym:1:25: error: undeclared variable `y`");
  EXPECT_EQ(error("var p: Node; main {}"), "t.sym:1:5: error: undeclared class `Node`");
  EXPECT_EQ(error("class C {} var p: C; main { p := new D; }"), "t.sym:1:29: error: undeclared class `D`");
  EXPECT_EQ(error("class C {} var p: C; main { p.f := 1; }"), "t.sym:1:31: error: class `C` has no field `f`");
  EXPECT_EQ(error("main { p(); }"), "t.sym:1:8: error: undeclared procedure `p`");
  EXPECT_EQ(error("class C {} var c: C; main { c.m(); }"), "t.sym:1:29: error: class `C` has no method `m`");
  EXPECT_EQ(error("var x: int; proc p(y: Missing) { x := y; } main {}"),
            "t.sym:1:20: error: undeclared class `Missing`");
}

TEST(Checker, RefusesDuplicateDeclarations) {
  EXPECT_EQ(error("var x: int; var x: bool; main {}"), "t.sym:1:17: error: duplicate global `x`");
  EXPECT_EQ(error("class C {} class C {} main {}"), "t.sym:1:18: error: duplicate class `C`");
  EXPECT_EQ(error("class C { field f: int; field f: int; } main {}"),
            "t.sym:1:31: error: duplicate field `f` in class `C`");
  EXPECT_EQ(error("class C { method m(): int { return 0; } method m(): int { return 1; } } main {}"),
            "t.sym:1:48: error: duplicate method `m` in class `C`");
  EXPECT_EQ(error("proc p() {} proc p() {} main {}"), "t.sym:1:18: error: duplicate procedure `p`");
  EXPECT_EQ(error("proc p(a: int, a: int) {} main {}"), "t.sym:1:16: error: duplicate local `a`");
  EXPECT_EQ(error("proc p(a: int) { var a: int := 1; } main {}"), "t.sym:1:22: error: duplicate local `a`");
  EXPECT_EQ(error("proc p() { var a: int := 1; if true { var a: int := 2; } } main {}"),
            "t.sym:1:43: error: duplicate local `a`");
}

TEST(Checker, AllowsTheSameNameInDifferentNamespacesAndBodies) {
  // A field and a method of different classes, a procedure and a global, locals of two bodies.
  EXPECT_NO_THROW(check(
      "var f: int;\n"
      "class A { field f: int; method f(): int { return 1; } }\n"
      "class B { field f: bool; }\n"
      "proc g(k: int) { var i: int := k; }\n"
      "proc h(k: bool) { var i: bool := k; }\n"
      "main {}\n"));
}

TEST(Checker, RefusesALocalNamedLikeAGlobal) {
  EXPECT_EQ(error("var x: int; proc p(x: int) {} main {}"), "t.sym:1:20: error: local `x` has the same name as a global");
  EXPECT_EQ(error("var x: int; proc p() { var x: int := 0; } main {}"),
            "t.sym:1:28: error: local `x` has the same name as a global");
  EXPECT_EQ(error("var x: int; class C { method m(x: int): int { return x; } } main {}"),
            "t.sym:1:32: error: local `x` has the same name as a global");
}

TEST(Checker, AllowsIntArraysOnlyForGlobals) {
  EXPECT_NO_THROW(check("var a: int[]; var b: int[]; main { a := b; a[0] := len(b); }"));
  EXPECT_EQ(error("class C { field a: int[]; } main {}"),
            "t.sym:1:17: error: `int[]` is allowed only for global variables");
  EXPECT_EQ(error("proc p(a: int[]) {} main {}"), "t.sym:1:8: error: `int[]` is allowed only for global variables");
  EXPECT_EQ(error("var b: int[]; proc p() { var a: int[] := b; } main {}"),
            "t.sym:1:30: error: `int[]` is allowed only for global variables");
  EXPECT_EQ(error("class C { method m(): int[] { return 0; } } main {}"),
            "t.sym:1:18: error: `int[]` is allowed only for global variables");
}

// ---------------------------------------------------------------------------------------------
// Locals, `this`, `main`, `return`

TEST(Checker, MakesLocalsVisibleInTheWholeBodyEvenBeforeTheirVar) {
  auto program = check("var g: int; proc p() { g := later; var later: int := 1; } main {}");
  const Statement& use = program->callables[0].body.statements[0];
  EXPECT_EQ(use.value->variable, (VariableSlot{Scope::Local, 0}));
}

TEST(Checker, RefusesThisOutsideMethodsAndAssignmentsToIt) {
  EXPECT_EQ(error("class C {} var c: C; main { c := this; }"),
            "t.sym:1:34: error: `this` is only available in methods");
  EXPECT_EQ(error("class C {} var c: C; proc p() { c := this; } main {}"),
            "t.sym:1:38: error: `this` is only available in methods");
  EXPECT_EQ(error("class C { method m(): int { this := nil; return 0; } } main {}"),
            "t.sym:1:29: error: cannot assign to `this`");
  EXPECT_EQ(error("class C { method m(): int { this := new C; return 0; } } main {}"),
            "t.sym:1:29: error: cannot assign to `this`");
  EXPECT_NO_THROW(check("class C { field f: int; method m(): int { this.f := 1; return this.f; } } main {}"));
}

TEST(Checker, KeepsMainToGlobals) {
  EXPECT_EQ(error("main { var x: int := 1; }"), "t.sym:1:8: error: `main` cannot declare local variables");
  EXPECT_EQ(error("var x: int; main { return x; }"), "t.sym:1:20: error: `return` is only allowed in methods");
}

TEST(Checker, WantsExactlyOneReturnAtTheEndOfEachMethodAndNoneElsewhere) {
  EXPECT_NO_THROW(check("class C { method m(k: int): int { var r: int := k; if k > 0 { r := 1; } return r; } } main {}"));
  EXPECT_EQ(error("class C { method m(): int { skip; } } main {}"), "t.sym:1:18: error: method `C.m` must end with `return`");
  EXPECT_EQ(error("class C { method m(): int { } } main {}"), "t.sym:1:18: error: method `C.m` must end with `return`");
  EXPECT_EQ(errors("class C { method m(): int { return 1; skip; } } main {}"),
            "t.sym:1:18: error: method `C.m` must end with `return`\n"
            "t.sym:1:29: error: `return` must be the last statement of the method\n");
  EXPECT_EQ(error("class C { method m(b: bool): int { if b { return 1; } return 2; } } main {}"),
            "t.sym:1:43: error: `return` must be the last statement of the method");
  EXPECT_EQ(error("class C { method m(): int { return 1; return 2; } } main {}"),
            "t.sym:1:29: error: `return` must be the last statement of the method");
  EXPECT_EQ(error("proc p() { return 1; } main {}"), "t.sym:1:12: error: `return` is only allowed in methods");
}

// ---------------------------------------------------------------------------------------------
// Operators (docs/language.md#expressions)

TEST(Checker, TypesArithmeticAndComparisonsOnInts) {
  auto program = check("var x: int; var b: bool; main { x := -x * 2 + x / 3 - x % 4; b := x < 1 && x <= 2 && x > 3 && x >= 4; }");
  EXPECT_EQ(program->main.statements[0].value->type, Type::integer());
  EXPECT_EQ(program->main.statements[1].value->type, Type::boolean());
  EXPECT_EQ(error("var x: int; var b: bool; main { x := x + b; }"),
            "t.sym:1:40: error: operator `+` needs int operands, not int and bool");
  EXPECT_EQ(error("var x: int; var b: bool; main { b := b < x; }"),
            "t.sym:1:40: error: operator `<` needs int operands, not bool and int");
  EXPECT_EQ(error("var x: int; var b: bool; main { x := -b; }"),
            "t.sym:1:38: error: operator `-` needs an int operand, not bool");
}

TEST(Checker, TypesLogicOnBools) {
  EXPECT_NO_THROW(check("var b: bool; main { b := !b && b || b ==> b; }"));
  EXPECT_EQ(error("var x: int; var b: bool; main { b := !x; }"),
            "t.sym:1:38: error: operator `!` needs a bool operand, not int");
  EXPECT_EQ(error("var x: int; var b: bool; main { b := b && x; }"),
            "t.sym:1:40: error: operator `&&` needs bool operands, not bool and int");
  EXPECT_EQ(error("var x: int; var b: bool; main { b := x ==> b; }"),
            "t.sym:1:40: error: operator `==>` needs bool operands, not int and bool");
}

TEST(Checker, ComparesForEqualityOnlyValuesOfOneType) {
  EXPECT_NO_THROW(check(
      "class C {} var p: C; var q: C; var x: int; var b: bool;\n"
      "main { b := x == 1; b := b != true; b := p == q; b := p != nil; b := nil == p; b := nil == nil; }"));
  EXPECT_EQ(error("var x: int; var b: bool; main { b := x == b; }"),
            "t.sym:1:40: error: operator `==` needs operands of the same type, not int and bool");
  EXPECT_EQ(error("class C {} class D {} var c: C; var d: D; var b: bool; main { b := c != d; }"),
            "t.sym:1:70: error: operator `!=` needs operands of the same type, not C and D");
  EXPECT_EQ(error("var a: int[]; var b: bool; main { b := a == a; }"),
            "t.sym:1:42: error: operator `==` cannot compare int[] values");
  EXPECT_EQ(error("var x: int; var b: bool; main { b := x == nil; }"),
            "t.sym:1:40: error: operator `==` needs operands of the same type, not int and nil");
}

TEST(Checker, TypesConditionalsWhoseBranchesAgree) {
  EXPECT_NO_THROW(check("class C {} var p: C; var x: int; var b: bool; main { x := b ? 1 : 2; b := b ? b : !b; p := b ? p : nil; }"));
  EXPECT_EQ(error("var x: int; main { x := x ? 1 : 2; }"), "t.sym:1:25: error: condition of `?:` must be bool, not int");
  EXPECT_EQ(error("var x: int; var b: bool; main { x := b ? 1 : false; }"),
            "t.sym:1:40: error: branches of `?:` must have the same type, not int and bool");
  EXPECT_EQ(error("var a: int[]; var b: bool; main { a := b ? a : a; }"),
            "t.sym:1:42: error: branches of `?:` cannot be int[]");
}

TEST(Checker, IndexesAndMeasuresOnlyIntArrays) {
  EXPECT_NO_THROW(check("var a: int[]; var i: int; main { a[i] := a[a[i]] + len(a); }"));
  EXPECT_EQ(error("var x: int; main { x := len(x); }"), "t.sym:1:29: error: `len` needs an int[] variable, not int");
  EXPECT_EQ(error("var x: int; main { x := x[0]; }"), "t.sym:1:26: error: indexing needs an int[] variable, not int");
  EXPECT_EQ(error("var x: int; main { x[0] := 1; }"), "t.sym:1:21: error: indexing needs an int[] variable, not int");
  EXPECT_EQ(error("var a: int[]; var b: bool; main { a[b] := 1; }"), "t.sym:1:37: error: index must be int, not bool");
  EXPECT_EQ(error("var a: int[]; main { a := 1; }"), "t.sym:1:27: error: `:=` needs a value of type int[], not int");
}

TEST(Checker, ReadsFieldsOnlyOfObjects) {
  EXPECT_EQ(error("var x: int; main { x := x.f; }"), "t.sym:1:27: error: field access needs an object, not int");
  EXPECT_EQ(error("class C { field f: int; } var x: int; main { x := nil.f; }"),
            "t.sym:1:55: error: field access needs an object, not nil");
}

// ---------------------------------------------------------------------------------------------
// Statements

TEST(Checker, WantsBoolConditions) {
  EXPECT_EQ(error("var x: int; main { if x { skip; } }"), "t.sym:1:23: error: condition of `if` must be bool, not int");
  EXPECT_EQ(error("var x: int; main { while x + 1 { skip; } }"),
            "t.sym:1:28: error: condition of `while` must be bool, not int");
  EXPECT_EQ(error("var x: int; main { assert x; }"), "t.sym:1:27: error: condition of `assert` must be bool, not int");
  EXPECT_EQ(error("var x: int; main { assume 1; }"), "t.sym:1:27: error: condition of `assume` must be bool, not int");
}

TEST(Checker, WantsAssignmentsOfTheLocationsType) {
  EXPECT_EQ(error("var x: int; var b: bool; main { x := b; }"), "t.sym:1:38: error: `:=` needs a value of type int, not bool");
  EXPECT_EQ(error("proc p() { var k: int := true; } main {}"), "t.sym:1:26: error: `:=` needs a value of type int, not bool");
  EXPECT_EQ(error("class C { field f: bool; } var c: C; main { c.f := 1; }"),
            "t.sym:1:52: error: `:=` needs a value of type bool, not int");
  EXPECT_EQ(error("var x: int; main { x := nil; }"), "t.sym:1:25: error: `:=` needs a value of type int, not nil");
}

TEST(Checker, CreatesObjectsOnlyForLocationsOfTheirClass) {
  EXPECT_EQ(error("var x: int; class C {} main { x := new C; }"),
            "t.sym:1:31: error: cannot assign `new C` to a location of type int");
  EXPECT_EQ(error("class C {} class D {} var d: D; main { d := new C; }"),
            "t.sym:1:40: error: cannot assign `new C` to a location of type D");
}

TEST(Checker, MatchesCallsWithTheirDeclarations) {
  const std::string declarations =
      "class C { method m(k: int, flag: bool): int { return k; } }\n"
      "var c: C; var x: int; var b: bool;\n"
      "proc p(k: int) { skip; }\n";
  EXPECT_NO_THROW(check(declarations + "main { x := c.m(1, true); c.m(x, b); p(x + 1); }"));
  EXPECT_EQ(error(declarations + "main { p(); }"), "t.sym:4:8: error: `p` takes 1 argument, not 0");
  EXPECT_EQ(error(declarations + "main { p(1, 2); }"), "t.sym:4:8: error: `p` takes 1 argument, not 2");
  EXPECT_EQ(error(declarations + "main { p(b); }"), "t.sym:4:10: error: argument 1 of `p` must be int, not bool");
  EXPECT_EQ(error(declarations + "main { c.m(1); }"), "t.sym:4:8: error: `C.m` takes 2 arguments, not 1");
  EXPECT_EQ(error(declarations + "main { c.m(1, 2); }"), "t.sym:4:15: error: argument 2 of `C.m` must be bool, not int");
  EXPECT_EQ(error(declarations + "main { b := c.m(1, true); }"),
            "t.sym:4:8: error: `:=` needs a value of type bool, but `C.m` returns int");
  EXPECT_EQ(error(declarations + "main { x.m(1, true); }"), "t.sym:4:8: error: method call needs an object, not int");
  EXPECT_EQ(error(declarations + "main { nil.m(1, true); }"), "t.sym:4:8: error: method call needs an object, not nil");
}

TEST(Checker, WantsReturnValuesOfTheMethodsType) {
  EXPECT_EQ(error("class C { method m(): bool { return 1; } } main {}"),
            "t.sym:1:37: error: method `C.m` must return bool, not int");
  EXPECT_NO_THROW(check("class C { method m(): C { return nil; } } main {}"));
}

TEST(Checker, ReportsEveryErrorInSourceOrder) {
  EXPECT_EQ(errors("var x: int;\n"
                   "proc p() { y := 1; }\n"
                   "class C { field f: int; field f: int; }\n"
                   "main { x := true; if x { skip; } z(); }\n"),
            "t.sym:2:12: error: undeclared variable `y`\n"
            "t.sym:3:31: error: duplicate field `f` in class `C`\n"
            "t.sym:4:13: error: `:=` needs a value of type int, not bool\n"
            "t.sym:4:22: error: condition of `if` must be bool, not int\n"
            "t.sym:4:34: error: undeclared procedure `z`\n");
}

TEST(Checker, DoesNotRepeatAnErrorThroughTheExpressionsAroundIt) {
  EXPECT_EQ(errors("var x: int; main { x := (y + 1) * 2 - (y < 3 ? 1 : 2); }"),
            "t.sym:1:26: error: undeclared variable `y`\n"
            "t.sym:1:40: error: undeclared variable `y`\n");
}

TEST(Checker, RendersDiagnosticsWithTheSourceLine) {
  try {
    check("var x: int;\nmain {\n  x := true;\n}\n");
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "t.sym:3:8: error: `:=` needs a value of type int, not bool\n"
                 "  x := true;\n"
                 "       ^\n");
  }
}

// ---------------------------------------------------------------------------------------------
// Resolution

TEST(Checker, PlacesLocalsInSlotsThisParametersThenVarsInTextualOrder) {
  auto program = check(
      "var g: int;\n"
      "class C {\n"
      "  field f: int;\n"
      "  method m(a: int, b: bool): int {\n"
      "    var first: int := a;\n"
      "    if b { var second: bool := !b; }\n"
      "    while b { var third: C := this; }\n"
      "    return first + g;\n"
      "  }\n"
      "}\n"
      "proc p(k: int) { var v: int := k; g := v; }\n"
      "main { g := 1; }\n");
  const Callable& method = program->callables[0];
  ASSERT_EQ(method.locals.size(), 6u);
  const char* names[] = {"this", "a", "b", "first", "second", "third"};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(method.locals[i].name, names[i]);
  EXPECT_EQ(method.locals[0].type, Type::reference(0));
  EXPECT_EQ(method.locals[2].type, Type::boolean());
  EXPECT_EQ(method.locals[5].type, Type::reference(0));
  EXPECT_EQ(method.return_type, Type::integer());
  EXPECT_EQ(method.first_parameter_slot(), 1);

  const auto& body = method.body.statements;
  EXPECT_EQ(body[0].target->variable, (VariableSlot{Scope::Local, 3}));
  EXPECT_EQ(body[0].declared_type, Type::integer());
  EXPECT_EQ(body[0].value->variable, (VariableSlot{Scope::Local, 1}));
  EXPECT_EQ(body[1].then_block.statements[0].target->variable, (VariableSlot{Scope::Local, 4}));
  const Expression& this_value = *body[2].body.statements[0].value;
  EXPECT_EQ(this_value.kind, ExpressionKind::This);
  EXPECT_EQ(this_value.variable, (VariableSlot{Scope::Local, 0}));
  EXPECT_EQ(this_value.type, Type::reference(0));
  const Expression& sum = *body[3].value;
  EXPECT_EQ(sum.operand(0).variable, (VariableSlot{Scope::Local, 3}));
  EXPECT_EQ(sum.operand(1).variable, (VariableSlot{Scope::Global, 0}));

  const Callable& procedure = program->callables[1];
  ASSERT_EQ(procedure.locals.size(), 2u);
  EXPECT_EQ(procedure.locals[0].name, "k");
  EXPECT_EQ(procedure.locals[1].name, "v");
  EXPECT_EQ(procedure.first_parameter_slot(), 0);
  EXPECT_EQ(procedure.return_type.kind, TypeKind::Void);
  EXPECT_EQ(procedure.body.statements[1].value->variable, (VariableSlot{Scope::Local, 1}));
  EXPECT_EQ(procedure.body.statements[1].target->variable, (VariableSlot{Scope::Global, 0}));
}

TEST(Checker, ResolvesFieldsCalleesClassesAndLookups) {
  auto program = check(
      "class A { field x: int; }\n"
      "class B { field y: int; field next: B; method m(): int { return this.y; } }\n"
      "var b: B; var n: int;\n"
      "proc p() { b.next := new B; }\n"
      "main { p(); n := b.next.m(); n := b.y; }\n");
  EXPECT_EQ(program->class_index.at("A"), 0);
  EXPECT_EQ(program->class_index.at("B"), 1);
  EXPECT_EQ(program->global_index.at("b"), 0);
  EXPECT_EQ(program->global_index.at("n"), 1);
  EXPECT_EQ(program->procedure_index.at("p"), 1);  // after the method B.m
  EXPECT_EQ(program->procedure_index.count("m"), 0u);
  EXPECT_EQ(program->globals[0].type, Type::reference(1));
  EXPECT_EQ(program->fields[2].type, Type::reference(1));

  const Statement& creation = program->callables[1].body.statements[0];
  EXPECT_EQ(creation.class_index, 1);
  EXPECT_EQ(creation.target->field, 2);  // B.next
  EXPECT_EQ(creation.target->type, Type::reference(1));

  const auto& main = program->main.statements;
  EXPECT_EQ(main[0].callee, 1);
  EXPECT_EQ(main[1].callee, 0);
  EXPECT_EQ(main[1].receiver->field, 2);
  EXPECT_EQ(main[1].receiver->type, Type::reference(1));
  EXPECT_EQ(main[2].value->field, 1);  // B.y
  EXPECT_EQ(main[2].value->type, Type::integer());
}

TEST(Checker, GivesNilTheClassOfItsContext) {
  auto program = check(
      "class C { field next: C; method m(p: C): C { return nil; } }\n"
      "var c: C; var b: bool;\n"
      "proc p(q: C) { var r: C := nil; }\n"
      "main {\n"
      "  c := nil;\n"
      "  b := c == nil;\n"
      "  b := nil != c.next;\n"
      "  c := b ? nil : nil;\n"
      "  p(nil);\n"
      "  c := c.m(nil);\n"
      "  b := nil == nil;\n"
      "  c := b ? c : nil;\n"
      "}\n");
  const Type node = Type::reference(0);
  const auto& main = program->main.statements;
  EXPECT_EQ(main[0].value->type, node);
  EXPECT_EQ(main[1].value->operand(1).type, node);
  EXPECT_EQ(main[2].value->operand(0).type, node);
  EXPECT_EQ(main[3].value->type, node);
  EXPECT_EQ(main[3].value->operand(1).type, node);
  EXPECT_EQ(main[3].value->operand(2).type, node);
  EXPECT_EQ(main[4].arguments[0]->type, node);
  EXPECT_EQ(main[5].arguments[0]->type, node);
  EXPECT_EQ(main[6].value->type, Type::boolean());
  EXPECT_EQ(main[6].value->operand(0).type, Type::nil());
  EXPECT_EQ(main[6].value->operand(1).type, Type::nil());
  EXPECT_EQ(main[7].value->operand(2).type, node);
  EXPECT_EQ(program->callables[0].body.statements[0].value->type, node);
  EXPECT_EQ(program->callables[1].body.statements[0].value->type, node);
}

TEST(Checker, MarksTheStatementsWhoseDefinednessIsNotTriviallyTrue) {
  auto program = check(
      "class C { field f: int; field next: C; method m(): int { return 1; } }\n"
      "var c: C; var a: int[]; var x: int; var b: bool;\n"
      "proc p(k: int) { var local: int := a[k]; var other: int := len(a); }\n"
      "main {\n"
      "  x := 1;\n"               // 0 no
      "  x := len(a);\n"          // 1 no: len does not read an element
      "  x := a[0];\n"            // 2 reads an element
      "  a[0] := 1;\n"            // 3 writes an element
      "  c.f := 1;\n"             // 4 writes a field
      "  x := c.f;\n"             // 5 reads a field
      "  c := new C;\n"           // 6 no
      "  c.next := new C;\n"      // 7 writes a field
      "  c.m();\n"                // 8 a method call
      "  p(x);\n"                 // 9 no
      "  p(a[1]);\n"              // 10 reads an element
      "  if c == nil { x := 2; }\n"       // 11 no
      "  while c.f > 0 { skip; }\n"       // 12 the condition reads a field
      "  assert b;\n"                     // 13 no
      "  assume a[0] == 1;\n"             // 14 yes
      "  skip;\n"                         // 15 no
      "  a := a;\n"                       // 16 no: whole arrays are values
      "}\n");
  const bool expected[] = {false, false, true, true, true, true, false, true,
                           true, false, true, false, true, false, true, false, false};
  const auto& main = program->main.statements;
  ASSERT_EQ(main.size(), std::size(expected));
  for (std::size_t i = 0; i < main.size(); ++i) EXPECT_EQ(main[i].checks_definedness, expected[i]) << "statement " << i;
  // Inside the if, the assignment itself reads nothing.
  EXPECT_FALSE(main[11].then_block.statements[0].checks_definedness);
  const auto& procedure = program->callables[1].body.statements;
  EXPECT_TRUE(procedure[0].checks_definedness);
  EXPECT_FALSE(procedure[1].checks_definedness);
  EXPECT_FALSE(program->callables[0].body.statements[0].checks_definedness);  // return 1
}

TEST(Checker, ChecksAProgramBuiltByCodeWithoutSourceText) {
  Program program;
  Statement assignment;
  assignment.kind = StatementKind::Assignment;
  assignment.target = std::make_unique<Expression>();
  assignment.target->kind = ExpressionKind::Variable;
  assignment.target->name = "ghost";
  assignment.value = std::make_unique<Expression>();
  program.main.statements.push_back(std::move(assignment));
  try {
    check_program(program);
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "<program>: error: undeclared variable `ghost`\n");
  }
}

TEST(Checker, RefusesAProgramBuiltByCodeThatNestsTooDeeply) {
  Program program;
  program.globals.push_back(VariableDeclaration{"x", "int", {}, {}});
  auto value = std::make_unique<Expression>();
  for (int i = 0; i < 10 * max_nesting_depth; ++i) {
    auto negation = std::make_unique<Expression>();
    negation->kind = ExpressionKind::Unary;
    negation->unary_operator = UnaryOperator::Negate;
    negation->operands.push_back(std::move(value));
    value = std::move(negation);
  }
  Statement assignment;
  assignment.kind = StatementKind::Assignment;
  assignment.target = std::make_unique<Expression>();
  assignment.target->kind = ExpressionKind::Variable;
  assignment.target->name = "x";
  assignment.value = std::move(value);
  program.main.statements.push_back(std::move(assignment));
  try {
    check_program(program);
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "<program>: error: nesting deeper than 100 levels\n");
  }
}

}  // namespace
}  // namespace symref
