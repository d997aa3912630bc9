// Symbolic terms: the expressions that substitutions map variables to and that path conditions
// are made of (§2 substitutions σ, §2.1 arrays as functions, §3 closures, §4.1 fields as arrays).
//
// A term is an immutable node in a hash-consed DAG owned by one TermManager (term_manager.hpp):
// structurally equal terms are the same pointer, so equality is pointer comparison and every pass
// can cache per node.  Terms are only built through the manager's factories.
//
// Binders and function symbols (for the engines that summarise loops and procedures):
//   BoundVariable  a variable that only means something under a quantifier binding it.  Every
//                  TermManager::bound_variable() call makes a new one (its index() is a serial
//                  number), so two binders never share a variable by accident and substituting
//                  closed terms under a binder cannot capture.  Bound variables are not symbols:
//                  no valuation gives them values, and symbol passes (collect_symbols, side
//                  constraints, models) never treat them as inputs.
//   Forall/Exists  children: the bound variables (at least one, all distinct), then the Bool body.
//                  The quantified variables range over their whole sort: every integer, both
//                  Booleans, or every object identity of the class (nil, input and new objects).
//   Apply          an uninterpreted function f (TermManager::declare_function) applied to
//                  arguments; index() is the function's id.  f is one total function chosen by the
//                  valuation, like a symbol's value: equal arguments give equal results.
// The discipline every builder of quantified terms follows: a bound variable occurs only inside
// a quantifier that binds it, and quantifiers binding one variable are never nested in each other.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "semantics/values/integer.hpp"

namespace symref::terms {

// The sorts of terms.  References of every class share one carrier in the solver (integers, nil
// being 0), but keep their class here so that models become heaps of typed objects.
enum class SortKind : std::uint8_t {
  Int,
  Bool,
  Reference,   // detail: class index into Program::classes (-1: the class of a context-free nil)
  IntArray,    // a global int[]: a total function int -> int together with a length (§2.1)
  FieldArray,  // detail: field index into Program::fields; a function Reference(class) -> field sort (§4.1)
};

struct Sort {
  SortKind kind = SortKind::Int;
  std::int32_t detail = -1;

  static Sort integer() { return {SortKind::Int, -1}; }
  static Sort boolean() { return {SortKind::Bool, -1}; }
  static Sort reference(std::int32_t class_index) { return {SortKind::Reference, class_index}; }
  static Sort int_array() { return {SortKind::IntArray, -1}; }
  static Sort field_array(std::int32_t field_index) { return {SortKind::FieldArray, field_index}; }
  friend bool operator==(const Sort&, const Sort&) = default;
};

enum class TermKind : std::uint8_t {
  // leaves
  IntegerConstant,  // integer()
  BooleanConstant,  // boolean()
  Nil,              // the nil reference of sort Reference(class)
  NewObject,        // the index()-th object created on a path by the forward engine (§4.1); index() >= 1
  Symbol,           // a symbolic constant, see SymbolKind
  // integer operations (docs/language.md#expressions: exact, Euclidean / and %, total)
  Negate,
  Add,
  Subtract,
  Multiply,
  Divide,
  Remainder,
  Less,
  LessEqual,
  // any sort but arrays
  Equal,
  IfThenElse,  // (condition, then, else)
  // Boolean connectives; And and Or are n-ary and flattened
  Not,
  And,
  Or,
  Implies,
  // arrays (§2.1) and fields as arrays (§4.1)
  Select,  // (array, index): a[i], or f[o] for a field f and object o
  Store,   // (array, index, value): the update (a[i] := v)
  Length,  // (array): |a|, unchanged by stores
  // binders and uninterpreted functions (see the head of this file)
  BoundVariable,  // leaf: index() a serial number, name() for printing
  Forall,         // (variable..., body)
  Exists,         // (variable..., body)
  Apply,          // (argument...): function() applied to the arguments
  // a fact of the heap encoding (§4.1), for formulas whose field reads sit under binders
  InputObject,  // (reference): Bool, the reference is nil or an object of the input heap, not a new one
};

// An uninterpreted function declared by TermManager::declare_function: a dense number per manager.
enum class FunctionId : std::uint32_t {};

enum class SymbolKind : std::uint8_t {
  Global,  // index(): the global variable's slot.  In the forward engine, its initial value;
           // in a weakest precondition, its value in the state the condition is evaluated in.
  Field,   // index(): a field.  The field as a whole array over objects, in the same two readings.
  Fresh,   // index(): a serial number.  A variable introduced by a rule (§4 unfolding: `new`,
           // method parameters and `this`, locals of inlined bodies, the result r), or by tests.
};

// Names for messages and tests: "Add", "Int", "Reference(2)", "FieldArray(0)".
std::string_view to_string(TermKind kind);
std::string to_string(Sort sort);

class TermNode;
using Term = const TermNode*;

class TermNode {
 public:
  TermKind kind() const { return kind_; }
  Sort sort() const { return sort_; }
  std::uint32_t arity() const { return arity_; }
  Term child(std::uint32_t i) const { return children_[i]; }
  const Term* begin() const { return children_; }
  const Term* end() const { return children_ + arity_; }
  // A dense number in creation order; children always have smaller ids than their parents.
  std::uint32_t id() const { return id_; }
  std::size_t hash() const { return hash_; }

  // Leaf payloads.
  const Integer& integer() const { return integer_; }        // IntegerConstant
  bool boolean() const { return index_ != 0; }               // BooleanConstant
  SymbolKind symbol_kind() const { return symbol_kind_; }    // Symbol
  std::int64_t index() const { return index_; }              // Symbol, NewObject, BoundVariable, Apply
  // Symbol and BoundVariable: the name for printing; Apply: the function's name; "" otherwise.
  const std::string& name() const { return *name_; }
  FunctionId function() const { return static_cast<FunctionId>(index_); }  // Apply
  // True when a bound variable occurs in this term, free or bound by a quantifier inside it (so
  // every quantifier has it).  Passes use it to leave closed subterms to their ordinary caches.
  bool has_bound_variables() const { return has_bound_variables_; }
  bool is_quantifier() const { return kind_ == TermKind::Forall || kind_ == TermKind::Exists; }

  bool is_constant() const {
    return kind_ == TermKind::IntegerConstant || kind_ == TermKind::BooleanConstant || kind_ == TermKind::Nil ||
           kind_ == TermKind::NewObject;
  }
  bool is_true() const { return kind_ == TermKind::BooleanConstant && index_ != 0; }
  bool is_false() const { return kind_ == TermKind::BooleanConstant && index_ == 0; }

 private:
  friend class TermManager;
  TermNode() = default;

  TermKind kind_ = TermKind::IntegerConstant;
  SymbolKind symbol_kind_ = SymbolKind::Fresh;
  bool has_bound_variables_ = false;  // fits in the padding before sort_
  Sort sort_;
  std::uint32_t arity_ = 0;
  std::uint32_t id_ = 0;
  std::size_t hash_ = 0;
  std::int64_t index_ = 0;
  Integer integer_;
  const std::string* name_ = nullptr;
  const Term* children_ = nullptr;  // owned by the manager's arena
};

}  // namespace symref::terms
