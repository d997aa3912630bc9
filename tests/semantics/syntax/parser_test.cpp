// Unit tests for the parser (semantics/syntax/parser.hpp): every construct of docs/language.md#grammar,
// precedence and associativity, source positions, and the exact message and position of every
// syntax error.
#include "semantics/syntax/parser.hpp"

#include <gtest/gtest.h>

#include <string>

#include "semantics/syntax/diagnostics.hpp"
#include "tests/semantics/syntax/program_structure.hpp"

namespace symref {
namespace {

std::unique_ptr<Program> parse(const std::string& text) {
  return parse_program(std::make_shared<const SourceFile>("t.sym", text));
}

// The rendered diagnostics for a text that must not parse.
std::string syntax_error(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& error) {
    return error.what();
  }
  return "(parsed)";
}

// Its first line: `file:line:col: error: message`.
std::string first_line(const std::string& text) {
  std::string rendered = syntax_error(text);
  return rendered.substr(0, rendered.find('\n'));
}

std::string tree(const Expression& expression) { return testing::structure(expression); }

// The tree of the expression `text` as the right-hand side of an assignment in main.
std::string expression_tree(const std::string& text) {
  auto program = parse("main { x := " + text + "; }");
  return tree(*program->main.statements.at(0).value);
}

std::string at(SourceLocation location) { return std::to_string(location.line) + ":" + std::to_string(location.column); }

// ---------------------------------------------------------------------------------------------
// Declarations

TEST(Parser, ReadsGlobalsClassesProceduresAndMainInOrder) {
  auto program = parse(
      "var x: int;\n"
      "var ok: bool;\n"
      "var a: int[];\n"
      "var head: Node;\n"
      "class Node {\n"
      "  field value: int;\n"
      "  method get(k: int, b: bool): int { return this.value; }\n"
      "  field next: Node;\n"
      "}\n"
      "proc p(n: int) { skip; }\n"
      "main { skip; }\n");
  ASSERT_EQ(program->globals.size(), 4u);
  EXPECT_EQ(program->globals[0].name, "x");
  EXPECT_EQ(program->globals[0].type_name, "int");
  EXPECT_EQ(program->globals[1].type_name, "bool");
  EXPECT_EQ(program->globals[2].type_name, "int[]");
  EXPECT_EQ(program->globals[3].type_name, "Node");
  EXPECT_EQ(at(program->globals[3].location), "4:5");

  ASSERT_EQ(program->classes.size(), 1u);
  const Class& node = program->classes[0];
  EXPECT_EQ(node.name, "Node");
  EXPECT_EQ(at(node.location), "5:7");
  ASSERT_EQ(node.fields.size(), 2u);
  EXPECT_EQ(program->fields[node.fields[0]].name, "value");
  EXPECT_EQ(program->fields[node.fields[1]].name, "next");
  EXPECT_EQ(program->fields[node.fields[1]].type_name, "Node");
  EXPECT_EQ(program->fields[node.fields[1]].position, 1);
  EXPECT_EQ(program->fields[node.fields[1]].class_index, 0);

  ASSERT_EQ(program->callables.size(), 2u);
  const Callable& get = program->callables[0];
  EXPECT_TRUE(get.is_method);
  EXPECT_EQ(get.name, "get");
  EXPECT_EQ(get.class_index, 0);
  EXPECT_EQ(get.return_type_name, "int");
  EXPECT_EQ(get.parameter_count, 2);
  ASSERT_EQ(get.locals.size(), 3u);  // this, k, b
  EXPECT_EQ(get.locals[0].name, "this");
  EXPECT_EQ(get.locals[0].type_name, "Node");
  EXPECT_EQ(get.locals[1].name, "k");
  EXPECT_EQ(get.locals[2].type_name, "bool");
  EXPECT_EQ(node.methods, std::vector<std::int32_t>{0});

  const Callable& p = program->callables[1];
  EXPECT_FALSE(p.is_method);
  EXPECT_EQ(p.name, "p");
  EXPECT_EQ(p.parameter_count, 1);
  ASSERT_EQ(p.locals.size(), 1u);
  EXPECT_EQ(p.locals[0].name, "n");
  EXPECT_EQ(at(p.location), "10:6");
  EXPECT_EQ(at(program->main_location), "11:1");
  EXPECT_EQ(at(program->main.location), "11:6");
}

TEST(Parser, AcceptsTheSmallestProgramAndEmptyParameterLists) {
  auto program = parse("main {}");
  EXPECT_TRUE(program->main.statements.empty());
  program = parse("proc p() {} class C { method m(): int { return 0; } } main {}");
  EXPECT_EQ(program->callables[0].parameter_count, 0);
  EXPECT_EQ(program->callables[1].locals.size(), 1u);  // this
}

// ---------------------------------------------------------------------------------------------
// Statements

TEST(Parser, ReadsEveryStatement) {
  auto program = parse(
      "proc p(n: int) {\n"
      "  var i: int := 0;\n"
      "  x := 1;\n"
      "  a[i] := 2;\n"
      "  q.next.value := 3;\n"
      "  q := new Node;\n"
      "  r := q.get(1, true);\n"
      "  q.next.touch();\n"
      "  p(n - 1);\n"
      "  while i < n { i := i + 1; }\n"
      "  assert i == n;\n"
      "  assume n > 0;\n"
      "  skip;\n"
      "}\n"
      "class Node { method get(k: int, b: bool): int { return k; } }\n"
      "main {}\n");
  const auto& body = program->callables[0].body.statements;
  ASSERT_EQ(body.size(), 12u);

  EXPECT_EQ(body[0].kind, StatementKind::LocalDeclaration);
  EXPECT_EQ(body[0].target->kind, ExpressionKind::Variable);
  EXPECT_EQ(body[0].target->name, "i");
  EXPECT_EQ(body[0].type_name, "int");
  EXPECT_EQ(tree(*body[0].value), "0");

  EXPECT_EQ(body[1].kind, StatementKind::Assignment);
  EXPECT_EQ(tree(*body[1].target), "x");

  EXPECT_EQ(body[2].kind, StatementKind::Assignment);
  EXPECT_EQ(tree(*body[2].target), "([] a i)");

  EXPECT_EQ(body[3].kind, StatementKind::Assignment);
  EXPECT_EQ(tree(*body[3].target), "(.value (.next q))");

  EXPECT_EQ(body[4].kind, StatementKind::New);
  EXPECT_EQ(tree(*body[4].target), "q");
  EXPECT_EQ(body[4].class_name, "Node");

  EXPECT_EQ(body[5].kind, StatementKind::MethodCall);
  EXPECT_EQ(tree(*body[5].target), "r");
  EXPECT_EQ(tree(*body[5].receiver), "q");
  EXPECT_EQ(body[5].callee_name, "get");
  ASSERT_EQ(body[5].arguments.size(), 2u);
  EXPECT_EQ(tree(*body[5].arguments[1]), "true");

  EXPECT_EQ(body[6].kind, StatementKind::MethodCall);
  EXPECT_EQ(body[6].target, nullptr);
  EXPECT_EQ(tree(*body[6].receiver), "(.next q)");
  EXPECT_EQ(body[6].callee_name, "touch");
  EXPECT_TRUE(body[6].arguments.empty());

  EXPECT_EQ(body[7].kind, StatementKind::ProcedureCall);
  EXPECT_EQ(body[7].callee_name, "p");
  EXPECT_EQ(tree(*body[7].arguments.at(0)), "(- n 1)");

  EXPECT_EQ(body[8].kind, StatementKind::While);
  EXPECT_EQ(tree(*body[8].value), "(< i n)");
  EXPECT_EQ(body[8].body.statements.size(), 1u);

  EXPECT_EQ(body[9].kind, StatementKind::Assert);
  EXPECT_EQ(tree(*body[9].value), "(== i n)");
  EXPECT_EQ(body[10].kind, StatementKind::Assume);
  EXPECT_EQ(body[11].kind, StatementKind::Skip);

  const auto& method_body = program->callables[1].body.statements;
  ASSERT_EQ(method_body.size(), 1u);
  EXPECT_EQ(method_body[0].kind, StatementKind::Return);
  EXPECT_EQ(tree(*method_body[0].value), "k");
}

TEST(Parser, ElseIfBecomesAnElseBlockHoldingOneIf) {
  auto program = parse(
      "main {\n"
      "  if a { x := 1; } else if b { x := 2; } else { x := 3; }\n"
      "  if c { skip; }\n"
      "}\n");
  const Statement& first = program->main.statements.at(0);
  EXPECT_EQ(first.kind, StatementKind::If);
  EXPECT_TRUE(first.has_else);
  ASSERT_EQ(first.else_block.statements.size(), 1u);
  const Statement& nested = first.else_block.statements[0];
  EXPECT_EQ(nested.kind, StatementKind::If);
  EXPECT_EQ(at(nested.location), "2:25");
  EXPECT_EQ(at(first.else_block.location), "2:25");
  EXPECT_EQ(tree(*nested.value), "b");
  EXPECT_TRUE(nested.has_else);
  EXPECT_EQ(tree(*nested.else_block.statements.at(0).value), "3");

  const Statement& second = program->main.statements.at(1);
  EXPECT_FALSE(second.has_else);
  EXPECT_TRUE(second.else_block.statements.empty());
}

TEST(Parser, KeywordsAreReservedButIdentifiersMayStartWithThem) {
  auto program = parse("main { iffy := whiled + nil_ + this1 + len2 + int_; }");
  EXPECT_EQ(tree(*program->main.statements[0].target), "iffy");
  EXPECT_EQ(tree(*program->main.statements[0].value), "(+ (+ (+ (+ whiled nil_) this1) len2) int_)");
}

TEST(Parser, SkipsCommentsAndWhiteSpace) {
  auto program = parse(
      "// a line comment\n"
      "main /* a block\n comment */ {\n"
      "\tx := 1; // trailing\n"
      "  /**/ y := 2 /* between */ + 3;\r\n"
      "}");
  ASSERT_EQ(program->main.statements.size(), 2u);
  EXPECT_EQ(tree(*program->main.statements[1].value), "(+ 2 3)");
  EXPECT_EQ(at(program->main.statements[1].location), "5:8");
}

// ---------------------------------------------------------------------------------------------
// Expressions: precedence and associativity (docs/language.md#grammar, loosest first)

TEST(Parser, ArithmeticBindsTighterThanComparisonAndMultiplicationTighterThanAddition) {
  EXPECT_EQ(expression_tree("1 + 2 * 3"), "(+ 1 (* 2 3))");
  EXPECT_EQ(expression_tree("1 * 2 + 3"), "(+ (* 1 2) 3)");
  EXPECT_EQ(expression_tree("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(expression_tree("a / b % c * d"), "(* (% (/ a b) c) d)");
  EXPECT_EQ(expression_tree("a + b < c * d"), "(< (+ a b) (* c d))");
  EXPECT_EQ(expression_tree("(1 + 2) * 3"), "(* (+ 1 2) 3)");
  EXPECT_EQ(expression_tree("a - (b - c)"), "(- a (- b c))");
}

TEST(Parser, ComparisonsBindTighterThanEqualityWhichBindsTighterThanLogic) {
  EXPECT_EQ(expression_tree("a < b == c >= d"), "(== (< a b) (>= c d))");
  EXPECT_EQ(expression_tree("a <= b != c > d"), "(!= (<= a b) (> c d))");
  EXPECT_EQ(expression_tree("a == b && c != d"), "(&& (== a b) (!= c d))");
  EXPECT_EQ(expression_tree("a && b || c && d"), "(|| (&& a b) (&& c d))");
  EXPECT_EQ(expression_tree("a || b || c"), "(|| (|| a b) c)");
  EXPECT_EQ(expression_tree("a && b && c"), "(&& (&& a b) c)");
  EXPECT_EQ(expression_tree("a || b ==> c || d"), "(==> (|| a b) (|| c d))");
}

TEST(Parser, ImplicationAndConditionalAssociateToTheRight) {
  EXPECT_EQ(expression_tree("a ==> b ==> c"), "(==> a (==> b c))");
  EXPECT_EQ(expression_tree("(a ==> b) ==> c"), "(==> (==> a b) c)");
  EXPECT_EQ(expression_tree("a ? 1 : b ? 2 : 3"), "(? a 1 (? b 2 3))");
  EXPECT_EQ(expression_tree("a ? b ? 1 : 2 : 3"), "(? a (? b 1 2) 3)");
  EXPECT_EQ(expression_tree("a ==> b ? c : d"), "(? (==> a b) c d)");
  EXPECT_EQ(expression_tree("(a ? b : c) ? 1 : 2"), "(? (? a b c) 1 2)");
  EXPECT_EQ(expression_tree("a ? 1 : 2 + 3"), "(? a 1 (+ 2 3))");
}

TEST(Parser, PrefixOperatorsBindTighterThanBinaryOnesAndLooserThanPostfix) {
  EXPECT_EQ(expression_tree("-a * b"), "(* (neg a) b)");
  EXPECT_EQ(expression_tree("!a && b"), "(&& (! a) b)");
  EXPECT_EQ(expression_tree("!!a"), "(! (! a))");
  EXPECT_EQ(expression_tree("--a"), "(neg (neg a))");
  EXPECT_EQ(expression_tree("a - -b"), "(- a (neg b))");
  EXPECT_EQ(expression_tree("-p.f"), "(neg (.f p))");
  EXPECT_EQ(expression_tree("(-p).f"), "(.f (neg p))");
  EXPECT_EQ(expression_tree("-5"), "(neg 5)");
  EXPECT_EQ(expression_tree("!(a < b)"), "(! (< a b))");
}

TEST(Parser, PostfixSelectorsChainToTheLeft) {
  EXPECT_EQ(expression_tree("p.next.next.value"), "(.value (.next (.next p)))");
  EXPECT_EQ(expression_tree("a[a[i] + 1]"), "([] a (+ ([] a i) 1))");
  EXPECT_EQ(expression_tree("this.next"), "(.next this)");
  EXPECT_EQ(expression_tree("len(a) - 1"), "(- (len a) 1)");
  EXPECT_EQ(expression_tree("true != false"), "(!= true false)");
  EXPECT_EQ(expression_tree("p == nil"), "(== p nil)");
}

TEST(Parser, OperatorsNeedNoSurroundingSpace) {
  EXPECT_EQ(expression_tree("a==>b==c"), "(==> a (== b c))");
  EXPECT_EQ(expression_tree("a<=b"), "(<= a b)");
  EXPECT_EQ(expression_tree("a!=-b"), "(!= a (neg b))");
  EXPECT_EQ(expression_tree("c?1:2"), "(? c 1 2)");
}

// ---------------------------------------------------------------------------------------------
// Literals

TEST(Parser, IntegerLiteralsAreUnbounded) {
  EXPECT_EQ(expression_tree("007"), "7");
  EXPECT_EQ(expression_tree("9223372036854775808"), "9223372036854775808");
  std::string digits = "1" + std::string(4999, '0');  // 10^4999: 5,000 digits
  auto program = parse("main { x := " + digits + "; }");
  const Integer& value = program->main.statements[0].value->integer;
  EXPECT_FALSE(value.is_small());
  EXPECT_EQ(value.to_string(), digits);
}

TEST(Parser, IntegerLiteralsMayHaveUpToTheDocumentedNumberOfDigits) {
  const std::string longest(max_integer_literal_digits, '7');
  EXPECT_EQ(parse("main { x := " + longest + "; }")->main.statements[0].value->integer.to_string(), longest);
  EXPECT_EQ(first_line("main { x := " + longest + "7; }"),
            "t.sym:1:13: error: integer literal longer than 100000 digits");
}

// ---------------------------------------------------------------------------------------------
// Positions

TEST(Parser, RecordsWhereStatementsAndExpressionsAre) {
  auto program = parse(
      "main {\n"
      "  x := a + b * c;\n"
      "  p.next := q ? r : nil;\n"
      "  y := -a[i] + len(a);\n"
      "}\n");
  const auto& statements = program->main.statements;
  EXPECT_EQ(at(statements[0].location), "2:3");
  EXPECT_EQ(at(statements[0].target->location), "2:3");
  const Expression& sum = *statements[0].value;
  EXPECT_EQ(at(sum.location), "2:10");             // the `+`
  EXPECT_EQ(at(sum.operand(0).location), "2:8");   // a
  EXPECT_EQ(at(sum.operand(1).location), "2:14");  // the `*`
  EXPECT_EQ(at(statements[1].target->location), "3:5");  // the field name `next`
  EXPECT_EQ(at(statements[1].target->operand(0).location), "3:3");
  const Expression& conditional = *statements[1].value;
  EXPECT_EQ(at(conditional.location), "3:15");  // the `?`
  EXPECT_EQ(at(conditional.operand(2).location), "3:21");
  const Expression& negation = statements[2].value->operand(0);
  EXPECT_EQ(at(negation.location), "4:8");               // the `-`
  EXPECT_EQ(at(negation.operand(0).location), "4:10");   // the `[`
  EXPECT_EQ(at(statements[2].value->operand(1).location), "4:16");  // `len`
  EXPECT_EQ(at(statements[2].value->operand(1).operand(0).location), "4:20");
}

TEST(Parser, KeepsTheSourceForDiagnostics) {
  auto source = std::make_shared<const SourceFile>("t.sym", "main {}");
  auto program = parse_program(source);
  EXPECT_EQ(program->source, source);
}

// ---------------------------------------------------------------------------------------------
// Syntax errors: message and position

TEST(Parser, RendersASyntaxErrorWithTheLineAndACaret) {
  EXPECT_EQ(syntax_error("main {\n  x := 1\n}\n"),
            "t.sym:3:1: error: expected `;`\n"
            "}\n"
            "^\n");
  EXPECT_EQ(syntax_error("main {\n\tx := 2 +;\n}"),
            "t.sym:2:10: error: expected expression\n"
            "\tx := 2 +;\n"
            "\t        ^\n");
}

TEST(Parser, ReportsWhatWasExpectedWhereItWasMissing) {
  EXPECT_EQ(first_line(""), "t.sym:1:1: error: expected `main`, `var`, `proc` or `class`");
  EXPECT_EQ(first_line("  \n// only a comment\n"), "t.sym:3:1: error: expected `main`, `var`, `proc` or `class`");
  EXPECT_EQ(first_line("main"), "t.sym:1:5: error: expected `{`");
  EXPECT_EQ(first_line("main {"), "t.sym:1:7: error: expected statement or `}`");
  EXPECT_EQ(first_line("main { x := ; }"), "t.sym:1:13: error: expected expression");
  EXPECT_EQ(first_line("main { x := 1 }"), "t.sym:1:15: error: expected `;`");
  EXPECT_EQ(first_line("main { x = 1; }"), "t.sym:1:10: error: expected `:=` or `(`");
  EXPECT_EQ(first_line("main { + }"), "t.sym:1:8: error: expected statement or `}`");
  EXPECT_EQ(first_line("main { skip }"), "t.sym:1:13: error: expected `;`");
  EXPECT_EQ(first_line("main {} x"), "t.sym:1:9: error: expected end of file after the `main` block");
  EXPECT_EQ(first_line("main {} }"), "t.sym:1:9: error: expected end of file after the `main` block");
  EXPECT_EQ(first_line("var x int; main {}"), "t.sym:1:7: error: expected `:`");
  EXPECT_EQ(first_line("var x: ; main {}"), "t.sym:1:8: error: expected type");
  EXPECT_EQ(first_line("var x: int main {}"), "t.sym:1:12: error: expected `;`");
  EXPECT_EQ(first_line("var x: int[; main {}"), "t.sym:1:12: error: expected `]`");
  EXPECT_EQ(first_line("var : int; main {}"), "t.sym:1:5: error: expected variable name");
  EXPECT_EQ(first_line("proc (x: int) {} main {}"), "t.sym:1:6: error: expected procedure name");
  EXPECT_EQ(first_line("proc p {} main {}"), "t.sym:1:8: error: expected `(`");
  EXPECT_EQ(first_line("proc p(x int) {} main {}"), "t.sym:1:10: error: expected `:`");
  EXPECT_EQ(first_line("proc p(x: int,) {} main {}"), "t.sym:1:15: error: expected parameter name");
  EXPECT_EQ(first_line("proc p(x: int) main {}"), "t.sym:1:16: error: expected `{`");
  EXPECT_EQ(first_line("class { } main {}"), "t.sym:1:7: error: expected class name");
  EXPECT_EQ(first_line("class C field x: int; main {}"), "t.sym:1:9: error: expected `{`");
  EXPECT_EQ(first_line("class C { var x: int; } main {}"), "t.sym:1:11: error: expected `field`, `method` or `}`");
  EXPECT_EQ(first_line("class C { field : int; } main {}"), "t.sym:1:17: error: expected field name");
  EXPECT_EQ(first_line("class C { method (): int {} } main {}"), "t.sym:1:18: error: expected method name");
  EXPECT_EQ(first_line("class C { method m() {} } main {}"), "t.sym:1:22: error: expected `:`");
  EXPECT_EQ(first_line("main { var x int := 1; }"), "t.sym:1:14: error: expected `:`");
  EXPECT_EQ(first_line("main { var x: int; }"), "t.sym:1:18: error: expected `:=`");
  EXPECT_EQ(first_line("main { if x { } else }"), "t.sym:1:22: error: expected `{` or `if`");
  EXPECT_EQ(first_line("main { if x skip; }"), "t.sym:1:13: error: expected `{`");
  EXPECT_EQ(first_line("main { while { } }"), "t.sym:1:14: error: expected expression");
  EXPECT_EQ(first_line("main { return; }"), "t.sym:1:14: error: expected expression");
  EXPECT_EQ(first_line("main { assert x }"), "t.sym:1:17: error: expected `;`");
  EXPECT_EQ(first_line("main { x := new; }"), "t.sym:1:16: error: expected class name");
  EXPECT_EQ(first_line("main { p(1, ); }"), "t.sym:1:13: error: expected expression");
  EXPECT_EQ(first_line("main { p(1; }"), "t.sym:1:11: error: expected `)`");
  EXPECT_EQ(first_line("main { x := (1; }"), "t.sym:1:15: error: expected `)`");
  EXPECT_EQ(first_line("main { x := a[1; }"), "t.sym:1:16: error: expected `]`");
  EXPECT_EQ(first_line("main { x := p.; }"), "t.sym:1:15: error: expected field name");
  EXPECT_EQ(first_line("main { x := len a; }"), "t.sym:1:17: error: expected `(`");
  EXPECT_EQ(first_line("main { x := len(3); }"), "t.sym:1:17: error: expected array name");
  EXPECT_EQ(first_line("main { x := c ? 1; }"), "t.sym:1:18: error: expected `:`");
  EXPECT_EQ(first_line("main { x := a ==> ; }"), "t.sym:1:19: error: expected expression");
  EXPECT_EQ(first_line("main { x := a == = b; }"), "t.sym:1:18: error: expected expression");
  EXPECT_EQ(first_line("main { x := !; }"), "t.sym:1:14: error: expected expression");
  EXPECT_EQ(first_line("main { x := a | b; }"), "t.sym:1:15: error: expected `;`");
}

TEST(Parser, SaysWhenAKeywordStandsWhereANameWasExpected) {
  EXPECT_EQ(first_line("var if: int; main {}"), "t.sym:1:5: error: expected variable name, but `if` is a keyword");
  EXPECT_EQ(first_line("class C { field len: int; } main {}"),
            "t.sym:1:17: error: expected field name, but `len` is a keyword");
  EXPECT_EQ(first_line("proc main() {} main {}"), "t.sym:1:6: error: expected procedure name, but `main` is a keyword");
}

TEST(Parser, ReportsLexicalErrorsWhereTheyStart) {
  EXPECT_EQ(first_line("main { x := 12ab; }"), "t.sym:1:13: error: identifiers cannot start with a digit");
  EXPECT_EQ(first_line("main {\n  x := 1; /* never closed\n  y := 2;\n}"), "t.sym:2:11: error: unterminated comment");
  EXPECT_EQ(first_line("/*/ main {}"), "t.sym:1:1: error: unterminated comment");
  EXPECT_EQ(first_line("main { x := 1 $ 2; }"), "t.sym:1:15: error: expected `;`");
  // Comments do not nest: the first `*/` ends the comment, and the rest is code.
  EXPECT_EQ(first_line("main { /* a /* b */ c */ }"), "t.sym:1:23: error: expected `:=` or `(`");
}

TEST(Parser, RefusesChainedComparisons) {
  EXPECT_EQ(first_line("main { x := a < b < c; }"), "t.sym:1:19: error: comparisons cannot be chained; use parentheses");
  EXPECT_EQ(first_line("main { x := a == b != c; }"),
            "t.sym:1:20: error: comparisons cannot be chained; use parentheses");
  EXPECT_EQ(expression_tree("(a < b) == c"), "(== (< a b) c)");
}

TEST(Parser, ChecksWhatAStatementThatStartsWithAnExpressionCanBe) {
  EXPECT_EQ(first_line("main { 5 := 1; }"),
            "t.sym:1:8: error: left-hand side of `:=` must be a variable, an array element or a field");
  EXPECT_EQ(first_line("main { (x) := 1; }"),
            "t.sym:1:8: error: left-hand side of `:=` must be a variable, an array element or a field");
  EXPECT_EQ(first_line("main { a[1][2] := 1; }"),
            "t.sym:1:8: error: left-hand side of `:=` must be a variable, an array element or a field");
  EXPECT_EQ(first_line("main { x + 1 := 2; }"), "t.sym:1:10: error: expected `:=` or `(`");
  EXPECT_EQ(first_line("main { x := f(1); }"),
            "t.sym:1:13: error: a procedure call has no value; only a method call `e.m(...)` can be assigned");
  EXPECT_EQ(first_line("main { x := 1 + p.m(1); }"), "t.sym:1:20: error: only procedures and methods can be called");
  EXPECT_EQ(first_line("main { (f)(1); }"), "t.sym:1:11: error: only procedures and methods can be called");
  EXPECT_EQ(first_line("main { a[0](1); }"), "t.sym:1:12: error: only procedures and methods can be called");
  // Such errors do not stop the parse: all of them are reported.
  EXPECT_EQ(syntax_error("main { 5 := 1; (f)(2); }"),
            "t.sym:1:8: error: left-hand side of `:=` must be a variable, an array element or a field\n"
            "main { 5 := 1; (f)(2); }\n"
            "       ^\n"
            "t.sym:1:19: error: only procedures and methods can be called\n"
            "main { 5 := 1; (f)(2); }\n"
            "                  ^\n");
}

TEST(Parser, AcceptsThisAsATargetSoThatTheCheckerCanSayWhyNot) {
  auto program = parse("main { this := nil; this.f := 1; }");
  EXPECT_EQ(program->main.statements[0].target->kind, ExpressionKind::This);
  EXPECT_EQ(program->main.statements[1].target->kind, ExpressionKind::FieldRead);
}

}  // namespace
}  // namespace symref
