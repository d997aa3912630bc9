// The encoding of terms in SMT-LIB Int, Bool and arrays, shared by backends and printer (§2.1, §4.1).
//
// One template, Lowering<Builder>, does the translation; the Z3 and cvc5 backends and the SMT-LIB2
// printer are its Builders, so all three read the same encoding.
//
// The encoding, sort by sort:
//   Int           -> Int
//   Bool          -> Bool
//   Reference(c)  -> Int: nil = 0, NewObject k = k; input objects are <= 0 (below)
//   IntArray      -> (Array Int Int), and for each array symbol a an Int constant |len(a)| with
//                    |len(a)| >= 0; Length peels Stores (they keep the length) to its base symbol
//   FieldArray(f) -> (Array Int T) with T the encoded value sort of f
// Operators map to their SMT-LIB namesakes, except the two whose SMT-LIB meaning is partial:
//   a / b -> (ite (= b 0) 0 (div a b))     a % b -> (ite (= b 0) a (mod a b))
// (SMT-LIB leaves (div a 0) unspecified; the language says a/0 = 0 and a%0 = a).  The guard is
// dropped when b is a non-zero constant.  SMT-LIB's div and mod are Euclidean, as the language's.
//
// Side constraints make every model a consistent input state.  Input objects are the non-positive
// integers and the forward engine's new objects the positive ones, so a new object never equals
// an input one (docs/language.md `new`: not equal to any existing object):
//   - every Global symbol t of reference sort:                     t <= 0
//   - every Select of reference sort whose array, after peeling Stores, is a Field symbol f,
//     read at index t: the base read                                (select f t) <= 0
//   - every IntArray symbol a:                                      |len(a)| >= 0
// They are collected per added formula by one walk over its DAG, remembering what was walked
// across calls and undoing that at pop(), so that incremental adds along a path stay cheap.
//
// Quantifiers and uninterpreted functions:
//   BoundVariable  -> a variable of the quantifier (Z3: a constant abstracted by the quantifier;
//                     cvc5: mkVar; SMT-LIB: its name in the binder list), named like symbols
//                     (NameTable), so it never clashes with a declared constant
//   Forall/Exists  -> (forall ((k Int) ...) body) / (exists ...); an IntArray variable a binds
//                     two: its array and its length |len(a)|, unclamped (a negative one stands
//                     for no int[]; the engine's definitions are only used at real ones)
//   a = b on int[] -> (and (= a b) (= |len(a)| |len(b)|)): whole arrays, lengths included
//   f : D1..Dn -> R declared once as (declare-fun f (D1..Dn) R), encoded sorts as above, except
//                     that an IntArray Di is two: its array and its length, so that f sees the
//                     whole int[] (two arrays with equal elements but different lengths are
//                     different arguments; a field array has no length);
//   Apply(f, t̄)    -> (f t̄) (a 0-ary f is a constant); an IntArray argument t passes t and the
//                     length of t's base (below).  An array range R makes (f t̄) an SMT array
//                     that select and store read and update like an array constant.
//   Length of (f t̄), R = IntArray: through a companion function |len(f)| over f's domain, clamped:
//                     (ite (< (|len(f)| t̄) 0) 0 (|len(f)| t̄)); updates of (f t̄) keep it, as
//                     for array symbols.  The clamp makes every length >= 0 without a side
//                     constraint, also under binders, where it would have to be the axiom
//                     ∀x̄. (|len(f)| x̄) >= 0: an unbounded quantifier in every such query, on which
//                     cvc5 1.0.3 answers unknown.  Models read the companion and clamp alike.
// Side constraints of the new kinds, or rather their absence:
//   - applications of Reference range get no input constraint: an uninterpreted function may yield
//     any object (nil, input or new); an engine that needs more says so in its formulas;
//   - field reads (select f t) of Reference sort whose index t has bound variables get none:
//     outside the binder t means nothing.  Reads from an array-valued application get none either.
//   - bound variables never get one: a Reference-sorted bound variable ranges over all objects.
//   An engine that knows more writes it as InputObject(t), lowered to (<= t 0), which may stand
//   under binders.
// Solver settings: Z3 needs none; cvc5 runs with logic ALL (quantifiers, UF, arrays, nonlinear
// arithmetic); scripts say (set-logic ALL).  Both may answer unknown on quantified queries.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "semantics/terms/evaluator.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/term.hpp"
#include "semantics/terms/term_manager.hpp"
#include "semantics/terms/term_map.hpp"
#include "semantics/values/value.hpp"

namespace symref::solver {

using terms::Sort;
using terms::SortKind;
using terms::Term;
using terms::TermKind;
using terms::TermManager;

enum class SmtSort : std::uint8_t {
  Int,
  Bool,
  IntToInt,   // (Array Int Int)
  IntToBool,  // (Array Int Bool)
};
SmtSort smt_sort(Sort sort, const TermManager& manager);
std::string_view smtlib_sort(SmtSort sort);  // "Int", "(Array Int Int)", ...
SmtSort element_smt_sort(SmtSort array_sort);

enum class SmtOperator : std::uint8_t {
  Not, And, Or, Implies, Ite, Equal,
  Negate, Add, Subtract, Multiply, Divide, Modulo, Less, LessEqual,
  Select, Store,
};
std::string_view smtlib_operator(SmtOperator op);  // "not", "and", ..., "div", "mod", "select"

// The solver-side names of symbols and array lengths: readable (a global keeps its name, a field
// is Class.field, a fresh symbol name#serial, a length len(a)), unique within one table, and never
// an SMT-LIB reserved word or theory symbol.  Names are raw symbol contents; smtlib_symbol()
// quotes them for SMT-LIB text when needed.
class NameTable {
 public:
  explicit NameTable(const TermManager& manager) : manager_(manager) {}
  const std::string& name(Term symbol);  // a symbol or a bound variable
  const std::string& length_name(Term array_symbol);
  const std::string& function_name(terms::FunctionId function);
  const std::string& function_length_name(terms::FunctionId function);  // |len(f)|

 private:
  std::uint32_t claim(std::string preferred);
  const std::string& claim(std::string preferred, terms::TermMap<std::uint32_t>& table, Term key);
  const std::string& claim_function(std::string preferred, std::vector<std::uint32_t>& table, terms::FunctionId function);

  const TermManager& manager_;
  std::deque<std::string> claimed_;            // stable storage; the maps hold indices into it
  terms::TermMap<std::uint32_t> names_;         // symbol -> index into claimed_
  terms::TermMap<std::uint32_t> length_names_;  // array symbol -> index into claimed_
  std::vector<std::uint32_t> function_names_, function_length_names_;  // by function id; unclaimed: -1
  std::unordered_set<std::string> used_;
};

// `name` as an SMT-LIB symbol: as is when it is a simple symbol, else between | |.
std::string smtlib_symbol(std::string_view name);

// A model value no state can hold: an object identity beyond 64 bits.  Formulas compare references
// only for equality and the side constraints bound input objects from above alone, so a solver may
// give an object any integer; Z3 does give such numerals in quantified queries (compact templates).
// Not a verdict on the model: validation counts the formula it was read for as unevaluated (it is a
// NotEvaluable), and no test is made from such a model (test_generation.hpp says why).
class UnrepresentableModelValue : public terms::NotEvaluable {
 public:
  using terms::NotEvaluable::NotEvaluable;
};

// The value a model's integer numeral `digits` stands for at `sort` (Int, or a Reference: object
// identities are integers in the encoding).  Throws std::runtime_error naming `solver` when the
// numeral is unreadable, UnrepresentableModelValue when an identity does not fit in 64 bits.
Value decode_numeral(std::string_view solver, const std::string& digits, Sort sort);

struct SideConstraint {
  enum class Kind : std::uint8_t {
    InputReference,     // subject (a reference-sorted term) <= 0
    LengthNonNegative,  // |len(subject)| >= 0, subject an IntArray symbol
  };
  Kind kind;
  Term subject;
  friend bool operator==(const SideConstraint&, const SideConstraint&) = default;
};

// Whether `constraint` holds under `valuation`; `evaluator` evaluates over the same valuation.
// Throws terms::NotEvaluable as the evaluator does.
bool side_constraint_holds(const SideConstraint& constraint, const terms::Valuation& valuation, terms::TermEvaluator& evaluator);

// Collects the side constraints of formulas, each once per scope.
class SideConstraintCollector {
 public:
  explicit SideConstraintCollector(TermManager& manager) : manager_(manager) {}
  // Appends to `out` the side constraints of `formula` not collected in the scopes still open.
  void collect(Term formula, std::vector<SideConstraint>& out);
  void push() { scope_starts_.push_back(trail_.size()); }
  void pop(unsigned n = 1);
  // Forgets everything collected, the base level's too (a solver that starts over in a new core).
  void clear() {
    visited_.clear();
    constrained_.clear();
    trail_.clear();
    scope_starts_.clear();
  }

 private:
  void remember(terms::TermSet& set, Term term, bool is_subject);

  TermManager& manager_;        // builds the base reads (select f t)
  terms::TermSet visited_;      // subterms walked
  terms::TermSet constrained_;  // subjects whose constraint was emitted
  std::vector<std::pair<Term, bool>> trail_;  // (term, is_subject) in insertion order, for pop
  std::vector<std::size_t> scope_starts_;
};

// Term -> Builder::Expression, cached per term, walking with an explicit stack.
//
// A Builder provides:
//   using Expression = ...;                                            (copyable)
//   Expression integer(const Integer& value);
//   Expression boolean(bool value);
//   Expression constant(const std::string& name, SmtSort sort);        called once per name
//   Expression apply(SmtOperator op, std::span<const Expression> operands);
//   using Function = ...;                                              (copyable)
//   Function function(const std::string& name, std::span<const SmtSort> domain, SmtSort range);
//                                                                      called once per function
//   Expression apply_function(const Function& function, std::span<const Expression> arguments);
//   Expression bound_variable(const std::string& name, SmtSort sort);  called once per variable
//   Expression quantifier(bool universal, std::span<const Expression> variables, const Expression& body);
template <class Builder>
class Lowering {
 public:
  using Expression = typename Builder::Expression;
  using Function = typename Builder::Function;

  Lowering(const TermManager& manager, NameTable& names, Builder& builder)
      : manager_(manager), names_(names), builder_(builder) {}

  Expression lower(Term term);
  Expression lower(const SideConstraint& constraint);
  // The constant holding the length of an IntArray symbol.
  Expression length_of(Term array_symbol);
  // The expression of a term already lowered, or nullptr.  Pointers are invalidated by lower().
  const Expression* find(Term term) const {
    const std::uint32_t* slot = slots_.find(term);
    return slot != nullptr ? &expressions_[*slot] : nullptr;
  }
  const Expression* find_length(Term array_symbol) const {
    const std::uint32_t* slot = length_slots_.find(array_symbol);
    return slot != nullptr ? &expressions_[*slot] : nullptr;
  }
  // The declared function f and its companion |len(f)|, or nullptr when no query used them.
  const Function* find_function(terms::FunctionId function) const { return found(functions_, function); }
  const Function* find_length_function(terms::FunctionId function) const { return found(length_functions_, function); }
  Builder& builder() { return builder_; }

 private:
  Expression translate(Term term);
  Expression length_expression(Term base);  // base lowered already when an application
  const Function& function_of(terms::FunctionId function);
  // f's domain in SMT sorts: an IntArray argument is its array and its length.
  std::vector<SmtSort> smt_domain(terms::FunctionId function) const;
  // The operands of an application, arguments lowered already: an IntArray one with its length.
  std::vector<Expression> application_operands(Term application);
  const Function& length_function_of(terms::FunctionId function);
  static const Function* found(const std::vector<std::optional<Function>>& table, terms::FunctionId function) {
    auto index = static_cast<std::size_t>(function);
    return index < table.size() && table[index] ? &*table[index] : nullptr;
  }
  const Expression& cached(Term term) const { return expressions_[*slots_.find(term)]; }
  void remember(terms::TermMap<std::uint32_t>& slots, Term term, Expression expression) {
    slots.insert_or_assign(term, static_cast<std::uint32_t>(expressions_.size()));
    expressions_.push_back(std::move(expression));
  }

  const TermManager& manager_;
  NameTable& names_;
  Builder& builder_;
  terms::TermMap<std::uint32_t> slots_;         // term -> index into expressions_
  terms::TermMap<std::uint32_t> length_slots_;  // array symbol -> index of its length constant
  std::vector<Expression> expressions_;
  std::vector<std::pair<Term, bool>> stack_;
  std::vector<Expression> operands_;  // reused by translate()
  std::vector<std::optional<Function>> functions_, length_functions_;  // by function id
};

// ---------------------------------------------------------------------------------------------
// Lowering, defined here because it is instantiated once per backend.

template <class Builder>
typename Lowering<Builder>::Expression Lowering<Builder>::lower(Term root) {
  if (const Expression* known = find(root)) return *known;
  stack_.clear();
  stack_.emplace_back(root, false);
  while (!stack_.empty()) {
    auto [term, operands_pushed] = stack_.back();
    if (slots_.contains(term)) {
      stack_.pop_back();
      continue;
    }
    if (!operands_pushed && term->arity() > 0) {
      if (term->kind() != TermKind::Length) {
        stack_.back().second = true;
        for (std::uint32_t i = term->arity(); i-- > 0;)
          if (!slots_.contains(term->child(i))) stack_.emplace_back(term->child(i), false);
        continue;
      }
      // A Length needs only the base of its array, not the updates over it: a symbol, or an
      // application whose arguments the companion |len(f)| takes.
      Term base = manager_.array_base(term->child(0));
      if ((base->kind() == TermKind::Apply || base->kind() == TermKind::BoundVariable) && !slots_.contains(base)) {
        stack_.back().second = true;
        stack_.emplace_back(base, false);
        continue;
      }
    }
    stack_.pop_back();
    remember(slots_, term, translate(term));
  }
  return cached(root);
}

template <class Builder>
typename Lowering<Builder>::Expression Lowering<Builder>::length_of(Term array_symbol) {
  if (const Expression* known = find_length(array_symbol)) return *known;
  // An int[] bound variable's length is bound beside it (the quantifier lists both).
  Expression length = array_symbol->kind() == TermKind::BoundVariable
                          ? builder_.bound_variable(names_.length_name(array_symbol), SmtSort::Int)
                          : builder_.constant(names_.length_name(array_symbol), SmtSort::Int);
  remember(length_slots_, array_symbol, length);
  return length;
}

template <class Builder>
typename Lowering<Builder>::Expression Lowering<Builder>::lower(const SideConstraint& constraint) {
  Expression zero = builder_.integer(Integer(0));
  if (constraint.kind == SideConstraint::Kind::InputReference) {
    const Expression operands[] = {lower(constraint.subject), zero};
    return builder_.apply(SmtOperator::LessEqual, operands);
  }
  const Expression operands[] = {zero, length_of(constraint.subject)};
  return builder_.apply(SmtOperator::LessEqual, operands);
}

template <class Builder>
const typename Lowering<Builder>::Function& Lowering<Builder>::function_of(terms::FunctionId function) {
  auto index = static_cast<std::size_t>(function);
  if (index >= functions_.size()) functions_.resize(index + 1);
  if (!functions_[index]) {
    const std::vector<SmtSort> domain = smt_domain(function);
    functions_[index] =
        builder_.function(names_.function_name(function), domain, smt_sort(manager_.function(function).range, manager_));
  }
  return *functions_[index];
}

template <class Builder>
const typename Lowering<Builder>::Function& Lowering<Builder>::length_function_of(terms::FunctionId function) {
  auto index = static_cast<std::size_t>(function);
  if (index >= length_functions_.size()) length_functions_.resize(index + 1);
  if (!length_functions_[index]) {
    const std::vector<SmtSort> domain = smt_domain(function);
    length_functions_[index] = builder_.function(names_.function_length_name(function), domain, SmtSort::Int);
  }
  return *length_functions_[index];
}

template <class Builder>
std::vector<SmtSort> Lowering<Builder>::smt_domain(terms::FunctionId function) const {
  std::vector<SmtSort> domain;
  for (Sort sort : manager_.function(function).domain) {
    domain.push_back(smt_sort(sort, manager_));
    // The planted fault: an int[] argument without its length.
    if (sort.kind == SortKind::IntArray && !fault_active(Fault::FunctionArrayArgumentWithoutLength))
      domain.push_back(SmtSort::Int);
  }
  return domain;
}

template <class Builder>
std::vector<typename Lowering<Builder>::Expression> Lowering<Builder>::application_operands(Term application) {
  std::vector<Expression> operands;
  for (Term argument : *application) {
    operands.push_back(cached(argument));
    if (argument->sort().kind == SortKind::IntArray && !fault_active(Fault::FunctionArrayArgumentWithoutLength))
      operands.push_back(length_expression(manager_.array_base(argument)));
  }
  return operands;
}

template <class Builder>
typename Lowering<Builder>::Expression Lowering<Builder>::length_expression(Term base) {
  // A bound variable's length is bound as it is, unclamped: a definition's head D(x̄, |len(x)|)
  // then has distinct variables for arguments, the form the solvers expand as a macro.
  if (base->kind() != TermKind::Apply) return length_of(base);
  Expression companion = builder_.apply_function(length_function_of(base->function()), application_operands(base));
  Expression zero = builder_.integer(Integer(0));
  const Expression test[] = {companion, zero};
  const Expression clamp[] = {builder_.apply(SmtOperator::Less, test), zero, companion};
  return builder_.apply(SmtOperator::Ite, clamp);
}

template <class Builder>
typename Lowering<Builder>::Expression Lowering<Builder>::translate(Term term) {
  auto operand = [&](std::uint32_t i) -> const Expression& { return cached(term->child(i)); };
  auto apply = [&](SmtOperator op) {
    operands_.clear();
    for (Term child : *term) operands_.push_back(cached(child));
    return builder_.apply(op, operands_);
  };
  // a / b and a % b are total in the language and partial in SMT-LIB: guard b = 0.
  auto guarded = [&](SmtOperator op) {
    Term divisor = term->child(1);
    const Expression division[] = {operand(0), operand(1)};
    Expression result = builder_.apply(op, division);
    if (divisor->kind() == TermKind::IntegerConstant && divisor->integer().sign() != 0) return result;
    const Expression test_operands[] = {operand(1), builder_.integer(Integer(0))};
    Expression divisor_is_zero = builder_.apply(SmtOperator::Equal, test_operands);
    Expression at_zero = op == SmtOperator::Divide ? builder_.integer(Integer(0)) : operand(0);
    const Expression choice[] = {divisor_is_zero, at_zero, result};
    return builder_.apply(SmtOperator::Ite, choice);
  };
  switch (term->kind()) {
    case TermKind::IntegerConstant: return builder_.integer(term->integer());
    case TermKind::BooleanConstant: return builder_.boolean(term->boolean());
    case TermKind::Nil: return builder_.integer(Integer(0));
    case TermKind::NewObject: return builder_.integer(Integer(term->index()));
    case TermKind::Symbol: return builder_.constant(names_.name(term), smt_sort(term->sort(), manager_));
    case TermKind::Negate: return apply(SmtOperator::Negate);
    case TermKind::Add: return apply(SmtOperator::Add);
    case TermKind::Subtract: return apply(SmtOperator::Subtract);
    case TermKind::Multiply: return apply(SmtOperator::Multiply);
    case TermKind::Divide: return guarded(SmtOperator::Divide);
    case TermKind::Remainder: return guarded(SmtOperator::Modulo);
    case TermKind::Less: return apply(SmtOperator::Less);
    case TermKind::LessEqual: return apply(SmtOperator::LessEqual);
    case TermKind::Equal: {
      if (term->child(0)->sort().kind != SortKind::IntArray) return apply(SmtOperator::Equal);
      // Two int[] are equal when their elements and their lengths are.
      const Expression lengths[] = {length_expression(manager_.array_base(term->child(0))),
                                    length_expression(manager_.array_base(term->child(1)))};
      const Expression both[] = {apply(SmtOperator::Equal), builder_.apply(SmtOperator::Equal, lengths)};
      return builder_.apply(SmtOperator::And, both);
    }
    case TermKind::IfThenElse: return apply(SmtOperator::Ite);
    case TermKind::Not: return apply(SmtOperator::Not);
    // Unsimplified or hand-made junctions may have fewer than two operands; SMT-LIB's may not.
    case TermKind::And:
      if (term->arity() < 2) return term->arity() == 0 ? builder_.boolean(true) : operand(0);
      return apply(SmtOperator::And);
    case TermKind::Or:
      if (term->arity() < 2) return term->arity() == 0 ? builder_.boolean(false) : operand(0);
      return apply(SmtOperator::Or);
    case TermKind::Implies: return apply(SmtOperator::Implies);
    case TermKind::Select: return apply(SmtOperator::Select);
    case TermKind::Store: return apply(SmtOperator::Store);
    case TermKind::Length: return length_expression(manager_.array_base(term->child(0)));
    case TermKind::InputObject: {
      // Input objects and nil are the integers <= 0 (the head of this file).
      const Expression at_most_zero[] = {operand(0), builder_.integer(Integer(0))};
      return builder_.apply(SmtOperator::LessEqual, at_most_zero);
    }
    case TermKind::BoundVariable:
      return builder_.bound_variable(names_.name(term), smt_sort(term->sort(), manager_));
    case TermKind::Forall:
    case TermKind::Exists: {
      operands_.clear();
      for (Term variable : TermManager::quantified_variables(term)) {
        operands_.push_back(cached(variable));
        if (variable->sort().kind == SortKind::IntArray) operands_.push_back(length_of(variable));
        if constexpr (requires { builder_.field_array_binders; })
          if (variable->sort().kind == SortKind::FieldArray) builder_.field_array_binders = true;
      }
      return builder_.quantifier(term->kind() == TermKind::Forall, operands_, cached(TermManager::quantifier_body(term)));
    }
    case TermKind::Apply: {
      const Function& function = function_of(term->function());
      const std::vector<Expression> operands = application_operands(term);
      return builder_.apply_function(function, operands);
    }
  }
  throw std::logic_error("encoding: unknown term kind");
}

}  // namespace symref::solver
