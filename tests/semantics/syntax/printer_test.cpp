// Unit tests for the printer (semantics/syntax/printer.hpp): exact output with the fewest
// parentheses, statements as traces show them, and parser round trips through the parser that keep
// both the text and the tree.
#include "semantics/syntax/printer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>

#include "semantics/syntax/front_end.hpp"
#include "semantics/syntax/parser.hpp"
#include "tests/semantics/syntax/program_structure.hpp"

namespace symref {
namespace {

std::unique_ptr<Program> parse(const std::string& text) {
  return parse_program(std::make_shared<const SourceFile>("t.sym", text));
}

// The expression `text`, parsed and printed back.
std::string reprinted(const std::string& text) {
  auto program = parse("main { x := " + text + "; }");
  return print_expression(*program, *program->main.statements[0].value);
}

// Checks that printing is a fixed point after one parse, and that the re-parsed program has the
// tree of the first parse.
void expect_round_trip(const std::string& text) {
  auto first = parse(text);
  const std::string printed = print_program(*first);
  auto second = parse(printed);
  EXPECT_EQ(print_program(*second), printed) << text;
  EXPECT_EQ(testing::structure(*second), testing::structure(*first)) << printed;
}

// ---------------------------------------------------------------------------------------------
// Expressions

TEST(Printer, DropsParenthesesThatPrecedenceMakesRedundant) {
  EXPECT_EQ(reprinted("(1 + (2 * 3))"), "1 + 2 * 3");
  EXPECT_EQ(reprinted("((a < b) == (c >= d))"), "a < b == c >= d");
  EXPECT_EQ(reprinted("(a && b) || (c && d)"), "a && b || c && d");
  EXPECT_EQ(reprinted("(a || b) ==> (c || d)"), "a || b ==> c || d");
  EXPECT_EQ(reprinted("(a ==> b) ? (c) : (d ? e : f)"), "a ==> b ? c : d ? e : f");
  EXPECT_EQ(reprinted("(-(a)).f"), "(-a).f");
  EXPECT_EQ(reprinted("-(a.f)"), "-a.f");
  EXPECT_EQ(reprinted("(a[(i)])"), "a[i]");
  EXPECT_EQ(reprinted("(len(a))"), "len(a)");
}

TEST(Printer, KeepsParenthesesThatPrecedenceNeeds) {
  EXPECT_EQ(reprinted("(1 + 2) * 3"), "(1 + 2) * 3");
  EXPECT_EQ(reprinted("-(a + b)"), "-(a + b)");
  EXPECT_EQ(reprinted("!(a && b)"), "!(a && b)");
  EXPECT_EQ(reprinted("(a || b) && c"), "(a || b) && c");
  EXPECT_EQ(reprinted("(a ==> b) && c"), "(a ==> b) && c");
  EXPECT_EQ(reprinted("(c ? 1 : 2) + 3"), "(c ? 1 : 2) + 3");
  EXPECT_EQ(reprinted("(c ? a : b) ? 1 : 2"), "(c ? a : b) ? 1 : 2");
  EXPECT_EQ(reprinted("(a + b).f"), "(a + b).f");
}

TEST(Printer, RespectsAssociativity) {
  EXPECT_EQ(reprinted("(a - b) - c"), "a - b - c");
  EXPECT_EQ(reprinted("a - (b - c)"), "a - (b - c)");
  EXPECT_EQ(reprinted("a / (b * c)"), "a / (b * c)");
  EXPECT_EQ(reprinted("(a / b) * c"), "a / b * c");
  EXPECT_EQ(reprinted("a ==> (b ==> c)"), "a ==> b ==> c");
  EXPECT_EQ(reprinted("(a ==> b) ==> c"), "(a ==> b) ==> c");
  EXPECT_EQ(reprinted("a ? b : (c ? d : e)"), "a ? b : c ? d : e");
  EXPECT_EQ(reprinted("a ? (b ? c : d) : e"), "a ? b ? c : d : e");
  // `==`, `!=` and the comparisons do not associate: both sides keep their parentheses.
  EXPECT_EQ(reprinted("(a == b) == c"), "(a == b) == c");
  EXPECT_EQ(reprinted("a != (b == c)"), "a != (b == c)");
  EXPECT_EQ(reprinted("(a < b) < c"), "(a < b) < c");
}

TEST(Printer, PrintsPrefixOperatorsSoThatTheyReadBackTheSame) {
  EXPECT_EQ(reprinted("-(-a)"), "--a");
  EXPECT_EQ(reprinted("a - (-b)"), "a - -b");
  EXPECT_EQ(reprinted("!(!b)"), "!!b");
  EXPECT_EQ(reprinted("-5"), "-5");
  EXPECT_EQ(reprinted("p == nil && !q.ok"), "p == nil && !q.ok");
}

TEST(Printer, PrintsLiteralsAndSelectors) {
  EXPECT_EQ(reprinted("12345678901234567890123"), "12345678901234567890123");
  EXPECT_EQ(reprinted("true || false"), "true || false");
  EXPECT_EQ(reprinted("this.next.next"), "this.next.next");
  EXPECT_EQ(reprinted("a[a[0]]"), "a[a[0]]");
}

// ---------------------------------------------------------------------------------------------
// Statements

TEST(Printer, PrintsOneStatementOnOneLineAsTracesShowIt) {
  auto program = parse(
      "class Node { field next: Node; method m(k: int, j: int): int { return k; } }\n"
      "proc q(n: int) {\n"
      "  var i: int := n;\n"
      "  x := x + 1;\n"
      "  p.next := new Node;\n"
      "  r := p.m(1, x);\n"
      "  p.next.m(0, 0);\n"
      "  q(n - 1);\n"
      "  a[i] := len(a);\n"
      "  if x < y { skip; } else { skip; }\n"
      "  while i < n { skip; }\n"
      "  assert x == 1;\n"
      "  assume !b;\n"
      "  skip;\n"
      "}\n"
      "main {}\n");
  const auto& body = program->callables[1].body.statements;
  const char* expected[] = {"var i: int := n", "x := x + 1", "p.next := new Node", "r := p.m(1, x)",
                            "p.next.m(0, 0)", "q(n - 1)", "a[i] := len(a)", "if x < y",
                            "while i < n", "assert x == 1", "assume !b", "skip"};
  ASSERT_EQ(body.size(), std::size(expected));
  for (std::size_t i = 0; i < body.size(); ++i) EXPECT_EQ(print_statement_head(*program, body[i]), expected[i]);
  EXPECT_EQ(print_statement_head(*program, program->callables[0].body.statements[0]), "return k");
}

TEST(Printer, PrintsAStatementWithItsBlocks) {
  auto program = parse("main { if a { x := 1; } else if b { while c { skip; } } else { y := 2; } }");
  EXPECT_EQ(print_statement(*program, program->main.statements[0], "  "),
            "  if a {\n"
            "    x := 1;\n"
            "  } else if b {\n"
            "    while c {\n"
            "      skip;\n"
            "    }\n"
            "  } else {\n"
            "    y := 2;\n"
            "  }\n");
}

TEST(Printer, PrintsReceiversThatAreNotPostfixInParentheses) {
  auto program = parse("main { r := (c ? p : q).m(); }");
  EXPECT_EQ(print_statement_head(*program, program->main.statements[0]), "r := (c ? p : q).m()");
}

// ---------------------------------------------------------------------------------------------
// Programs

TEST(Printer, PrintsAWholeProgramInSourceOrder) {
  auto program = load_program_from_text(
      "t.sym",
      "var n: int;  class Node { field value: int; method get(): int { return this.value; } field next: Node; }\n"
      "proc p(k: int, b: bool) { var i: int := k; while i > 0 { i := i - 1; } }\n"
      "var head: Node;\n"
      "main { head := new Node; p(n, true); n := head.get(); }\n");
  EXPECT_EQ(print_program(*program),
            "var n: int;\n"
            "class Node {\n"
            "  field value: int;\n"
            "  method get(): int {\n"
            "    return this.value;\n"
            "  }\n"
            "  field next: Node;\n"
            "}\n"
            "proc p(k: int, b: bool) {\n"
            "  var i: int := k;\n"
            "  while i > 0 {\n"
            "    i := i - 1;\n"
            "  }\n"
            "}\n"
            "var head: Node;\n"
            "main {\n"
            "  head := new Node;\n"
            "  p(n, true);\n"
            "  n := head.get();\n"
            "}\n");
}

TEST(Printer, PrintsAProgramBuiltByCodeWithItsResolvedTypes) {
  Program program;
  program.classes.push_back(Class{"Cell", {0}, {}, {}});
  program.fields.push_back(Field{"value", "", Type::integer(), 0, 0, {}});
  program.globals.push_back(VariableDeclaration{"a", "", Type::int_array(), {}});
  program.globals.push_back(VariableDeclaration{"c", "", Type::reference(0), {}});
  EXPECT_EQ(print_program(program),
            "var a: int[];\n"
            "var c: Cell;\n"
            "class Cell {\n"
            "  field value: int;\n"
            "}\n"
            "main {\n"
            "}\n");
}

TEST(Printer, RoundTripsPrograms) {
  const char* programs[] = {
      "main {}",
      "var x: int; main { x := 1; }",
      "var a: int[]; var i: int; main { while i < len(a) { a[i] := -a[i] % 2; i := i + 1; } }",
      "class Node { field val: int; field next: Node;\n"
      "  method sum(k: int): int { var s: int := this.val + k; var r: int := 0;\n"
      "    if this.next != nil { r := this.next.sum(k); s := s + r; } return s; } }\n"
      "var head: Node; var x: int;\n"
      "proc p(n: int, b: bool) { if b { skip; } else if n > 3 { assert x == 1; } else { assume !b; } }\n"
      "main { head := new Node; head.next := new Node; x := head.sum(1); head.sum(2); p(x, x > 0); }",
      "proc f() {} var g: bool; class A { method m(): A { return nil; } } proc h() { f(); } main { g := g ==> g; }",
      "main { if a { if b { if c { skip; } } else { skip; } } else if d { skip; } }",
      "main { x := (a ? b : c) ? (d ==> e ==> f) : (g ==> h) ==> i; y := -(-(-z)); w := !(!(p == q)); }",
      "main { r := (a.b.c).m(x.y, (z)); (p).n(); q.r.s := t[u[v]]; }",
      // Comments vanish; the code stays.
      "// header\nmain { /* a */ x := 1; // b\n }",
  };
  for (const char* text : programs) expect_round_trip(text);
}

TEST(Printer, RoundTripsA5000DigitLiteral) {
  const std::string digits = "9" + std::string(4998, '0') + "1";
  auto program = parse("main { x := " + digits + "; }");
  const std::string printed = print_program(*program);
  EXPECT_EQ(printed, "main {\n  x := " + digits + ";\n}\n");
  EXPECT_EQ(parse(printed)->main.statements[0].value->integer, program->main.statements[0].value->integer);
}

// Random expression trees, printed and parsed back: the parser must rebuild each tree exactly,
// which it can only do if the printer put parentheses wherever they are needed.
class RandomExpressions {
 public:
  explicit RandomExpressions(unsigned seed) : random_(seed) {}

  ExpressionPointer make(int depth) {
    auto expression = std::make_unique<Expression>();
    const int choice = depth <= 0 ? pick(0, 3) : pick(0, 9);
    switch (choice) {
      case 0: expression->kind = ExpressionKind::Variable; expression->name = std::string(1, 'a' + pick(0, 5)); break;
      case 1: expression->kind = ExpressionKind::IntegerLiteral; expression->integer = pick(0, 99); break;
      case 2: expression->kind = ExpressionKind::BooleanLiteral; expression->boolean = pick(0, 1) == 1; break;
      case 3: expression->kind = ExpressionKind::NilLiteral; break;
      case 4:
        expression->kind = ExpressionKind::Unary;
        expression->unary_operator = pick(0, 1) ? UnaryOperator::Not : UnaryOperator::Negate;
        expression->operands.push_back(make(depth - 1));
        break;
      case 5:
        expression->kind = ExpressionKind::Conditional;
        for (int i = 0; i < 3; ++i) expression->operands.push_back(make(depth - 1));
        break;
      case 6:
        expression->kind = ExpressionKind::FieldRead;
        expression->name = "f";
        expression->operands.push_back(make(depth - 1));
        break;
      case 7: {
        expression->kind = ExpressionKind::ArrayRead;
        auto array = std::make_unique<Expression>();
        array->kind = ExpressionKind::Variable;
        array->name = "arr";
        expression->operands.push_back(std::move(array));
        expression->operands.push_back(make(depth - 1));
        break;
      }
      default:
        expression->kind = ExpressionKind::Binary;
        expression->binary_operator = static_cast<BinaryOperator>(pick(0, 13));
        expression->operands.push_back(make(depth - 1));
        expression->operands.push_back(make(depth - 1));
        break;
    }
    return expression;
  }

 private:
  int pick(int low, int high) { return std::uniform_int_distribution<int>(low, high)(random_); }
  std::mt19937 random_;
};

TEST(Printer, PrintsRandomExpressionsSoThatTheyParseBackToTheSameTree) {
  const Program program;
  RandomExpressions random(20240601);
  for (int i = 0; i < 2000; ++i) {
    ExpressionPointer expression = random.make(6);
    const std::string printed = print_expression(program, *expression);
    auto parsed = parse("main { x := " + printed + "; }");
    ASSERT_EQ(testing::structure(*parsed->main.statements[0].value), testing::structure(*expression)) << printed;
  }
}

// Chains and `else if` chains far longer than the nesting limit print in a loop, with no
// parentheses in the chain and no nesting of the `else if`s.
TEST(Printer, PrintsLongChainsAndElseIfChains) {
  std::string sum = "x", conjunction = "b", case_split = "if x == 0 {\n    x := 0;\n  }";
  for (int i = 1; i < 10000; ++i) sum += i % 2 == 0 ? " - x * 2" : " + x / (x + 1)";
  for (int i = 1; i < 5000; ++i) conjunction += i % 2 == 0 ? " && b" : " && !b || b";
  for (int i = 1; i < 5000; ++i)
    case_split += " else if x == " + std::to_string(i) + " {\n    x := " + std::to_string(i) + ";\n  }";
  EXPECT_EQ(reprinted(sum), sum);
  EXPECT_EQ(reprinted(conjunction), conjunction);  // `&&` binds tighter: no parentheses either
  const std::string text = "var x: int;\nmain {\n  " + case_split + " else {\n    skip;\n  }\n}\n";
  EXPECT_EQ(print_program(*parse(text)), text);
  expect_round_trip("var x: int; var b: bool; main { x := " + sum + "; b := " + conjunction + "; " + case_split + " }");
}

TEST(Printer, RefusesATreeNestedDeeperThanTheParserAllows) {
  const Program program;
  auto expression = std::make_unique<Expression>();
  for (int i = 0; i < 2 * max_nesting_depth; ++i) {
    auto negation = std::make_unique<Expression>();
    negation->kind = ExpressionKind::Unary;
    negation->unary_operator = UnaryOperator::Negate;
    negation->operands.push_back(std::move(expression));
    expression = std::move(negation);
  }
  EXPECT_THROW(print_expression(program, *expression), std::length_error);
}

}  // namespace
}  // namespace symref
