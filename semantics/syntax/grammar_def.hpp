// The rules of the X3 grammar, one per nonterminal of docs/language.md#grammar; included only by grammar.cpp.
//
// Every committing token is followed by an expectation point (`>`), so that an error is reported
// where it is, naming what was expected there.  Expressions are built by semantic actions in the
// shape they associate, and recursion goes only through `nested[...]` (nesting.hpp).
#pragma once

#include <algorithm>
#include <utility>

#include <boost/fusion/include/at_c.hpp>
#include <boost/spirit/home/x3.hpp>
#include <boost/spirit/home/x3/support/utility/annotate_on_success.hpp>

#include "semantics/syntax/ast.hpp"
#include "semantics/syntax/ast_adapted.hpp"
#include "semantics/syntax/error_handler.hpp"
#include "semantics/syntax/grammar.hpp"
#include "semantics/syntax/lexical.hpp"
#include "semantics/syntax/nesting.hpp"

namespace symref::grammar {

namespace x3 = boost::spirit::x3;
namespace fusion = boost::fusion;
using x3::lit;

// ---------------------------------------------------------------------------------------------
// Semantic actions

namespace actions {

// Where a tagged node starts in the text.
template <typename Context>
auto start_of(const Context& context, const x3::position_tagged& node) {
  return x3::get<x3::error_handler_tag>(context).get().position_of(node).begin();
}

// The rule's value is what its subject parsed.
struct take {
  template <typename Context>
  void operator()(const Context& context) const {
    x3::_val(context) = std::move(x3::_attr(context));
  }
};

// Moves a just-built compound node into the rule's value, unless it nests too deeply; the error
// is reported at `where`, the node's operator.
template <typename Context, typename Node>
void install(const Context& context, Node& node, const x3::position_tagged& where) {
  check_nesting(context, node.height, start_of(context, where));
  x3::_val(context) = std::move(node);
}

// value-so-far operator right  ⟹  (value-so-far operator right)
struct build_binary {
  template <typename Context>
  void operator()(const Context& context) const {
    auto& parts = x3::_attr(context);
    ast::binary_operation node;
    node.left = std::move(x3::_val(context));
    node.operator_token = fusion::at_c<0>(parts);
    node.right = std::move(fusion::at_c<1>(parts));
    node.height = 1 + std::max(ast::height_of(node.left), ast::height_of(node.right));
    install(context, node, node.operator_token);
  }
};

// value-so-far operator right, for an operator that chains (`+`, `*`, `&&`, `||`): appends to the
// chain that value-so-far is, or starts one with it.  The chain is one level, whatever its length.
struct extend_chain {
  template <typename Context>
  void operator()(const Context& context) const {
    auto& parts = x3::_attr(context);
    ast::expression& value = x3::_val(context);
    ast::chain_link link;
    link.operator_token = fusion::at_c<0>(parts);
    link.operand = std::move(fusion::at_c<1>(parts));
    // A chain of this level that value-so-far is was started by this rule: the rules below it
    // build chains of other levels, and parentheses hide a chain in a parenthesized node.
    auto* chain = boost::get<x3::forward_ast<ast::binary_chain>>(&value.get());
    if (chain == nullptr ||
        precedence_level(chain->get().rest.front().operator_token.kind) != precedence_level(link.operator_token.kind)) {
      ast::binary_chain node;
      node.height = 1 + ast::height_of(value);
      node.first = std::move(value);
      value = std::move(node);
      chain = boost::get<x3::forward_ast<ast::binary_chain>>(&value.get());
    }
    ast::binary_chain& node = chain->get();
    node.height = std::max(node.height, 1 + ast::height_of(link.operand));
    check_nesting(context, node.height, start_of(context, link.operator_token));
    node.rest.push_back(std::move(link));
  }
};

struct build_unary {
  template <typename Context>
  void operator()(const Context& context) const {
    auto& parts = x3::_attr(context);
    ast::unary_operation node;
    node.operator_token = fusion::at_c<0>(parts);
    node.operand = std::move(fusion::at_c<1>(parts));
    node.height = 1 + ast::height_of(node.operand);
    install(context, node, node.operator_token);
  }
};

// value-so-far ? a : b
struct build_conditional {
  template <typename Context>
  void operator()(const Context& context) const {
    auto& parts = x3::_attr(context);
    ast::conditional node;
    node.condition = std::move(x3::_val(context));
    node.question_mark = fusion::at_c<0>(parts);
    node.when_true = std::move(fusion::at_c<1>(parts));
    node.when_false = std::move(fusion::at_c<2>(parts));
    node.height = 1 + std::max({ast::height_of(node.condition), ast::height_of(node.when_true),
                                ast::height_of(node.when_false)});
    install(context, node, node.question_mark);
  }
};

// value-so-far . field
struct build_field_access {
  template <typename Context>
  void operator()(const Context& context) const {
    ast::field_access node;
    node.object = std::move(x3::_val(context));
    node.field = std::move(x3::_attr(context));
    node.height = 1 + ast::height_of(node.object);
    install(context, node, node.field);
  }
};

// value-so-far [ index ]
struct build_element_access {
  template <typename Context>
  void operator()(const Context& context) const {
    auto& parts = x3::_attr(context);
    ast::element_access node;
    node.array = std::move(x3::_val(context));
    node.open_bracket = fusion::at_c<0>(parts);
    node.index = std::move(fusion::at_c<1>(parts));
    node.height = 1 + std::max(ast::height_of(node.array), ast::height_of(node.index));
    install(context, node, node.open_bracket);
  }
};

struct build_parenthesized {
  template <typename Context>
  void operator()(const Context& context) const {
    auto& parts = x3::_attr(context);
    ast::parenthesized node;
    node.open = fusion::at_c<0>(parts);
    node.inner = std::move(fusion::at_c<1>(parts));
    node.height = 1 + ast::height_of(node.inner);
    install(context, node, node.open);
  }
};

// `a < b < c` parses as nothing else, so say what is wrong with it.
struct reject_chained_comparison {
  template <typename Context>
  void operator()(const Context& context) const {
    auto where = start_of(context, x3::_attr(context));
    throw syntax_error<decltype(where)>(where, "comparisons cannot be chained; use parentheses");
  }
};

}  // namespace actions

// ---------------------------------------------------------------------------------------------
// Rule IDs.  Nodes that carry a position are tagged by x3::annotate_on_success.

struct identifier_class : x3::annotate_on_success {};
struct token_class : x3::annotate_on_success {};
struct operator_class : x3::annotate_on_success {};
struct literal_class : x3::annotate_on_success {};
struct array_length_class : x3::annotate_on_success {};
struct type_class : x3::annotate_on_success {};
struct typed_name_class : x3::annotate_on_success {};
struct argument_list_class : x3::annotate_on_success {};
struct object_creation_class : x3::annotate_on_success {};
struct expression_statement_class : x3::annotate_on_success {};
struct return_statement_class : x3::annotate_on_success {};
struct assert_statement_class : x3::annotate_on_success {};
struct assume_statement_class : x3::annotate_on_success {};
struct skip_statement_class : x3::annotate_on_success {};
struct local_declaration_class : x3::annotate_on_success {};
struct if_statement_class : x3::annotate_on_success {};
struct else_if_class : x3::annotate_on_success {};
struct while_statement_class : x3::annotate_on_success {};
struct block_class : x3::annotate_on_success {};
struct procedure_class : x3::annotate_on_success {};
struct method_class : x3::annotate_on_success {};
struct class_declaration_class : x3::annotate_on_success {};
struct expression_class;
struct conditional_class;
struct implication_class;
struct disjunction_class;
struct conjunction_class;
struct equality_class;
struct relation_class;
struct sum_class;
struct product_class;
struct unary_class;
struct postfix_class;
struct primary_class;
struct parenthesized_class;
struct statement_class;

// ---------------------------------------------------------------------------------------------
// Tokens.  Their rule names are what an error says was expected: "expected variable name".

using name_rule = x3::rule<identifier_class, ast::identifier>;
const auto variable_name = name_rule{"variable name"} = identifier_token;
const auto array_name = name_rule{"array name"} = identifier_token;
const auto field_name = name_rule{"field name"} = identifier_token;
const auto class_name = name_rule{"class name"} = identifier_token;
const auto procedure_name = name_rule{"procedure name"} = identifier_token;
const auto method_name = name_rule{"method name"} = identifier_token;
const auto parameter_name = name_rule{"parameter name"} = identifier_token;

const auto question_mark = x3::rule<token_class, ast::token_position>{"`?`"} = x3::omit[lit('?')];
const auto open_bracket = x3::rule<token_class, ast::token_position>{"`[`"} = x3::omit[lit('[')];
const auto open_parenthesis = x3::rule<token_class, ast::token_position>{"`(`"} = x3::omit[lit('(')];
const auto main_keyword = x3::rule<token_class, ast::token_position>{"`main`, `var`, `proc` or `class`"} =
    keyword("main");
const auto end_of_block = x3::rule<token_class>{"statement or `}`"} = lit('}');
const auto end_of_class = x3::rule<token_class>{"`field`, `method` or `}`"} = lit('}');
const auto end_of_input = x3::rule<token_class>{"end of file after the `main` block"} = x3::eoi;

// ---------------------------------------------------------------------------------------------
// Operators, by precedence level (lowest first).  x3::symbols matches the longest operator.

const x3::symbols<BinaryOperator> implication_symbols({{"==>", BinaryOperator::Implies}});
const x3::symbols<BinaryOperator> disjunction_symbols({{"||", BinaryOperator::Or}});
const x3::symbols<BinaryOperator> conjunction_symbols({{"&&", BinaryOperator::And}});
const x3::symbols<BinaryOperator> equality_symbols({{"==", BinaryOperator::Equal}, {"!=", BinaryOperator::NotEqual}});
const x3::symbols<BinaryOperator> relation_symbols({{"<", BinaryOperator::Less},
                                                    {"<=", BinaryOperator::LessEqual},
                                                    {">", BinaryOperator::Greater},
                                                    {">=", BinaryOperator::GreaterEqual}});
const x3::symbols<BinaryOperator> sum_symbols({{"+", BinaryOperator::Add}, {"-", BinaryOperator::Subtract}});
const x3::symbols<BinaryOperator> product_symbols({{"*", BinaryOperator::Multiply},
                                                   {"/", BinaryOperator::Divide},
                                                   {"%", BinaryOperator::Remainder}});
const x3::symbols<UnaryOperator> unary_symbols({{"!", UnaryOperator::Not}, {"-", UnaryOperator::Negate}});

using binary_operator_rule = x3::rule<operator_class, ast::binary_operator_token>;
const auto implication_operator = binary_operator_rule{"`==>`"} = implication_symbols;
const auto disjunction_operator = binary_operator_rule{"`||`"} = disjunction_symbols;
const auto conjunction_operator = binary_operator_rule{"`&&`"} = conjunction_symbols;
// `==` is not the start of `==>`.
const auto equality_operator = binary_operator_rule{"`==` or `!=`"} =
    x3::lexeme[equality_symbols >> !lit('>')];
const auto relation_operator = binary_operator_rule{"comparison"} = relation_symbols;
const auto sum_operator = binary_operator_rule{"`+` or `-`"} = sum_symbols;
const auto product_operator = binary_operator_rule{"`*`, `/` or `%`"} = product_symbols;
const auto unary_operator =
    x3::rule<operator_class, ast::unary_operator_token>{"`!` or `-`"} = unary_symbols;

// ---------------------------------------------------------------------------------------------
// Expressions.  Every level is named "expression": that is what is missing when one fails.

const x3::rule<expression_class, ast::expression> expression = "expression";
const x3::rule<conditional_class, ast::expression> conditional = "expression";
const x3::rule<implication_class, ast::expression> implication = "expression";
const x3::rule<disjunction_class, ast::expression> disjunction = "expression";
const x3::rule<conjunction_class, ast::expression> conjunction = "expression";
const x3::rule<equality_class, ast::expression> equality = "expression";
const x3::rule<relation_class, ast::expression> relation = "expression";
const x3::rule<sum_class, ast::expression> sum = "expression";
const x3::rule<product_class, ast::expression> product = "expression";
const x3::rule<unary_class, ast::expression> unary = "expression";
const x3::rule<postfix_class, ast::expression> postfix = "expression";
const x3::rule<primary_class, ast::expression> primary = "expression";
const x3::rule<parenthesized_class, ast::expression> parenthesized = "expression";

const auto integer_literal = x3::rule<literal_class, ast::integer_literal>{"integer"} =
    integer_token;
const auto boolean_literal = x3::rule<literal_class, ast::boolean_literal>{"`true` or `false`"} =
    (keyword("true") >> x3::attr(true)) | (keyword("false") >> x3::attr(false));
const auto nil_literal = x3::rule<literal_class, ast::nil_literal>{"`nil`"} = keyword("nil");
const auto this_reference = x3::rule<literal_class, ast::this_reference>{"`this`"} = keyword("this");
const auto array_length = x3::rule<array_length_class, ast::array_length>{"`len`"} =
    keyword("len") > '(' > array_name > ')';

// expr = cond
const auto expression_def = nested[conditional];
// cond = impl [ "?" expr ":" expr ]
const auto conditional_def =
    implication[actions::take()] >> -((question_mark > expression > ':' > expression)[actions::build_conditional()]);
// impl = or [ "==>" impl ]
const auto implication_def =
    disjunction[actions::take()] >> -((implication_operator > nested[implication])[actions::build_binary()]);
// or = and { "||" and }
const auto disjunction_def =
    conjunction[actions::take()] >> *((disjunction_operator > conjunction)[actions::extend_chain()]);
// and = eq { "&&" eq }
const auto conjunction_def =
    equality[actions::take()] >> *((conjunction_operator > equality)[actions::extend_chain()]);
// eq = rel [ ( "==" | "!=" ) rel ]
const auto equality_def =
    relation[actions::take()] >> -((equality_operator > relation)[actions::build_binary()] >>
                                   -equality_operator[actions::reject_chained_comparison()]);
// rel = sum [ ( "<" | "<=" | ">" | ">=" ) sum ]
const auto relation_def =
    sum[actions::take()] >>
    -((relation_operator > sum)[actions::build_binary()] >> -relation_operator[actions::reject_chained_comparison()]);
// sum = prod { ( "+" | "-" ) prod }
const auto sum_def = product[actions::take()] >> *((sum_operator > product)[actions::extend_chain()]);
// prod = unary { ( "*" | "/" | "%" ) unary }
const auto product_def = unary[actions::take()] >> *((product_operator > unary)[actions::extend_chain()]);
// unary = ( "!" | "-" ) unary | postfix
const auto unary_def = (unary_operator > nested[unary])[actions::build_unary()] | postfix[actions::take()];
// postfix = primary { "." ident | "[" expr "]" }
const auto postfix_def = primary[actions::take()] >>
                         *((lit('.') > field_name)[actions::build_field_access()] |
                           (open_bracket > expression > ']')[actions::build_element_access()]);
// primary = int | "true" | "false" | "nil" | "this" | ident | "len" "(" ident ")" | "(" expr ")"
const auto primary_def =
    integer_literal | boolean_literal | nil_literal | this_reference | array_length | parenthesized | variable_name;
const auto parenthesized_def = (open_parenthesis > expression > ')')[actions::build_parenthesized()];

// ---------------------------------------------------------------------------------------------
// Types and declarations

// type = "int" | "bool" | "int" "[" "]" | ident.  `int[]` is accepted everywhere here and
// rejected by the checker outside global declarations, with a message that says why.
const auto type = x3::rule<type_class, ast::type_expression>{"type"} =
    (keyword("int") >> x3::attr(std::string("int")) >> x3::matches[lit('[') > ']']) |
    (keyword("bool") >> x3::attr(std::string("bool")) >> x3::attr(false)) | (identifier_token >> x3::attr(false));

const auto global_declaration = x3::rule<typed_name_class, ast::typed_name>{"global declaration"} =
    keyword("var") > variable_name > ':' > type > ';';
const auto field_declaration = x3::rule<typed_name_class, ast::typed_name>{"field declaration"} =
    keyword("field") > field_name > ':' > type > ';';
const auto parameter = x3::rule<typed_name_class, ast::typed_name>{"parameter name"} = parameter_name > ':' > type;
// params = ident ":" ftype { "," ident ":" ftype }, in parentheses
const auto parameter_list = x3::rule<class parameter_list_class, std::vector<ast::typed_name>>{"`(`"} =
    '(' > -(parameter > *(',' > parameter)) > ')';
// args = expr { "," expr }, in parentheses.  The lookahead for `)` keeps an empty list from
// trying an expression, which nested[...] would refuse at the nesting limit.
const auto argument_expressions = x3::rule<class argument_expressions_class, std::vector<ast::expression>>{"`(`"} =
    '(' > -((!lit(')') >> expression) > *(',' > expression)) > ')';
const auto argument_list = x3::rule<argument_list_class, ast::argument_list>{"`(`"} = argument_expressions;

// ---------------------------------------------------------------------------------------------
// Statements

const x3::rule<statement_class, ast::statement> statement = "statement";
const x3::rule<block_class, ast::block> block = "`{`";
const x3::rule<if_statement_class, ast::if_statement> if_statement = "`if`";
const x3::rule<while_statement_class, ast::while_statement> while_statement = "`while`";

// "var" ident ":" ftype ":=" expr ";"
const auto local_declaration = x3::rule<local_declaration_class, ast::local_declaration>{"local declaration"} =
    keyword("var") > variable_name > ':' > type > ":=" > expression > ';';
// "return" expr ";"
const auto return_statement = x3::rule<return_statement_class, ast::return_statement>{"`return`"} =
    keyword("return") > expression > ';';
const auto assert_statement = x3::rule<assert_statement_class, ast::assert_statement>{"`assert`"} =
    keyword("assert") > expression > ';';
const auto assume_statement = x3::rule<assume_statement_class, ast::assume_statement>{"`assume`"} =
    keyword("assume") > expression > ';';
const auto skip_statement = x3::rule<skip_statement_class, ast::skip_statement>{"`skip`"} = keyword("skip") > ';';

// "new" ident
const auto object_creation = x3::rule<object_creation_class, ast::object_creation>{"`new`"} =
    keyword("new") > class_name;
// expr, or postfix "." ident "(" [ args ] ")"
const auto assigned_expression = x3::rule<class assigned_expression_class, ast::assigned_expression>{"expression"} =
    expression >> -argument_list;
const auto assignment_source = x3::rule<class assignment_source_class, ast::assignment_source>{"expression"} =
    object_creation | assigned_expression;
const auto statement_tail = x3::rule<class statement_tail_class, ast::statement_tail>{"`:=` or `(`"} =
    (":=" > assignment_source) | argument_list;
// lhs ":=" ..., or a call: postfix "." ident "(" [ args ] ")", ident "(" [ args ] ")"
const auto expression_statement =
    x3::rule<expression_statement_class, ast::expression_statement>{"statement"} =
        nested[postfix] > statement_tail > ';';

const auto statement_def = local_declaration | return_statement | if_statement | while_statement |
                           assert_statement | assume_statement | skip_statement | expression_statement;
// "{" { stmt } "}"; the lookahead for `}` keeps the last statement alternative (which starts
// with nested[...]) from being tried at the end of a block.
const auto statement_list = x3::rule<class statement_list_class, std::vector<ast::statement>>{"statement"} =
    *(!lit('}') >> statement);
const auto block_def = nested['{' > statement_list > end_of_block];
// "if" expr block [ "else" ( block | ifstmt ) ], read as "if" expr block { "else" "if" expr block }
// [ "else" block ]: the `else if`s are a list, not a nesting, so a long chain is parsed in a loop.
const auto else_if_branch = x3::rule<else_if_class, ast::else_if>{"`if`"} = keyword("if") > expression > block;
const auto else_block = x3::rule<class else_block_class, ast::block>{"`{` or `if`"} = block;
const auto if_statement_def =
    keyword("if") > expression > block > *(keyword("else") >> else_if_branch) > -(keyword("else") > else_block);
// "while" expr block
const auto while_statement_def = keyword("while") > expression > block;

// ---------------------------------------------------------------------------------------------
// Declarations and the program

// proc = "proc" ident "(" [ params ] ")" block
const auto procedure_declaration = x3::rule<procedure_class, ast::procedure_declaration>{"procedure"} =
    keyword("proc") > procedure_name > parameter_list > block;
// method = "method" ident "(" [ params ] ")" ":" ftype block
const auto method_declaration = x3::rule<method_class, ast::method_declaration>{"method"} =
    keyword("method") > method_name > parameter_list > ':' > type > block;
// class = "class" ident "{" { field | method } "}"
const auto class_declaration = x3::rule<class_declaration_class, ast::class_declaration>{"class"} =
    keyword("class") > class_name > '{' > *(field_declaration | method_declaration) > end_of_class;

const program_type program = "program";
// program = { global | proc | class } "main" block
const auto program_def =
    *(global_declaration | procedure_declaration | class_declaration) > main_keyword > block > end_of_input;

const condition_type condition = "condition";
const auto end_of_condition = x3::rule<token_class>{"end of the condition"} = x3::eoi;
// A condition given on its own: an expression, then the end of the text.
const auto condition_def = expression > end_of_condition;

BOOST_SPIRIT_DEFINE(condition, expression, conditional, implication, disjunction, conjunction, equality, relation, sum, product,
                    unary, postfix, primary, parenthesized, statement, block, if_statement, while_statement,
                    program)

}  // namespace symref::grammar
