// The parser: runs the X3 grammar over the text and lowers its syntax tree to Program (docs/language.md#grammar).
//
// Lowering drops parentheses, turns a chain `a + b - c` into the Binary nodes it associates to
// ((a + b) - c) and `else if` into an else block holding one If, converts literals to Integer and
// positions to SourceLocation, and decides what a statement that starts with an expression is
// (assignment, method call or procedure call), which the grammar cannot know until it has read
// past the expression.  Its recursion follows the syntax tree, whose depth the grammar has
// already bounded by max_nesting_depth; chains and `else if`s it lowers in loops.
#include "semantics/syntax/parser.hpp"

#include <sstream>
#include <utility>

#include "semantics/syntax/ast.hpp"
#include "semantics/syntax/config.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/grammar.hpp"

namespace symref {

namespace {

namespace x3 = boost::spirit::x3;

class Lowering {
 public:
  Lowering(const SourceFile& source, const grammar::position_handler_type& positions, DiagnosticSink& sink)
      : source_(source), positions_(positions), sink_(sink) {}

  void program(const ast::program& tree, Program& program) {
    for (const ast::declaration& declaration : tree.declarations) {
      if (const auto* global = boost::get<ast::typed_name>(&declaration.get())) {
        program.globals.push_back(variable(*global));
      } else if (const auto* procedure = boost::get<ast::procedure_declaration>(&declaration.get())) {
        program.callables.push_back(callable(procedure->name, procedure->parameters, procedure->body));
      } else {
        class_declaration(boost::get<ast::class_declaration>(declaration.get()), program);
      }
    }
    program.main = block(tree.main);
    program.main_location = location(tree.main_keyword);
  }

  // --- expressions --------------------------------------------------------------------------

  using result_type = ExpressionPointer;  // for the visit of ast::expression

  ExpressionPointer expression(const ast::expression& node) { return boost::apply_visitor(*this, node.get()); }

  ExpressionPointer operator()(const ast::integer_literal& node) {
    auto result = make(ExpressionKind::IntegerLiteral, location(node));
    result->integer = *Integer::from_decimal(node.digits);  // only digits: the grammar saw to it
    return result;
  }
  ExpressionPointer operator()(const ast::boolean_literal& node) {
    auto result = make(ExpressionKind::BooleanLiteral, location(node));
    result->boolean = node.value;
    return result;
  }
  ExpressionPointer operator()(const ast::nil_literal& node) { return make(ExpressionKind::NilLiteral, location(node)); }
  ExpressionPointer operator()(const ast::this_reference& node) {
    auto result = make(ExpressionKind::This, location(node));
    result->name = "this";
    return result;
  }
  ExpressionPointer operator()(const ast::identifier& node) { return variable_reference(node); }
  ExpressionPointer operator()(const ast::array_length& node) {
    auto result = make(ExpressionKind::ArrayLength, location(node));
    result->operands.push_back(variable_reference(node.array));
    return result;
  }
  ExpressionPointer operator()(const x3::forward_ast<ast::parenthesized>& node) { return expression(node.get().inner); }
  ExpressionPointer operator()(const x3::forward_ast<ast::unary_operation>& node) {
    const ast::unary_operation& unary = node.get();
    auto result = make(ExpressionKind::Unary, location(unary.operator_token));
    result->unary_operator = unary.operator_token.kind;
    result->operands.push_back(expression(unary.operand));
    return result;
  }
  ExpressionPointer operator()(const x3::forward_ast<ast::binary_operation>& node) {
    const ast::binary_operation& binary = node.get();
    auto result = make(ExpressionKind::Binary, location(binary.operator_token));
    result->binary_operator = binary.operator_token.kind;
    result->operands.push_back(expression(binary.left));
    result->operands.push_back(expression(binary.right));
    return result;
  }
  ExpressionPointer operator()(const x3::forward_ast<ast::binary_chain>& node) {
    const ast::binary_chain& chain = node.get();
    ExpressionPointer result = expression(chain.first);
    for (const ast::chain_link& link : chain.rest) {
      auto binary = make(ExpressionKind::Binary, location(link.operator_token));
      binary->binary_operator = link.operator_token.kind;
      binary->operands.push_back(std::move(result));
      binary->operands.push_back(expression(link.operand));
      result = std::move(binary);
    }
    return result;
  }
  ExpressionPointer operator()(const x3::forward_ast<ast::conditional>& node) {
    const ast::conditional& conditional = node.get();
    auto result = make(ExpressionKind::Conditional, location(conditional.question_mark));
    result->operands.push_back(expression(conditional.condition));
    result->operands.push_back(expression(conditional.when_true));
    result->operands.push_back(expression(conditional.when_false));
    return result;
  }
  ExpressionPointer operator()(const x3::forward_ast<ast::field_access>& node) {
    const ast::field_access& access = node.get();
    auto result = make(ExpressionKind::FieldRead, location(access.field));
    result->name = access.field.name;
    result->operands.push_back(expression(access.object));
    return result;
  }
  ExpressionPointer operator()(const x3::forward_ast<ast::element_access>& node) {
    const ast::element_access& access = node.get();
    auto result = make(ExpressionKind::ArrayRead, location(access.open_bracket));
    result->operands.push_back(expression(access.array));
    result->operands.push_back(expression(access.index));
    return result;
  }

  // --- statements ---------------------------------------------------------------------------

  Block block(const ast::block& node) {
    Block result;
    result.location = location(node);
    result.statements.reserve(node.statements.size());
    for (const ast::statement& statement : node.statements) result.statements.push_back(this->statement(statement));
    return result;
  }

  Statement statement(const ast::statement& node) {
    struct StatementVisitor {
      using result_type = Statement;
      Lowering& lowering;
      Statement operator()(const ast::local_declaration& node) const { return lowering.local_declaration(node); }
      Statement operator()(const ast::expression_statement& node) const { return lowering.expression_statement(node); }
      Statement operator()(const ast::return_statement& node) const {
        return lowering.with_value(StatementKind::Return, node, node.value);
      }
      Statement operator()(const ast::assert_statement& node) const {
        return lowering.with_value(StatementKind::Assert, node, node.condition);
      }
      Statement operator()(const ast::assume_statement& node) const {
        return lowering.with_value(StatementKind::Assume, node, node.condition);
      }
      Statement operator()(const ast::skip_statement& node) const {
        Statement result;
        result.kind = StatementKind::Skip;
        result.location = lowering.location(node);
        return result;
      }
      Statement operator()(const x3::forward_ast<ast::if_statement>& node) const {
        return lowering.if_statement(node.get());
      }
      Statement operator()(const x3::forward_ast<ast::while_statement>& node) const {
        const ast::while_statement& loop = node.get();
        Statement result = lowering.with_value(StatementKind::While, loop, loop.condition);
        result.body = lowering.block(loop.body);
        return result;
      }
    };
    return boost::apply_visitor(StatementVisitor{*this}, node.get());
  }

 private:
  SourceLocation location(const x3::position_tagged& node) const {
    return source_.location_of(static_cast<std::size_t>(positions_.position_of(node).begin() - source_.text().begin()));
  }

  static ExpressionPointer make(ExpressionKind kind, SourceLocation location) {
    auto result = std::make_unique<Expression>();
    result->kind = kind;
    result->location = location;
    return result;
  }

  ExpressionPointer variable_reference(const ast::identifier& name) {
    auto result = make(ExpressionKind::Variable, location(name));
    result->name = name.name;
    return result;
  }

  static std::string type_name(const ast::type_expression& type) { return type.is_array ? type.name + "[]" : type.name; }

  VariableDeclaration variable(const ast::typed_name& node) const {
    VariableDeclaration result;
    result.name = node.name.name;
    result.type_name = type_name(node.type);
    result.location = location(node.name);
    return result;
  }

  Callable callable(const ast::identifier& name, const std::vector<ast::typed_name>& parameters, const ast::block& body) {
    Callable result;
    result.name = name.name;
    result.location = location(name);
    for (const ast::typed_name& parameter : parameters) result.locals.push_back(variable(parameter));
    result.parameter_count = static_cast<std::int32_t>(parameters.size());
    result.body = block(body);
    return result;
  }

  void class_declaration(const ast::class_declaration& node, Program& program) {
    const auto class_index = static_cast<std::int32_t>(program.classes.size());
    Class result;
    result.name = node.name.name;
    result.location = location(node.name);
    for (const ast::class_member& member : node.members) {
      if (const auto* field_node = boost::get<ast::typed_name>(&member.get())) {
        Field field;
        field.name = field_node->name.name;
        field.type_name = type_name(field_node->type);
        field.class_index = class_index;
        field.position = static_cast<std::int32_t>(result.fields.size());
        field.location = location(field_node->name);
        result.fields.push_back(static_cast<std::int32_t>(program.fields.size()));
        program.fields.push_back(std::move(field));
      } else {
        const auto& method_node = boost::get<ast::method_declaration>(member.get());
        Callable method = callable(method_node.name, method_node.parameters, method_node.body);
        method.is_method = true;
        method.class_index = class_index;
        method.return_type_name = type_name(method_node.return_type);
        // `this` is the method's first local (program.hpp, Callable).
        VariableDeclaration this_local;
        this_local.name = "this";
        this_local.type_name = node.name.name;
        this_local.location = method.location;
        method.locals.insert(method.locals.begin(), std::move(this_local));
        result.methods.push_back(static_cast<std::int32_t>(program.callables.size()));
        program.callables.push_back(std::move(method));
      }
    }
    program.classes.push_back(std::move(result));
  }

  Statement with_value(StatementKind kind, const x3::position_tagged& node, const ast::expression& value) {
    Statement result;
    result.kind = kind;
    result.location = location(node);
    result.value = expression(value);
    return result;
  }

  Statement local_declaration(const ast::local_declaration& node) {
    Statement result = with_value(StatementKind::LocalDeclaration, node, node.value);
    result.target = variable_reference(node.name);
    result.type_name = type_name(node.type);
    return result;
  }

  Statement if_statement(const ast::if_statement& node) {
    // The `if` and each `else if`, each an If; then from the last one back, each becomes the
    // else block of the one before it, located at its `if`.
    std::vector<Statement> chain;
    chain.reserve(1 + node.else_ifs.size());
    chain.push_back(with_value(StatementKind::If, node, node.condition));
    chain.back().then_block = block(node.then_block);
    for (const ast::else_if& branch : node.else_ifs) {
      chain.push_back(with_value(StatementKind::If, branch, branch.condition));
      chain.back().then_block = block(branch.then_block);
    }
    if (node.otherwise) {
      chain.back().has_else = true;
      chain.back().else_block = block(*node.otherwise);
    }
    for (std::size_t i = chain.size() - 1; i > 0; --i) {
      Statement& outer = chain[i - 1];
      outer.has_else = true;
      outer.else_block.location = chain[i].location;
      outer.else_block.statements.push_back(std::move(chain[i]));
    }
    return std::move(chain.front());
  }

  // `h := ...;`, `e.m(args);` or `P(args);`: what the leading expression must be depends on
  // what follows it.
  Statement expression_statement(const ast::expression_statement& node) {
    Statement result;
    result.location = location(node);
    if (const auto* arguments = boost::get<ast::argument_list>(&node.tail.get())) {
      if (const auto* procedure = boost::get<ast::identifier>(&node.head.get())) {
        result.kind = StatementKind::ProcedureCall;
        result.callee_name = procedure->name;
        result.arguments = argument_expressions(*arguments);
      } else if (!method_call(node.head, *arguments, result)) {
        sink_.error(location(*arguments), "only procedures and methods can be called");
      }
      return result;
    }
    const auto& source = boost::get<ast::assignment_source>(node.tail.get());
    if (!assignable(node.head)) {
      sink_.error(result.location, "left-hand side of `:=` must be a variable, an array element or a field");
      return result;
    }
    result.target = expression(node.head);
    if (const auto* creation = boost::get<ast::object_creation>(&source.get())) {
      result.kind = StatementKind::New;
      result.class_name = creation->class_name.name;
      return result;
    }
    const auto& assigned = boost::get<ast::assigned_expression>(source.get());
    if (!assigned.call) {
      result.kind = StatementKind::Assignment;
      result.value = expression(assigned.value);
    } else if (const auto* procedure = boost::get<ast::identifier>(&assigned.value.get())) {
      sink_.error(location(*procedure), "a procedure call has no value; only a method call `e.m(...)` can be assigned");
    } else if (!method_call(assigned.value, *assigned.call, result)) {
      sink_.error(location(*assigned.call), "only procedures and methods can be called");
    }
    return result;
  }

  // Fills in `result` as a method call if `callee` is `e.m`; the target, if any, is already set.
  bool method_call(const ast::expression& callee, const ast::argument_list& arguments, Statement& result) {
    const auto* access = boost::get<x3::forward_ast<ast::field_access>>(&callee.get());
    if (access == nullptr) return false;
    result.kind = StatementKind::MethodCall;
    result.receiver = expression(access->get().object);
    result.callee_name = access->get().field.name;
    result.arguments = argument_expressions(arguments);
    return true;
  }

  std::vector<ExpressionPointer> argument_expressions(const ast::argument_list& arguments) {
    std::vector<ExpressionPointer> result;
    result.reserve(arguments.arguments.size());
    for (const ast::expression& argument : arguments.arguments) result.push_back(expression(argument));
    return result;
  }

  // lhs = ident | ident "[" expr "]" | postfix "." ident   (and `this`, which the checker refuses
  // with its own message)
  static bool assignable(const ast::expression& target) {
    const auto& node = target.get();
    if (boost::get<ast::identifier>(&node) || boost::get<ast::this_reference>(&node) ||
        boost::get<x3::forward_ast<ast::field_access>>(&node))
      return true;
    const auto* element = boost::get<x3::forward_ast<ast::element_access>>(&node);
    return element != nullptr && boost::get<ast::identifier>(&element->get().array.get()) != nullptr;
  }

  const SourceFile& source_;
  const grammar::position_handler_type& positions_;
  DiagnosticSink& sink_;
};

}  // namespace

namespace {

// Parses the whole of `source` with `rule`, then lowers the tree with `lower(lowering, tree)`.
// Errors of either stage are collected by one DiagnosticSink and thrown together as InputError.
template <class Tree, class Rule, class Lower>
auto parse_and_lower(const SourceFile& source, const Rule& rule, Lower&& lower) {
  const std::string& text = source.text();
  grammar::iterator_type first = text.begin();
  const grammar::iterator_type last = text.end();

  // x3::error_handler keeps the positions of the syntax tree; it would print errors to this
  // stream in its own format, but errors go to the DiagnosticSink instead.
  std::ostringstream unused_error_stream;
  grammar::position_handler_type positions(first, last, unused_error_stream, source.path());
  DiagnosticSink sink(source);
  int nesting_depth = 0;
  const auto parser = x3::with<x3::error_handler_tag>(std::ref(positions))[x3::with<grammar::diagnostic_sink_tag>(
      sink)[x3::with<grammar::nesting_depth_tag>(nesting_depth)[rule]]];

  // Both rules read up to the end of the text themselves, comments included, and report their own
  // errors; a skip after them (X3's post-skip) would run outside that reporting.
  Tree tree;
  if (!x3::phrase_parse(first, last, parser, grammar::skipper, tree, x3::skip_flag::dont_post_skip)) {
    // Every failure of the rule ends in an expectation failure that on_error reported.
    sink.throw_if_any();
    throw InputError(source.path() + ": error: syntax error\n");
  }
  Lowering lowering(source, positions, sink);
  auto result = lower(lowering, tree);
  sink.throw_if_any();
  return result;
}

}  // namespace

std::unique_ptr<Program> parse_program(std::shared_ptr<const SourceFile> source) {
  return parse_and_lower<ast::program>(*source, grammar::program_rule(), [&](Lowering& lowering, const ast::program& tree) {
    auto program = std::make_unique<Program>();
    program->source = source;
    lowering.program(tree, *program);
    return program;
  });
}

ExpressionPointer parse_condition(std::shared_ptr<const SourceFile> source) {
  return parse_and_lower<ast::expression>(*source, grammar::condition_rule(),
                                          [](Lowering& lowering, const ast::expression& tree) { return lowering.expression(tree); });
}

}  // namespace symref
