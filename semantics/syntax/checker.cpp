// The type checker: docs/language.md#static-rules and #expressions, with name resolution into slots and indices.
//
// Declarations are resolved first (classes, globals, fields, procedures and methods with their
// parameters and `var` locals), so that every name is known before any body is checked: locals
// are visible in the whole body that declares them, even before their `var`.  An expression
// whose type could not be determined gets TypeKind::Void, which silences the errors that would
// only repeat the one already reported.
#include "semantics/syntax/checker.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/parser.hpp"

namespace symref {

namespace {

const Type unknown_type{};  // Void: an error was already reported

std::string quoted(const std::string& text) { return "`" + text + "`"; }

const char* statement_keyword(StatementKind kind) {
  switch (kind) {
    case StatementKind::If: return "if";
    case StatementKind::While: return "while";
    case StatementKind::Assert: return "assert";
    case StatementKind::Assume: return "assume";
    default: return "?";
  }
}

// Does evaluating `expression` read a field or an array element?  (`len(a)` does not.)
bool reads_field_or_element(const Expression& expression) {
  return any_subexpression(expression, [](const Expression& e) {
    return e.kind == ExpressionKind::FieldRead || e.kind == ExpressionKind::ArrayRead;
  });
}

class Checker {
 public:
  explicit Checker(Program& program) : program_(program) {}

  // A Boolean condition over the globals and fields of an already checked program (main's scope).
  std::vector<Diagnostic> check_condition(Expression& condition) {
    enter_body(nullptr);
    Type type = check_expression(condition, 1);
    if (type.kind != TypeKind::Bool && type.kind != TypeKind::Void)
      error(condition.location, "a condition must be bool, not " + name_of(type));
    return std::move(diagnostics_);
  }

  std::vector<Diagnostic> run() {
    declare_classes();
    declare_globals();
    declare_fields();
    declare_callables();
    for (std::size_t i = 0; i < program_.callables.size(); ++i) check_callable(static_cast<std::int32_t>(i));
    enter_body(nullptr);
    check_block(program_.main, 1);
    // Report in source order, whatever the order of the checks.
    std::stable_sort(diagnostics_.begin(), diagnostics_.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return a.location.offset < b.location.offset;
    });
    return std::move(diagnostics_);
  }

 private:
  void error(SourceLocation location, std::string message) {
    diagnostics_.push_back(Diagnostic{location, std::move(message)});
  }

  std::string name_of(const Type& type) const { return program_.type_to_string(type); }

  // ---- declarations ---------------------------------------------------------------------------

  void declare_classes() {
    for (std::size_t i = 0; i < program_.classes.size(); ++i) {
      const Class& declaration = program_.classes[i];
      if (!program_.class_index.emplace(declaration.name, static_cast<std::int32_t>(i)).second)
        error(declaration.location, "duplicate class " + quoted(declaration.name));
    }
  }

  // int, bool, int[] (where allowed) or a declared class.
  Type resolve_type(const std::string& name, SourceLocation where, bool array_allowed) {
    if (name == "int") return Type::integer();
    if (name == "bool") return Type::boolean();
    if (name == "int[]") {
      if (array_allowed) return Type::int_array();
      error(where, "`int[]` is allowed only for global variables");
      return unknown_type;
    }
    auto found = program_.class_index.find(name);
    if (found != program_.class_index.end()) return Type::reference(found->second);
    error(where, "undeclared class " + quoted(name));
    return unknown_type;
  }

  void declare_globals() {
    for (std::size_t i = 0; i < program_.globals.size(); ++i) {
      VariableDeclaration& global = program_.globals[i];
      global.type = resolve_type(global.type_name, global.location, true);
      if (!program_.global_index.emplace(global.name, static_cast<std::int32_t>(i)).second)
        error(global.location, "duplicate global " + quoted(global.name));
    }
  }

  void declare_fields() {
    for (Class& declaration : program_.classes) {
      for (std::size_t position = 0; position < declaration.fields.size(); ++position) {
        Field& field = program_.fields[declaration.fields[position]];
        field.type = resolve_type(field.type_name, field.location, false);
        for (std::size_t earlier = 0; earlier < position; ++earlier)
          if (program_.fields[declaration.fields[earlier]].name == field.name) {
            error(field.location, "duplicate field " + quoted(field.name) + " in class " + quoted(declaration.name));
            break;
          }
      }
    }
  }

  void declare_callables() {
    for (std::size_t i = 0; i < program_.callables.size(); ++i) {
      Callable& callable = program_.callables[i];
      if (callable.is_method) {
        const Class& owner = program_.classes[callable.class_index];
        callable.return_type = resolve_type(callable.return_type_name, callable.location, false);
        for (std::int32_t other : owner.methods) {
          if (other == static_cast<std::int32_t>(i)) break;
          if (program_.callables[other].name == callable.name) {
            error(callable.location, "duplicate method " + quoted(callable.name) + " in class " + quoted(owner.name));
            break;
          }
        }
      } else {
        callable.return_type = Type{};
        if (!program_.procedure_index.emplace(callable.name, static_cast<std::int32_t>(i)).second)
          error(callable.location, "duplicate procedure " + quoted(callable.name));
      }
      declare_locals(callable);
    }
  }

  // `this`, the parameters, then the `var` locals of the body in textual order; each name once,
  // and none the name of a global.
  void declare_locals(Callable& callable) {
    callable.locals.resize(static_cast<std::size_t>(callable.first_parameter_slot() + callable.parameter_count));
    for (std::size_t slot = 0; slot < callable.locals.size(); ++slot) {
      VariableDeclaration& local = callable.locals[slot];
      local.type = callable.is_method && slot == 0 ? Type::reference(callable.class_index)
                                                   : resolve_type(local.type_name, local.location, false);
    }
    collect_var_locals(callable.body, callable, 1);
    for (std::size_t slot = 0; slot < callable.locals.size(); ++slot) {
      const VariableDeclaration& local = callable.locals[slot];
      bool duplicate = false;
      for (std::size_t earlier = 0; earlier < slot && !duplicate; ++earlier)
        duplicate = callable.locals[earlier].name == local.name;
      if (duplicate)
        error(local.location, "duplicate local " + quoted(local.name));
      else if (program_.global_index.count(local.name) != 0)
        error(local.location, "local " + quoted(local.name) + " has the same name as a global");
    }
  }

  void collect_var_locals(Block& block, Callable& callable, int depth) {
    if (depth > max_nesting_depth) return;  // check_block reports it
    for (Statement& statement : block.statements) {
      switch (statement.kind) {
        case StatementKind::LocalDeclaration: {
          statement.declared_type = resolve_type(statement.type_name, statement.target->location, false);
          statement.target->variable = {Scope::Local, static_cast<std::int32_t>(callable.locals.size())};
          callable.locals.push_back(
              VariableDeclaration{statement.target->name, statement.type_name, statement.declared_type,
                                  statement.target->location});
          break;
        }
        case StatementKind::If: {
          Statement* branch = &statement;
          for (; else_if(*branch) != nullptr; branch = else_if(*branch))
            collect_var_locals(branch->then_block, callable, depth + 1);
          collect_var_locals(branch->then_block, callable, depth + 1);
          collect_var_locals(branch->else_block, callable, depth + 1);
          break;
        }
        case StatementKind::While: collect_var_locals(statement.body, callable, depth + 1); break;
        default: break;
      }
    }
  }

  // The parser never produces a program nested deeper than max_nesting_depth; a program built by
  // code might, and is refused here rather than allowed to overflow the stack.
  bool within_nesting_limit(int depth, SourceLocation where) {
    if (depth <= max_nesting_depth) return true;
    error(where, nesting_message());
    return false;
  }

  // ---- bodies -------------------------------------------------------------------------------------

  // Makes the locals of `callable` (none for main) the ones that names resolve to.
  void enter_body(Callable* callable) {
    callable_ = callable;
    local_slots_.clear();
    if (callable == nullptr) return;
    for (std::size_t slot = 0; slot < callable->locals.size(); ++slot)
      local_slots_.emplace(callable->locals[slot].name, static_cast<std::int32_t>(slot));
  }

  void check_callable(std::int32_t index) {
    Callable& callable = program_.callables[index];
    enter_body(&callable);
    check_block(callable.body, 1);
    if (callable.is_method &&
        (callable.body.statements.empty() || callable.body.statements.back().kind != StatementKind::Return))
      error(callable.location, "method " + quoted(callable.display_name(program_)) + " must end with `return`");
  }

  void check_block(Block& block, int depth) {
    if (!within_nesting_limit(depth, block.location)) return;
    for (std::size_t i = 0; i < block.statements.size(); ++i) {
      // Only the last statement of a method's body may be its `return`.
      const bool method_result = depth == 1 && callable_ != nullptr && callable_->is_method &&
                                 &block == &callable_->body && i + 1 == block.statements.size();
      check_statement(block.statements[i], depth, method_result);
    }
  }

  void check_statement(Statement& statement, int depth, bool method_result) {
    switch (statement.kind) {
      case StatementKind::LocalDeclaration: {
        if (callable_ == nullptr) {
          error(statement.location, "`main` cannot declare local variables");
          return;
        }
        Type value = check_expression(*statement.value, depth + 1);
        expect_assignable(statement.declared_type, *statement.value, value);
        statement.target->type = statement.declared_type;
        break;
      }
      case StatementKind::Assignment: {
        Type target = check_target(*statement.target, depth + 1);
        Type value = check_expression(*statement.value, depth + 1);
        expect_assignable(target, *statement.value, value);
        break;
      }
      case StatementKind::New: check_new(statement, depth); break;
      case StatementKind::MethodCall: check_method_call(statement, depth); break;
      case StatementKind::ProcedureCall: check_procedure_call(statement, depth); break;
      case StatementKind::Return: check_return(statement, depth, method_result); break;
      case StatementKind::If: {
        // An `else if` is at the depth of the `if` it continues (parser.hpp).
        Statement* branch = &statement;
        for (; else_if(*branch) != nullptr; branch = else_if(*branch)) {
          check_condition(*branch, depth);
          check_block(branch->then_block, depth + 1);
          else_if(*branch)->checks_definedness = checks_definedness(*else_if(*branch));
        }
        check_condition(*branch, depth);
        check_block(branch->then_block, depth + 1);
        check_block(branch->else_block, depth + 1);
        break;
      }
      case StatementKind::While:
        check_condition(statement, depth);
        check_block(statement.body, depth + 1);
        break;
      case StatementKind::Assert:
      case StatementKind::Assume: check_condition(statement, depth); break;
      case StatementKind::Skip: break;
    }
    statement.checks_definedness = checks_definedness(statement);
  }

  // δ of the statement is not syntactically true: it reads or writes a field or an array
  // element, or calls a method (docs/language.md#branch-letters).
  static bool checks_definedness(const Statement& statement) {
    switch (statement.kind) {
      case StatementKind::MethodCall: return true;
      case StatementKind::ProcedureCall:
        return std::any_of(statement.arguments.begin(), statement.arguments.end(),
                           [](const ExpressionPointer& argument) { return reads_field_or_element(*argument); });
      case StatementKind::LocalDeclaration:
      case StatementKind::Assignment:
      case StatementKind::New:
        return reads_field_or_element(*statement.target) ||
               (statement.value != nullptr && reads_field_or_element(*statement.value));
      case StatementKind::Return:
      case StatementKind::If:
      case StatementKind::While:
      case StatementKind::Assert:
      case StatementKind::Assume: return reads_field_or_element(*statement.value);
      case StatementKind::Skip: return false;
    }
    return false;
  }

  void check_condition(Statement& statement, int depth) {
    Type condition = check_expression(*statement.value, depth + 1);
    if (condition.kind != TypeKind::Bool && condition.kind != TypeKind::Void)
      error(statement.value->location, std::string("condition of `") + statement_keyword(statement.kind) +
                                           "` must be bool, not " + name_of(condition));
  }

  void check_return(Statement& statement, int depth, bool method_result) {
    if (callable_ == nullptr || !callable_->is_method) {
      error(statement.location, "`return` is only allowed in methods");
      return;
    }
    if (!method_result) error(statement.location, "`return` must be the last statement of the method");
    Type value = check_expression(*statement.value, depth + 1);
    if (!compatible(callable_->return_type, *statement.value, value))
      error(statement.value->location, "method " + quoted(callable_->display_name(program_)) + " must return " +
                                           name_of(callable_->return_type) + ", not " + name_of(value));
  }

  void check_new(Statement& statement, int depth) {
    Type target = check_target(*statement.target, depth + 1);
    auto found = program_.class_index.find(statement.class_name);
    if (found == program_.class_index.end()) {
      error(statement.location, "undeclared class " + quoted(statement.class_name));
      return;
    }
    statement.class_index = found->second;
    if (target.kind != TypeKind::Void && target != Type::reference(found->second))
      error(statement.location, "cannot assign `new " + statement.class_name + "` to a location of type " +
                                    name_of(target));
  }

  void check_method_call(Statement& statement, int depth) {
    Type target = statement.target ? check_target(*statement.target, depth + 1) : unknown_type;
    Type receiver = check_expression(*statement.receiver, depth + 1);
    std::vector<Type> arguments = check_arguments(statement, depth);
    if (receiver.kind == TypeKind::Void) return;
    if (receiver.kind != TypeKind::Reference) {
      error(statement.receiver->location, "method call needs an object, not " + name_of(receiver));
      return;
    }
    const Class& owner = program_.classes[receiver.class_index];
    const Callable* method = program_.find_method(receiver.class_index, statement.callee_name);
    if (method == nullptr) {
      error(statement.location, "class " + quoted(owner.name) + " has no method " + quoted(statement.callee_name));
      return;
    }
    statement.callee = static_cast<std::int32_t>(method - program_.callables.data());
    check_call_arguments(statement, *method, arguments);
    if (statement.target && target.kind != TypeKind::Void && method->return_type.kind != TypeKind::Void &&
        target != method->return_type)
      error(statement.location, "`:=` needs a value of type " + name_of(target) + ", but " +
                                    quoted(method->display_name(program_)) + " returns " +
                                    name_of(method->return_type));
  }

  void check_procedure_call(Statement& statement, int depth) {
    std::vector<Type> arguments = check_arguments(statement, depth);
    auto found = program_.procedure_index.find(statement.callee_name);
    if (found == program_.procedure_index.end()) {
      error(statement.location, "undeclared procedure " + quoted(statement.callee_name));
      return;
    }
    statement.callee = found->second;
    check_call_arguments(statement, program_.callables[found->second], arguments);
  }

  std::vector<Type> check_arguments(Statement& statement, int depth) {
    std::vector<Type> types;
    for (ExpressionPointer& argument : statement.arguments) types.push_back(check_expression(*argument, depth + 1));
    return types;
  }

  // Arity, then each argument against its parameter.
  void check_call_arguments(Statement& statement, const Callable& callee, const std::vector<Type>& arguments) {
    const std::string name = quoted(callee.display_name(program_));
    const auto expected = static_cast<std::size_t>(callee.parameter_count);
    if (arguments.size() != expected) {
      error(statement.location, name + " takes " + std::to_string(expected) +
                                    (expected == 1 ? " argument, not " : " arguments, not ") +
                                    std::to_string(arguments.size()));
      return;
    }
    for (std::size_t i = 0; i < expected; ++i) {
      const Type& parameter = callee.locals[callee.first_parameter_slot() + i].type;
      if (!compatible(parameter, *statement.arguments[i], arguments[i]))
        error(statement.arguments[i]->location, "argument " + std::to_string(i + 1) + " of " + name + " must be " +
                                                    name_of(parameter) + ", not " + name_of(arguments[i]));
    }
  }

  // ---- expressions ----------------------------------------------------------------------------

  // The type of the location `target` of `:=`: a variable other than `this`, an array element
  // or a field.
  Type check_target(Expression& target, int depth) {
    if (target.kind == ExpressionKind::This) {
      error(target.location, "cannot assign to `this`");
      return unknown_type;
    }
    return check_expression(target, depth);
  }

  // Can a value of type `value` (the type of `expression`) go where `expected` is needed?  A nil
  // takes the expected class type on the way.
  bool compatible(const Type& expected, Expression& expression, const Type& value) {
    if (expected.kind == TypeKind::Void || value.kind == TypeKind::Void) return true;  // reported already
    if (value == expected) return true;
    if (value.kind == TypeKind::Nil && expected.kind == TypeKind::Reference) {
      give_nil_type(expression, expected);
      return true;
    }
    return false;
  }

  void expect_assignable(const Type& expected, Expression& value_expression, const Type& value) {
    if (!compatible(expected, value_expression, value))
      error(value_expression.location,
            "`:=` needs a value of type " + name_of(expected) + ", not " + name_of(value));
  }

  // A nil-typed expression (a nil literal, or a `?:` whose branches are nil) takes a class type
  // from its context.
  static void give_nil_type(Expression& expression, const Type& type) {
    if (expression.type.kind != TypeKind::Nil) return;
    expression.type = type;
    if (expression.kind == ExpressionKind::Conditional) {
      give_nil_type(*expression.operands[1], type);
      give_nil_type(*expression.operands[2], type);
    }
  }

  Type check_expression(Expression& expression, int depth) {
    if (!within_nesting_limit(depth, expression.location)) return expression.type = unknown_type;
    return expression.type = expression_type(expression, depth);
  }

  Type expression_type(Expression& expression, int depth) {
    switch (expression.kind) {
      case ExpressionKind::IntegerLiteral: return Type::integer();
      case ExpressionKind::BooleanLiteral: return Type::boolean();
      case ExpressionKind::NilLiteral: return Type::nil();
      case ExpressionKind::This:
        if (callable_ == nullptr || !callable_->is_method) {
          error(expression.location, "`this` is only available in methods");
          return unknown_type;
        }
        expression.variable = {Scope::Local, 0};
        return Type::reference(callable_->class_index);
      case ExpressionKind::Variable: return variable_type(expression);
      case ExpressionKind::ArrayLength: {
        Type array = check_expression(*expression.operands[0], depth + 1);
        if (array.kind != TypeKind::IntArray && array.kind != TypeKind::Void)
          error(expression.operands[0]->location, "`len` needs an int[] variable, not " + name_of(array));
        return Type::integer();
      }
      case ExpressionKind::ArrayRead: {
        Type array = check_expression(*expression.operands[0], depth + 1);
        Type index = check_expression(*expression.operands[1], depth + 1);
        if (array.kind != TypeKind::IntArray && array.kind != TypeKind::Void)
          error(expression.location, "indexing needs an int[] variable, not " + name_of(array));
        if (index.kind != TypeKind::Int && index.kind != TypeKind::Void)
          error(expression.operands[1]->location, "index must be int, not " + name_of(index));
        return Type::integer();
      }
      case ExpressionKind::FieldRead: return field_type(expression, depth);
      case ExpressionKind::Unary: return unary_type(expression, depth);
      case ExpressionKind::Binary: return binary_type(expression, depth);
      case ExpressionKind::Conditional: return conditional_type(expression, depth);
    }
    return unknown_type;
  }

  Type variable_type(Expression& expression) {
    auto local = local_slots_.find(expression.name);
    if (local != local_slots_.end()) {
      expression.variable = {Scope::Local, local->second};
      return callable_->locals[local->second].type;
    }
    auto global = program_.global_index.find(expression.name);
    if (global != program_.global_index.end()) {
      expression.variable = {Scope::Global, global->second};
      return program_.globals[global->second].type;
    }
    error(expression.location, "undeclared variable " + quoted(expression.name));
    return unknown_type;
  }

  Type field_type(Expression& expression, int depth) {
    Type object = check_expression(*expression.operands[0], depth + 1);
    if (object.kind == TypeKind::Void) return unknown_type;
    if (object.kind != TypeKind::Reference) {
      error(expression.location, "field access needs an object, not " + name_of(object));
      return unknown_type;
    }
    const Field* field = program_.find_field(object.class_index, expression.name);
    if (field == nullptr) {
      error(expression.location,
            "class " + quoted(program_.classes[object.class_index].name) + " has no field " + quoted(expression.name));
      return unknown_type;
    }
    expression.field = static_cast<std::int32_t>(field - program_.fields.data());
    return field->type;
  }

  Type unary_type(Expression& expression, int depth) {
    Type operand = check_expression(*expression.operands[0], depth + 1);
    const bool negation = expression.unary_operator == UnaryOperator::Negate;
    const Type result = negation ? Type::integer() : Type::boolean();
    if (operand.kind != result.kind && operand.kind != TypeKind::Void)
      error(expression.location, std::string("operator `") + (negation ? "-" : "!") + "` needs " +
                                     (negation ? "an int" : "a bool") + " operand, not " + name_of(operand));
    return result;
  }

  // A chain (a + b) + c is one level: its operators are typed from the innermost out, with all
  // the operands one level below the chain.
  Type binary_type(Expression& expression, int depth) {
    std::vector<Expression*> chain{&expression};
    while (continues_left_chain(*chain.back())) chain.push_back(chain.back()->operands[0].get());
    Type left = check_expression(*chain.back()->operands[0], depth + 1);
    for (std::size_t i = chain.size(); i-- > 0;) {
      Type right = check_expression(*chain[i]->operands[1], depth + 1);
      left = binary_operation_type(*chain[i], left, right);
      if (i > 0) chain[i]->type = left;  // the root's is set by check_expression
    }
    return left;
  }

  Type binary_operation_type(Expression& expression, Type left, Type right) {
    Expression& left_expression = *expression.operands[0];
    Expression& right_expression = *expression.operands[1];
    const std::string spelling = operator_spelling(expression.binary_operator);
    const bool known = left.kind != TypeKind::Void && right.kind != TypeKind::Void;
    switch (expression.binary_operator) {
      case BinaryOperator::Equal:
      case BinaryOperator::NotEqual:
        if (!known) return Type::boolean();
        // `nil` takes the class of the other operand.
        if (left.kind == TypeKind::Nil && right.kind == TypeKind::Reference) {
          give_nil_type(left_expression, right);
          left = right;
        } else if (right.kind == TypeKind::Nil && left.kind == TypeKind::Reference) {
          give_nil_type(right_expression, left);
          right = left;
        }
        if (left.kind == TypeKind::IntArray || right.kind == TypeKind::IntArray)
          error(expression.location, "operator `" + spelling + "` cannot compare int[] values");
        else if (left != right)
          error(expression.location, "operator `" + spelling + "` needs operands of the same type, not " +
                                         name_of(left) + " and " + name_of(right));
        return Type::boolean();
      case BinaryOperator::And:
      case BinaryOperator::Or:
      case BinaryOperator::Implies:
        if (known && (left.kind != TypeKind::Bool || right.kind != TypeKind::Bool))
          error(expression.location, "operator `" + spelling + "` needs bool operands, not " + name_of(left) +
                                         " and " + name_of(right));
        return Type::boolean();
      default: {
        const bool comparison = expression.binary_operator == BinaryOperator::Less ||
                                expression.binary_operator == BinaryOperator::LessEqual ||
                                expression.binary_operator == BinaryOperator::Greater ||
                                expression.binary_operator == BinaryOperator::GreaterEqual;
        if (known && (left.kind != TypeKind::Int || right.kind != TypeKind::Int))
          error(expression.location, "operator `" + spelling + "` needs int operands, not " + name_of(left) +
                                         " and " + name_of(right));
        return comparison ? Type::boolean() : Type::integer();
      }
    }
  }

  Type conditional_type(Expression& expression, int depth) {
    Type condition = check_expression(*expression.operands[0], depth + 1);
    Type when_true = check_expression(*expression.operands[1], depth + 1);
    Type when_false = check_expression(*expression.operands[2], depth + 1);
    if (condition.kind != TypeKind::Bool && condition.kind != TypeKind::Void)
      error(expression.operands[0]->location, "condition of `?:` must be bool, not " + name_of(condition));
    if (when_true.kind == TypeKind::Void || when_false.kind == TypeKind::Void) return unknown_type;
    // A nil branch takes the class of the other branch; two nil branches wait for the context.
    if (when_true.kind == TypeKind::Nil && when_false.kind == TypeKind::Reference) {
      give_nil_type(*expression.operands[1], when_false);
      when_true = when_false;
    } else if (when_false.kind == TypeKind::Nil && when_true.kind == TypeKind::Reference) {
      give_nil_type(*expression.operands[2], when_true);
      when_false = when_true;
    }
    if (when_true.kind == TypeKind::IntArray || when_false.kind == TypeKind::IntArray) {
      error(expression.location, "branches of `?:` cannot be int[]");
      return unknown_type;
    }
    if (when_true != when_false) {
      error(expression.location, "branches of `?:` must have the same type, not " + name_of(when_true) + " and " +
                                     name_of(when_false));
      return unknown_type;
    }
    return when_true;
  }

  Program& program_;
  std::vector<Diagnostic> diagnostics_;
  Callable* callable_ = nullptr;                                  // the body being checked; null for main
  std::unordered_map<std::string, std::int32_t> local_slots_;    // its locals by name
};

void report(const SourceFile& source, std::vector<Diagnostic> diagnostics) {
  DiagnosticSink sink(source);
  for (Diagnostic& diagnostic : diagnostics) sink.error(diagnostic.location, std::move(diagnostic.message));
  sink.throw_if_any();
}

}  // namespace

void check_condition(const Program& program, Expression& condition, const SourceFile& source) {
  // Checking an expression only reads the program's declarations; the cast lets the one Checker
  // serve both programs (which it resolves in place) and conditions.
  std::vector<Diagnostic> diagnostics = Checker(const_cast<Program&>(program)).check_condition(condition);
  if (!diagnostics.empty()) report(source, std::move(diagnostics));
}

void check_program(Program& program) {
  std::vector<Diagnostic> diagnostics = Checker(program).run();
  if (diagnostics.empty()) return;
  // A program built by code may have no source text; its diagnostics then carry no source line.
  const SourceFile empty_source("<program>", "");
  report(program.source ? *program.source : empty_source, std::move(diagnostics));
}

}  // namespace symref
