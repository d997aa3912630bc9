// Readable printing of terms in the language's syntax (§2 path conditions, §2.1 updates, §4.1 fields).
#include "semantics/terms/printer.hpp"

#include <deque>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_map.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::terms {

namespace {

// Binding strength, loosest first, following the grammar of docs/language.md.
enum Precedence : int {
  conditional = 0,     // c ? a : b, right-associative
  implication = 1,     // ==>, right-associative
  disjunction = 2,     // ||
  conjunction = 3,     // &&
  equality = 4,        // == !=, not associative
  relation = 5,        // < <=, not associative
  additive = 6,        // + -, left-associative
  multiplicative = 7,  // * / %, left-associative
  unary = 8,           // ! -
  postfix = 9,         // x, literals, a[i], o.f, len(a), (e)
};

bool is_not_equal(Term t) { return t->kind() == TermKind::Not && t->child(0)->kind() == TermKind::Equal; }

int precedence_of(Term t) {
  switch (t->kind()) {
    case TermKind::IntegerConstant: return t->integer().sign() < 0 ? unary : postfix;
    case TermKind::Negate: return unary;
    case TermKind::Not: return is_not_equal(t) ? equality : unary;
    case TermKind::Add:
    case TermKind::Subtract: return additive;
    case TermKind::Multiply:
    case TermKind::Divide:
    case TermKind::Remainder: return multiplicative;
    case TermKind::Less:
    case TermKind::LessEqual: return relation;
    case TermKind::Equal: return equality;
    case TermKind::And: return conjunction;
    case TermKind::Or: return disjunction;
    case TermKind::Implies: return implication;
    case TermKind::IfThenElse: return conditional;
    default: return postfix;
  }
}

std::string_view infix_operator(TermKind kind) {
  switch (kind) {
    case TermKind::Add: return " + ";
    case TermKind::Subtract: return " - ";
    case TermKind::Multiply: return " * ";
    case TermKind::Divide: return " / ";
    case TermKind::Remainder: return " % ";
    case TermKind::Less: return " < ";
    case TermKind::LessEqual: return " <= ";
    case TermKind::Equal: return " == ";
    case TermKind::And: return " && ";
    case TermKind::Or: return " || ";
    case TermKind::Implies: return " ==> ";
    default: return " ? ";
  }
}

// One pending piece of output: a term to print where at least `context` binding strength is
// needed, or literal text.
struct Task {
  Term term = nullptr;
  int context = 0;
  std::string_view text;
};

class Printer {
 public:
  Printer(const Program* program, const PrintOptions& options) : program_(program), options_(options) {}

  std::string run(Term root) {
    if (root->has_bound_variables()) name_bound_variables(root);
    tasks_.push_back({root, conditional, {}});
    while (!tasks_.empty()) {
      Task task = tasks_.back();
      tasks_.pop_back();
      if (task.term == nullptr)
        out_ += task.text;
      else
        expand(task.term, task.context);
      if (options_.character_budget != 0 && out_.size() > options_.character_budget) {
        cut();
        break;
      }
    }
    return std::move(out_);
  }

 private:
  void text(std::string_view piece) { tasks_.push_back({nullptr, 0, piece}); }
  void term(Term t, int context) { tasks_.push_back({t, context, {}}); }

  // Cuts at the budget without splitting a UTF-8 sequence, then marks the cut.
  void cut() {
    std::size_t end = options_.character_budget;
    while (end > 0 && (static_cast<unsigned char>(out_[end]) & 0xC0) == 0x80) --end;
    out_.resize(end);
    out_ += "…";
  }

  // Prints the leaf now, or pushes the pieces of an operator in reverse order.
  void expand(Term t, int context) {
    int own = precedence_of(t);
    if (own < context) {
      out_ += '(';
      text(")");
      context = conditional;
    }
    switch (t->kind()) {
      case TermKind::IntegerConstant: out_ += t->integer().to_string(); return;
      case TermKind::BooleanConstant: out_ += t->boolean() ? "true" : "false"; return;
      case TermKind::Nil: out_ += "nil"; return;
      case TermKind::NewObject:
        out_ += "new#";
        out_ += std::to_string(t->index());
        return;
      case TermKind::Symbol: out_ += symbol_display_name(t, program_); return;
      case TermKind::Negate: {
        Term operand = t->child(0);
        bool starts_with_minus = operand->kind() == TermKind::Negate ||
                                 (operand->kind() == TermKind::IntegerConstant && operand->integer().sign() < 0);
        term(operand, unary);
        text(starts_with_minus ? "- " : "-");  // "- -x", never "--x"
        return;
      }
      case TermKind::Not:
        if (is_not_equal(t)) {
          Term equation = t->child(0);
          term(equation->child(1), relation);
          text(" != ");
          term(equation->child(0), relation);
        } else {
          term(t->child(0), unary);
          text("!");
        }
        return;
      case TermKind::Add:
      case TermKind::Subtract:
      case TermKind::Multiply:
      case TermKind::Divide:
      case TermKind::Remainder:
        // Left-associative: the right operand needs strictly stronger binding.
        term(t->child(1), own + 1);
        text(infix_operator(t->kind()));
        term(t->child(0), own);
        return;
      case TermKind::Less:
      case TermKind::LessEqual:
      case TermKind::Equal:
        // Not associative: both operands need strictly stronger binding.
        term(t->child(1), own + 1);
        text(infix_operator(t->kind()));
        term(t->child(0), own + 1);
        return;
      case TermKind::And:
      case TermKind::Or:
        for (std::uint32_t i = t->arity(); i-- > 1;) {
          term(t->child(i), own + 1);
          text(infix_operator(t->kind()));
        }
        term(t->child(0), own);
        return;
      case TermKind::Implies:
        // Right-associative: the left operand needs strictly stronger binding.
        term(t->child(1), own);
        text(" ==> ");
        term(t->child(0), own + 1);
        return;
      case TermKind::IfThenElse:
        term(t->child(2), conditional);
        text(" : ");
        term(t->child(1), conditional);
        text(" ? ");
        term(t->child(0), implication);
        return;
      case TermKind::Select: {
        Term array = t->child(0);
        if (array->kind() == TermKind::Symbol && array->symbol_kind() == SymbolKind::Field) {
          field_names_.push_back(symbol_display_name(array, program_));
          text(field_names_.back());
          text(".");
          term(t->child(1), postfix);
        } else {
          text("]");
          term(t->child(1), conditional);
          text("[");
          term(array, postfix);
        }
        return;
      }
      case TermKind::Store:
        text("]");
        term(t->child(2), conditional);
        text(" := ");
        term(t->child(1), conditional);
        text("[");
        term(t->child(0), postfix);
        return;
      case TermKind::Length:
        text(")");
        term(t->child(0), conditional);
        out_ += "len(";
        return;
      case TermKind::InputObject:
        text(")");
        term(t->child(0), conditional);
        out_ += "input(";
        return;
      case TermKind::BoundVariable: out_ += bound_names_.contains(t) ? *bound_names_.find(t) : t->name(); return;
      case TermKind::Apply:
        text(")");
        for (std::uint32_t i = t->arity(); i-- > 0;) {
          term(t->child(i), conditional);
          if (i > 0) text(", ");
        }
        out_ += t->name();
        out_ += '(';
        return;
      case TermKind::Forall:
      case TermKind::Exists: {
        text(")");
        term(t->child(t->arity() - 1), conditional);
        text(". (");
        for (std::uint32_t i = t->arity() - 1; i-- > 0;) {
          Term variable = t->child(i);
          field_names_.push_back(sort_name(variable->sort()));
          text(field_names_.back());
          text(": ");
          term(variable, postfix);
          if (i > 0) text(", ");
        }
        out_ += t->kind() == TermKind::Forall ? "forall " : "exists ";
        return;
      }
    }
  }

  std::string sort_name(Sort sort) const {
    if (sort.kind == SortKind::Reference && program_ != nullptr && sort.detail >= 0 &&
        static_cast<std::size_t>(sort.detail) < program_->classes.size())
      return program_->classes[sort.detail].name;
    return to_string(sort);
  }

  // Distinct bound variables of one name print as name#serial, so the text shows which is which.
  void name_bound_variables(Term root) {
    std::vector<Term> variables;
    for_each_subterm_with_bound_variables(root, [&](Term t) {
      if (t->kind() == TermKind::BoundVariable) variables.push_back(t);
    });
    std::unordered_map<std::string_view, int> uses;
    for (Term variable : variables) ++uses[variable->name()];
    for (Term variable : variables)
      if (uses[variable->name()] > 1)
        bound_names_.insert_or_assign(variable, variable->name() + "#" + std::to_string(variable->index()));
  }

  const Program* program_;
  const PrintOptions& options_;
  std::string out_;
  std::vector<Task> tasks_;
  std::deque<std::string> field_names_;  // owns the field and sort names that pending text tasks point into
  TermMap<std::string> bound_names_;      // bound variables whose name alone is ambiguous
};

}  // namespace

std::string symbol_display_name(Term symbol, const Program* program) {
  const std::int64_t index = symbol->index();
  std::string name(symbol->name());
  switch (symbol->symbol_kind()) {
    case SymbolKind::Global:
      if (name.empty() && program != nullptr && index >= 0 && static_cast<std::size_t>(index) < program->globals.size())
        name.append(program->globals[index].name);
      if (name.empty()) name.append("g").append(std::to_string(index));
      break;
    case SymbolKind::Field:
      if (name.empty() && program != nullptr && index >= 0 && static_cast<std::size_t>(index) < program->fields.size())
        name.append(program->fields[index].name);
      if (name.empty()) name.append("f").append(std::to_string(index));
      break;
    case SymbolKind::Fresh:
      if (name.empty()) name.append("v");
      name.append("#").append(std::to_string(index));
      break;
  }
  return name;
}

std::string print_term(Term term, const Program* program, const PrintOptions& options) {
  return Printer(program, options).run(term);
}

}  // namespace symref::terms
