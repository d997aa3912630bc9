// The printer: Program back to the concrete syntax of docs/language.md, with the fewest parentheses that keep the tree.
#include "semantics/syntax/printer.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "semantics/syntax/parser.hpp"

namespace symref {

namespace {

// Binding strength, loosest first: the levels of docs/language.md#grammar from `cond` to `primary`.
enum class Precedence : int {
  Conditional = 1,
  Implication,
  Disjunction,
  Conjunction,
  Equality,
  Relation,
  Sum,
  Product,
  Unary,
  Postfix,
  Primary,
};

Precedence tighter(Precedence precedence) { return static_cast<Precedence>(static_cast<int>(precedence) + 1); }

Precedence precedence_of(BinaryOperator op) {
  switch (op) {
    case BinaryOperator::Implies: return Precedence::Implication;
    case BinaryOperator::Or: return Precedence::Disjunction;
    case BinaryOperator::And: return Precedence::Conjunction;
    case BinaryOperator::Equal:
    case BinaryOperator::NotEqual: return Precedence::Equality;
    case BinaryOperator::Less:
    case BinaryOperator::LessEqual:
    case BinaryOperator::Greater:
    case BinaryOperator::GreaterEqual: return Precedence::Relation;
    case BinaryOperator::Add:
    case BinaryOperator::Subtract: return Precedence::Sum;
    case BinaryOperator::Multiply:
    case BinaryOperator::Divide:
    case BinaryOperator::Remainder: return Precedence::Product;
  }
  return Precedence::Primary;
}

Precedence precedence_of(const Expression& expression) {
  switch (expression.kind) {
    case ExpressionKind::Conditional: return Precedence::Conditional;
    case ExpressionKind::Binary: return precedence_of(expression.binary_operator);
    case ExpressionKind::Unary: return Precedence::Unary;
    case ExpressionKind::FieldRead:
    case ExpressionKind::ArrayRead: return Precedence::Postfix;
    // A negative literal only comes from code that builds programs; it prints as a negation.
    case ExpressionKind::IntegerLiteral: return expression.integer.sign() < 0 ? Precedence::Unary : Precedence::Primary;
    default: return Precedence::Primary;
  }
}

class Printer {
 public:
  explicit Printer(const Program& program) : program_(program) {}

  // Appends `expression`, in parentheses if it binds more loosely than `context` requires.
  void expression(const Expression& expression, Precedence context = Precedence::Conditional) {
    Level level(*this);
    const bool parenthesize = precedence_of(expression) < context;
    if (parenthesize) out_ += '(';
    switch (expression.kind) {
      case ExpressionKind::IntegerLiteral: out_ += expression.integer.to_string(); break;
      case ExpressionKind::BooleanLiteral: out_ += expression.boolean ? "true" : "false"; break;
      case ExpressionKind::NilLiteral: out_ += "nil"; break;
      case ExpressionKind::This: out_ += "this"; break;
      case ExpressionKind::Variable: out_ += expression.name; break;
      case ExpressionKind::ArrayLength:
        out_ += "len(";
        this->expression(expression.operand(0));
        out_ += ')';
        break;
      case ExpressionKind::FieldRead:
        this->expression(expression.operand(0), Precedence::Postfix);
        out_ += '.';
        out_ += expression.name;
        break;
      case ExpressionKind::ArrayRead:
        this->expression(expression.operand(0), Precedence::Postfix);
        out_ += '[';
        this->expression(expression.operand(1));
        out_ += ']';
        break;
      case ExpressionKind::Unary:
        out_ += expression.unary_operator == UnaryOperator::Not ? '!' : '-';
        this->expression(expression.operand(0), Precedence::Unary);
        break;
      case ExpressionKind::Binary: binary(expression); break;
      case ExpressionKind::Conditional:
        // cond = impl [ "?" expr ":" expr ]
        this->expression(expression.operand(0), Precedence::Implication);
        out_ += " ? ";
        this->expression(expression.operand(1));
        out_ += " : ";
        this->expression(expression.operand(2));
        break;
    }
    if (parenthesize) out_ += ')';
  }

  void statement_head(const Statement& statement) {
    switch (statement.kind) {
      case StatementKind::LocalDeclaration:
        out_ += "var " + statement.target->name + ": " + type_name(statement.type_name, statement.declared_type) + " := ";
        expression(*statement.value);
        break;
      case StatementKind::Assignment:
        expression(*statement.target);
        out_ += " := ";
        expression(*statement.value);
        break;
      case StatementKind::New:
        expression(*statement.target);
        out_ += " := new " + statement.class_name;
        break;
      case StatementKind::MethodCall:
        if (statement.target) {
          expression(*statement.target);
          out_ += " := ";
        }
        expression(*statement.receiver, Precedence::Postfix);
        out_ += '.' + statement.callee_name;
        arguments(statement.arguments);
        break;
      case StatementKind::ProcedureCall:
        out_ += statement.callee_name;
        arguments(statement.arguments);
        break;
      case StatementKind::Return: keyword_and_value("return ", statement); break;
      case StatementKind::If: keyword_and_value("if ", statement); break;
      case StatementKind::While: keyword_and_value("while ", statement); break;
      case StatementKind::Assert: keyword_and_value("assert ", statement); break;
      case StatementKind::Assume: keyword_and_value("assume ", statement); break;
      case StatementKind::Skip: out_ += "skip"; break;
    }
  }

  void statement(const Statement& statement, const std::string& indent) {
    out_ += indent;
    statement_head(statement);
    switch (statement.kind) {
      case StatementKind::If: {
        out_ += ' ';
        block(statement.then_block, indent);
        // `else if` chains stay flat: an else block holding just one If prints as `else if`.
        const Statement* chained = &statement;
        while (chained->has_else) {
          const auto& otherwise = chained->else_block.statements;
          if (otherwise.size() == 1 && otherwise.front().kind == StatementKind::If) {
            chained = &otherwise.front();
            out_ += " else ";
            statement_head(*chained);
            out_ += ' ';
            block(chained->then_block, indent);
          } else {
            out_ += " else ";
            block(chained->else_block, indent);
            break;
          }
        }
        out_ += '\n';
        break;
      }
      case StatementKind::While:
        out_ += ' ';
        block(statement.body, indent);
        out_ += '\n';
        break;
      default: out_ += ";\n"; break;
    }
  }

  // `{`, the statements one level further in, and `}` at `indent` (no line break after it).
  void block(const Block& block, const std::string& indent) {
    Level level(*this);
    out_ += "{\n";
    const std::string inner = indent + "  ";
    for (const Statement& statement : block.statements) this->statement(statement, inner);
    out_ += indent + '}';
  }

  void program() {
    // Declarations in source order when they have positions; the sort is stable, so a program
    // built without positions keeps the order globals, classes, procedures.
    enum class Item { Global, Class, Procedure };
    std::vector<std::tuple<SourceLocation, Item, std::size_t>> items;
    for (std::size_t i = 0; i < program_.globals.size(); ++i)
      items.emplace_back(program_.globals[i].location, Item::Global, i);
    for (std::size_t i = 0; i < program_.classes.size(); ++i)
      items.emplace_back(program_.classes[i].location, Item::Class, i);
    for (std::size_t i = 0; i < program_.callables.size(); ++i)
      if (!program_.callables[i].is_method) items.emplace_back(program_.callables[i].location, Item::Procedure, i);
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) {
      return std::get<0>(a).offset < std::get<0>(b).offset;
    });
    for (const auto& [location, item, index] : items) {
      switch (item) {
        case Item::Global: {
          const VariableDeclaration& global = program_.globals[index];
          out_ += "var " + global.name + ": " + type_name(global.type_name, global.type) + ";\n";
          break;
        }
        case Item::Class: class_declaration(program_.classes[index]); break;
        case Item::Procedure: callable(program_.callables[index], ""); break;
      }
    }
    out_ += "main ";
    block(program_.main, "");
    out_ += '\n';
  }

  std::string take() { return std::move(out_); }

 private:
  // Counts the levels the printer is in, and refuses what the parser would have refused, rather
  // than overflow the stack on a deep tree built by code.
  class Level {
   public:
    explicit Level(Printer& printer) : printer_(printer) {
      if (++printer_.depth_ > max_nesting_depth) {
        --printer_.depth_;
        throw std::length_error(nesting_message());
      }
    }
    ~Level() { --printer_.depth_; }
    Level(const Level&) = delete;
    Level& operator=(const Level&) = delete;

   private:
    Printer& printer_;
  };

  // The operands' contexts: (left, right).
  static std::pair<Precedence, Precedence> operand_contexts(BinaryOperator op) {
    const Precedence own = precedence_of(op);
    Precedence left = own, right = tighter(own);  // left-associative
    if (own == Precedence::Implication) std::swap(left, right);
    if (own == Precedence::Equality || own == Precedence::Relation) left = right;  // not associative
    return {left, right};
  }

  // A chain (a + b) - c prints in a loop from its innermost operator out, without parentheses
  // around the operators that continue it; only the operands recurse.
  void binary(const Expression& expression) {
    std::vector<const Expression*> chain{&expression};
    while (continues_left_chain(*chain.back())) chain.push_back(&chain.back()->operand(0));
    this->expression(chain.back()->operand(0), operand_contexts(chain.back()->binary_operator).first);
    for (std::size_t i = chain.size(); i-- > 0;) {
      out_ += ' ';
      out_ += operator_spelling(chain[i]->binary_operator);
      out_ += ' ';
      this->expression(chain[i]->operand(1), operand_contexts(chain[i]->binary_operator).second);
    }
  }

  void arguments(const std::vector<ExpressionPointer>& arguments) {
    out_ += '(';
    for (std::size_t i = 0; i < arguments.size(); ++i) {
      if (i > 0) out_ += ", ";
      expression(*arguments[i]);
    }
    out_ += ')';
  }

  void keyword_and_value(const char* keyword, const Statement& statement) {
    out_ += keyword;
    expression(*statement.value);
  }

  // The type as written; for a program built by code, the resolved type.
  std::string type_name(const std::string& written, const Type& resolved) const {
    return written.empty() ? program_.type_to_string(resolved) : written;
  }

  void class_declaration(const Class& declaration) {
    out_ += "class " + declaration.name + " {\n";
    std::vector<std::pair<SourceLocation, std::int32_t>> members;  // fields >= 0, methods as ~index
    for (std::int32_t field : declaration.fields) members.emplace_back(program_.fields[field].location, field);
    for (std::int32_t method : declaration.methods) members.emplace_back(program_.callables[method].location, ~method);
    std::stable_sort(members.begin(), members.end(),
                     [](const auto& a, const auto& b) { return a.first.offset < b.first.offset; });
    for (const auto& [location, member] : members) {
      if (member >= 0) {
        const Field& field = program_.fields[member];
        out_ += "  field " + field.name + ": " + type_name(field.type_name, field.type) + ";\n";
      } else {
        callable(program_.callables[~member], "  ");
      }
    }
    out_ += "}\n";
  }

  // proc p(a: int) { ... }   method m(a: int): int { ... }
  void callable(const Callable& callable, const std::string& indent) {
    out_ += indent + (callable.is_method ? "method " : "proc ") + callable.name + '(';
    const std::int32_t first = callable.first_parameter_slot();
    for (std::int32_t i = 0; i < callable.parameter_count; ++i) {
      const VariableDeclaration& parameter = callable.locals[first + i];
      if (i > 0) out_ += ", ";
      out_ += parameter.name + ": " + type_name(parameter.type_name, parameter.type);
    }
    out_ += ')';
    if (callable.is_method) out_ += ": " + type_name(callable.return_type_name, callable.return_type);
    out_ += ' ';
    block(callable.body, indent);
    out_ += '\n';
  }

  const Program& program_;
  std::string out_;
  int depth_ = 0;
};

}  // namespace

std::string print_expression(const Program& program, const Expression& expression) {
  Printer printer(program);
  printer.expression(expression);
  return printer.take();
}

std::string print_statement_head(const Program& program, const Statement& statement) {
  Printer printer(program);
  printer.statement_head(statement);
  return printer.take();
}

std::string print_statement(const Program& program, const Statement& statement, const std::string& indent) {
  Printer printer(program);
  printer.statement(statement, indent);
  return printer.take();
}

std::string print_program(const Program& program) {
  Printer printer(program);
  printer.program();
  return printer.take();
}

}  // namespace symref
