// The one owner and factory of terms (term.hpp): hash-consing, so that equal terms are one
// pointer, and the simplifications that keep meaning, applied as terms are built.
//
// Simplification is an option (`set_simplify(false)` builds every term as asked) so that the
// property "simplification keeps meaning" can compare both, and benchmarks can measure it.
//
// Quantifiers and uninterpreted functions (term.hpp gives their meaning):
//   bound_variable(sort, name)   a new variable each call (Int, Bool or Reference sort);
//   forall(variables, body), exists(variables, body)
//                                no variables give the body itself; simplified, a constant body
//                                is the result and variables not occurring in the body are
//                                dropped (every sort is inhabited, so both are identities);
//   declare_function(name, domain, range), apply(f, arguments)
//                                domain and range of any sort; an array argument is the whole
//                                array (for int[] its length too: arrays of different lengths
//                                are different arguments); an array range makes results that
//                                Select, Store and Length read like array symbols.  Names are
//                                unique per manager.
// Instantiating a quantifier is substituting its variables in its body: instantiate() in
// substitution.hpp, or Substitution::set on a bound variable.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "semantics/terms/term.hpp"
#include "semantics/terms/term_map.hpp"
#include "semantics/values/integer_limit.hpp"

namespace symref {
struct Program;
}

namespace symref::terms {

// An uninterpreted function's signature.
struct FunctionDeclaration {
  std::string name;
  std::vector<Sort> domain;  // any sorts; an array argument is the whole array (int[]: with its length)
  Sort range;                // any sort; an array sort makes each application an array
};

// A term for one look, made by TermManager::transient_conjunction: it may be printed and walked
// while this object lives, but it is not in the manager, so it must not reach a solver or a map
// that outlives it.
class TransientTerm {
 public:
  TransientTerm() = default;
  explicit TransientTerm(Term interned) : term_(interned) {}  // a term of the manager, held as one
  Term term() const { return term_; }
  bool owns_root() const { return root_ != nullptr; }  // the root is this object's, not the manager's

 private:
  friend class TermManager;
  Term term_ = nullptr;
  std::vector<Term> children_;
  std::unique_ptr<TermNode> root_;
};

class TermManager {
 public:
  // `program` (may be null) gives the sorts and names of globals and fields.
  explicit TermManager(const Program* program = nullptr);
  TermManager(const TermManager&) = delete;
  TermManager& operator=(const TermManager&) = delete;
  ~TermManager();

  const Program* program() const { return program_; }
  void set_simplify(bool on) { simplify_ = on; }
  // Folding constants never makes an integer of more than this many bits (integer_limit.hpp): it
  // throws IntegerTooLarge instead, which the engine turns into a path ending in `bound`.
  void set_max_int_bits(std::uint64_t bits) { max_int_bits_ = bits; }
  std::uint64_t max_int_bits() const { return max_int_bits_; }
  bool simplify() const { return simplify_; }
  std::size_t size() const { return nodes_.size(); }  // number of distinct terms built
  // A number no other manager of this process had: term ids name terms only within one manager,
  // so what outlives a manager (a case's query cache) tells managers apart by it, not by address.
  std::uint64_t serial() const { return serial_; }

  // Leaves.
  Term integer(const Integer& value);
  Term boolean(bool value);
  Term true_term() { return true_; }
  Term false_term() { return false_; }
  Term nil(std::int32_t class_index);
  Term new_object(std::int64_t serial, std::int32_t class_index);  // serial >= 1
  // The symbol of global `slot` (its sort from the program, or given for program-less tests).
  Term global_symbol(std::int32_t slot);
  Term global_symbol(std::int32_t slot, Sort sort, std::string_view name);
  Term field_symbol(std::int32_t field);
  Term field_symbol(std::int32_t field, Sort value_sort, std::string_view name);
  // A symbol that no term built so far contains; `base_name` is used for printing only.
  Term fresh_symbol(Sort sort, std::string_view base_name);
  // The value sort of a field array (Int, Bool or Reference(class)).
  Sort field_value_sort(std::int32_t field) const;
  // A bound variable no term built so far contains (sort Int, Bool or Reference); `name` prints it.
  Term bound_variable(Sort sort, std::string_view name);
  // The index() the next fresh symbol and the next bound variable will get: a fresh symbol or
  // bound variable with an index at least a value read earlier was made after that reading.
  std::int64_t next_fresh_index() const { return next_fresh_; }
  std::int64_t next_bound_index() const { return next_bound_; }

  // Quantifiers over distinct bound variables (std::logic_error otherwise) and a Bool body.
  Term forall(std::span<const Term> variables, Term body);
  Term exists(std::span<const Term> variables, Term body);
  Term forall(Term variable, Term body) { return forall(std::span<const Term>(&variable, 1), body); }
  Term exists(Term variable, Term body) { return exists(std::span<const Term>(&variable, 1), body); }
  // The variables of a quantifier (all children but the last) and its body (the last child).
  static std::span<const Term> quantified_variables(Term quantifier) {
    return {quantifier->begin(), quantifier->arity() - 1};
  }
  static Term quantifier_body(Term quantifier) { return quantifier->child(quantifier->arity() - 1); }

  // Uninterpreted functions.  declare_function throws std::logic_error for a name declared before
  // in this manager or a sort outside the ones FunctionDeclaration allows; apply for argument
  // sorts other than the domain's (references: the same class or class-free nil).
  FunctionId declare_function(std::string_view name, std::vector<Sort> domain, Sort range);
  const FunctionDeclaration& function(FunctionId id) const;
  std::size_t function_count() const { return functions_.size(); }
  Term apply(FunctionId function, std::span<const Term> arguments);

  // Integer operations.
  Term negate(Term a);
  Term add(Term a, Term b);
  Term subtract(Term a, Term b);
  Term multiply(Term a, Term b);
  Term divide(Term a, Term b);
  Term remainder(Term a, Term b);
  Term less(Term a, Term b);
  Term less_equal(Term a, Term b);
  Term greater(Term a, Term b) { return less(b, a); }
  Term greater_equal(Term a, Term b) { return less_equal(b, a); }

  // Any sort but arrays.
  Term equal(Term a, Term b);
  Term not_equal(Term a, Term b) { return logical_not(equal(a, b)); }
  Term if_then_else(Term condition, Term then_term, Term else_term);

  // Boolean connectives.
  Term logical_not(Term a);
  Term logical_and(Term a, Term b);
  Term logical_and(std::span<const Term> conjuncts);
  // logical_and(conjuncts), except that a conjunction of two or more operands is built outside
  // the manager: printing each leaf's φ of a huge tree once (explore --format jsonl) then does
  // not grow the manager by a node per leaf.
  TransientTerm transient_conjunction(std::span<const Term> conjuncts);
  Term logical_or(Term a, Term b);
  Term logical_or(std::span<const Term> disjuncts);
  Term implies(Term a, Term b);

  // Arrays and fields as arrays.
  Term select(Term array, Term index);
  Term store(Term array, Term index, Term value);
  Term length(Term array);
  // "reference is nil or an input object" (no object a path created): true for nil, false for a
  // NewObject; the encoding's `<= 0` (solver/encoding.hpp), written where a side constraint cannot
  // reach, e.g. a field read under a binder.
  Term input_object(Term reference);

  // Builds exactly the node asked for, with no simplification (children must have the right sorts).
  Term make(TermKind kind, Sort sort, std::span<const Term> children);

  // Builds `original`'s operator over new children through the factories (so with simplification
  // when it is on); a leaf is returned unchanged.  The one dispatch that rewriting passes share.
  Term rebuild(Term original, std::span<const Term> children);

  // The sort of the elements of an array sort: Int for int[], the field's value sort for a field.
  Sort element_sort(Sort array_sort) const;
  static bool is_array(Sort sort) { return sort.kind == SortKind::IntArray || sort.kind == SortKind::FieldArray; }
  // The array symbol (or array-valued Apply) under all the updates of `array` (`array` itself when
  // it is no Store), in constant time: Length, side constraints and model snapshots look through
  // long update chains.
  Term array_base(Term array) const;

 private:
  // The sort a well-sorted node of `kind` over `children` has; throws std::logic_error otherwise.
  Sort checked_sort(TermKind kind, std::span<const Term> children) const;
  Term node(TermKind kind, Sort sort, std::span<const Term> children);
  Term leaf(TermNode&& candidate);
  // `symbol_name` names a Symbol node when it is new (names are not part of a symbol's identity).
  Term intern(TermNode&& candidate, std::span<const Term> children, std::string_view symbol_name = {});
  Term symbol(SymbolKind kind, std::int64_t index, Sort sort, std::string_view name);
  const std::string* pooled_name(std::string_view name);
  void grow_table();

  Term simplify_junction(TermKind kind, std::span<const Term> children);
  // simplify_junction up to the node: the result when it is decided (a constant or one operand),
  // or null with the operands left in junction_scratch_.
  Term reduce_junction(TermKind kind, std::span<const Term> children);
  Term simplify_equal(Term a, Term b);
  Term simplify_select(Term array, Term index);
  Term quantifier(TermKind kind, std::span<const Term> variables, Term body);

  // a op b on two integer constants within max_int_bits_; throws IntegerTooLarge beyond it.
  Integer folded(bool (*operation)(const Integer&, const Integer&, std::uint64_t, Integer&), Term a, Term b) const;

  const Program* program_;
  std::uint64_t serial_;
  bool simplify_ = true;
  std::uint64_t max_int_bits_ = default_max_int_bits;
  std::deque<TermNode> nodes_;  // the arena of nodes; a deque never moves its elements
  // The arena of child lists: blocks filled front to back, never freed before the manager.
  std::vector<std::unique_ptr<Term[]>> child_blocks_;
  Term* child_cursor_ = nullptr;
  std::size_t child_room_ = 0;
  std::unordered_set<std::string> names_;  // node-based, so the nodes' name pointers stay valid
  // The hash-consing table: open addressing over node pointers, linear probing, at most half full.
  std::vector<const TermNode*> table_;
  std::size_t table_mask_ = 0;
  std::vector<std::optional<Sort>> field_value_sorts_;  // for program-less field symbols
  TermMap<Term> store_bases_;                            // Store node -> array_base
  std::vector<Term> junction_scratch_;                  // reused by simplify_junction
  std::int64_t next_fresh_ = 1;
  std::int64_t next_bound_ = 1;
  std::deque<FunctionDeclaration> functions_;  // by FunctionId
  std::vector<const std::string*> function_names_;  // pooled, for the Apply nodes' name()
  Term true_ = nullptr;
  Term false_ = nullptr;
};

// ¬((a ⇒ b) ∧ (b ⇒ a)) for two conditions: its models are the inputs that separate them.
inline Term separating_condition(TermManager& terms, Term a, Term b) {
  return terms.logical_not(terms.logical_and(terms.implies(a, b), terms.implies(b, a)));
}

// Builds terms exactly as asked for one scope, restoring the manager's setting at its end (also
// when the scope is left by an exception).
class WithoutSimplification {
 public:
  explicit WithoutSimplification(TermManager& terms) : terms_(terms), was_(terms.simplify()) { terms.set_simplify(false); }
  ~WithoutSimplification() { terms_.set_simplify(was_); }
  WithoutSimplification(const WithoutSimplification&) = delete;
  WithoutSimplification& operator=(const WithoutSimplification&) = delete;

 private:
  TermManager& terms_;
  bool was_;
};

}  // namespace symref::terms
