// Names, sorts and side constraints of the SMT-LIB encoding of terms (§2.1 arrays, §4.1 fields, `new`).
#include "interp/solver/backends/encoding.hpp"

#include <algorithm>
#include <optional>

#include "semantics/syntax/program.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::solver {

SmtSort smt_sort(Sort sort, const TermManager& manager) {
  switch (sort.kind) {
    case SortKind::Int:
    case SortKind::Reference: return SmtSort::Int;
    case SortKind::Bool: return SmtSort::Bool;
    case SortKind::IntArray: return SmtSort::IntToInt;
    case SortKind::FieldArray:
      return manager.field_value_sort(sort.detail).kind == SortKind::Bool ? SmtSort::IntToBool : SmtSort::IntToInt;
  }
  throw std::logic_error("smt_sort: unknown sort");
}

std::string_view smtlib_sort(SmtSort sort) {
  switch (sort) {
    case SmtSort::Int: return "Int";
    case SmtSort::Bool: return "Bool";
    case SmtSort::IntToInt: return "(Array Int Int)";
    case SmtSort::IntToBool: return "(Array Int Bool)";
  }
  return "?";
}

SmtSort element_smt_sort(SmtSort array_sort) {
  return array_sort == SmtSort::IntToBool ? SmtSort::Bool : SmtSort::Int;
}

std::string_view smtlib_operator(SmtOperator op) {
  switch (op) {
    case SmtOperator::Not: return "not";
    case SmtOperator::And: return "and";
    case SmtOperator::Or: return "or";
    case SmtOperator::Implies: return "=>";
    case SmtOperator::Ite: return "ite";
    case SmtOperator::Equal: return "=";
    case SmtOperator::Negate: return "-";
    case SmtOperator::Add: return "+";
    case SmtOperator::Subtract: return "-";
    case SmtOperator::Multiply: return "*";
    case SmtOperator::Divide: return "div";
    case SmtOperator::Modulo: return "mod";
    case SmtOperator::Less: return "<";
    case SmtOperator::LessEqual: return "<=";
    case SmtOperator::Select: return "select";
    case SmtOperator::Store: return "store";
  }
  return "?";
}

// ---------------------------------------------------------------------------------------------
// Names

namespace {

// Reserved words, commands and the symbols of the Core, Ints, Reals and ArraysEx theories: a
// declared constant must not shadow any of them.
bool is_reserved(std::string_view name) {
  static const std::unordered_set<std::string_view> reserved = {
      "!", "_", "as", "BINARY", "DECIMAL", "exists", "HEXADECIMAL", "forall", "let", "match", "NUMERAL", "par",
      "STRING", "assert", "check-sat", "declare-const", "declare-fun", "define-fun", "echo", "exit", "get-model",
      "get-value", "pop", "push", "reset", "set-info", "set-logic", "set-option", "true", "false", "not", "=>",
      "and", "or", "xor", "=", "distinct", "ite", "+", "-", "*", "/", "div", "mod", "abs", "rem", "<=", "<", ">=",
      ">", "select", "store", "const", "to_real", "to_int", "is_int", "Int", "Bool", "Real", "Array"};
  return reserved.contains(name);
}

bool is_simple_symbol_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("~!@$%^&*_-+=<>.?/").find(c) != std::string_view::npos;
}

}  // namespace

Value decode_numeral(std::string_view solver, const std::string& digits, Sort sort) {
  std::optional<Integer> number = Integer::from_decimal(digits);
  if (!number) throw std::runtime_error(std::string(solver) + " model: unreadable integer " + digits);
  if (sort.kind == SortKind::Int) return Value::integer(*number);
  std::optional<std::int64_t> object = number->to_int64();
  if (!object) throw UnrepresentableModelValue(std::string(solver) + " model: object identity out of range: " + digits);
  return Value::reference(sort.detail, *object);
}

std::string smtlib_symbol(std::string_view name) {
  bool simple = !name.empty() && !(name[0] >= '0' && name[0] <= '9') &&
                std::all_of(name.begin(), name.end(), is_simple_symbol_character) && !is_reserved(name);
  if (simple) return std::string(name);
  std::string quoted;
  quoted.reserve(name.size() + 2);
  quoted += '|';
  quoted += name;
  quoted += '|';
  return quoted;
}

const std::string& NameTable::claim(std::string preferred, terms::TermMap<std::uint32_t>& table, Term key) {
  std::uint32_t index = claim(std::move(preferred));
  table.insert_or_assign(key, index);
  return claimed_[index];
}

const std::string& NameTable::claim_function(std::string preferred, std::vector<std::uint32_t>& table,
                                             terms::FunctionId function) {
  auto position = static_cast<std::size_t>(function);
  if (position >= table.size()) table.resize(position + 1, static_cast<std::uint32_t>(-1));
  if (table[position] == static_cast<std::uint32_t>(-1)) table[position] = claim(std::move(preferred));
  return claimed_[table[position]];
}

const std::string& NameTable::function_name(terms::FunctionId function) {
  auto position = static_cast<std::size_t>(function);
  if (position < function_names_.size() && function_names_[position] != static_cast<std::uint32_t>(-1))
    return claimed_[function_names_[position]];
  return claim_function(manager_.function(function).name, function_names_, function);
}

const std::string& NameTable::function_length_name(terms::FunctionId function) {
  auto position = static_cast<std::size_t>(function);
  if (position < function_length_names_.size() && function_length_names_[position] != static_cast<std::uint32_t>(-1))
    return claimed_[function_length_names_[position]];
  return claim_function("len(" + function_name(function) + ")", function_length_names_, function);
}

std::uint32_t NameTable::claim(std::string preferred) {
  // | and \ cannot appear even in a quoted symbol; $ starts the printer's definitions.
  std::replace(preferred.begin(), preferred.end(), '|', '_');
  std::replace(preferred.begin(), preferred.end(), '\\', '_');
  if (preferred.empty() || preferred[0] == '$') preferred = 'v' + preferred;
  std::string candidate = preferred;
  for (int k = 1; used_.contains(candidate) || is_reserved(candidate); ++k) {
    candidate = preferred;
    candidate += '!';
    candidate += std::to_string(k);
  }
  used_.insert(candidate);
  claimed_.push_back(std::move(candidate));
  return static_cast<std::uint32_t>(claimed_.size() - 1);
}

const std::string& NameTable::name(Term symbol) {
  if (const std::uint32_t* known = names_.find(symbol)) return claimed_[*known];
  if (symbol->kind() == TermKind::BoundVariable) return claim(symbol->name(), names_, symbol);
  const Program* program = manager_.program();
  std::string preferred = terms::symbol_display_name(symbol, program);
  if (symbol->symbol_kind() == terms::SymbolKind::Field && program != nullptr && symbol->index() >= 0 &&
      static_cast<std::size_t>(symbol->index()) < program->fields.size()) {
    std::int32_t owner = program->fields[symbol->index()].class_index;
    if (owner >= 0 && static_cast<std::size_t>(owner) < program->classes.size())
      preferred = program->classes[owner].name + "." + preferred;
  }
  return claim(std::move(preferred), names_, symbol);
}

const std::string& NameTable::length_name(Term array_symbol) {
  if (const std::uint32_t* known = length_names_.find(array_symbol)) return claimed_[*known];
  std::string preferred = "len(" + name(array_symbol) + ")";
  return claim(std::move(preferred), length_names_, array_symbol);
}

// ---------------------------------------------------------------------------------------------
// Side constraints

bool side_constraint_holds(const SideConstraint& constraint, const terms::Valuation& valuation, terms::TermEvaluator& evaluator) {
  switch (constraint.kind) {
    case SideConstraint::Kind::InputReference: return evaluator.evaluate(constraint.subject).as_object() <= 0;
    case SideConstraint::Kind::LengthNonNegative: return valuation.array_length(constraint.subject).sign() >= 0;
  }
  return false;
}

void SideConstraintCollector::remember(terms::TermSet& set, Term term, bool is_subject) {
  if (set.insert(term)) trail_.emplace_back(term, is_subject);
}

void SideConstraintCollector::collect(Term formula, std::vector<SideConstraint>& out) {
  auto constrain = [&](SideConstraint::Kind kind, Term subject) {
    if (constrained_.contains(subject)) return;
    remember(constrained_, subject, true);
    out.push_back({kind, subject});
  };
  terms::for_each_subterm(formula, visited_, [&](Term t) {
    trail_.emplace_back(t, false);
    if (t->kind() == TermKind::Symbol) {
      if (t->symbol_kind() == terms::SymbolKind::Global && t->sort().kind == SortKind::Reference)
        constrain(SideConstraint::Kind::InputReference, t);
      if (t->sort().kind == SortKind::IntArray) constrain(SideConstraint::Kind::LengthNonNegative, t);
    } else if (t->kind() == TermKind::Select && t->sort().kind == SortKind::Reference) {
      Term base = manager_.array_base(t->child(0));
      if (base->kind() == TermKind::Symbol && base->symbol_kind() == terms::SymbolKind::Field &&
          !t->child(1)->has_bound_variables())
        constrain(SideConstraint::Kind::InputReference, base == t->child(0) ? t : manager_.select(base, t->child(1)));
    }
  });
}

void SideConstraintCollector::pop(unsigned n) {
  if (n > scope_starts_.size()) throw std::logic_error("pop of more scopes than were pushed");
  for (; n > 0; --n) {
    std::size_t start = scope_starts_.back();
    scope_starts_.pop_back();
    while (trail_.size() > start) {
      auto [term, is_subject] = trail_.back();
      trail_.pop_back();
      (is_subject ? constrained_ : visited_).erase(term);
    }
  }
}

}  // namespace symref::solver
