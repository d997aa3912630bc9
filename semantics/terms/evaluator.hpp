// The meaning of terms, V(t) for a valuation V (§2 V(op(e1..en)) = op̄(V(e1)..V(en)), §2.1, §4.1).
//
// Term semantics — the one that simplification (term_manager.cpp) and the solver encoding
// (interp/solver/backends/encoding.hpp) must both keep:
//   Int           the mathematical integers;
//   Bool          true and false;
//   Reference(c)  object identities (ObjectId): 0 is nil; input objects are the negative numbers
//                 and the forward engine's new objects (NewObject k) the positive ones, so a new
//                 object never equals an input one (docs/language.md `new`); identity is per class;
//   IntArray      a total function Int -> Int together with a length >= 0; Store changes one
//                 point and keeps the length (the paper's (a[e] := e'));
//   FieldArray(f) a total function from objects to the field's value sort.
// Every operator is total: + - * exact, / and % Euclidean with a/0 = 0 and a%0 = a, && || ==> ?:
// ordinary functions of their operands (terms have no undefined subterms, so evaluating them
// strictly gives the same value as evaluating them lazily).
//
// Uninterpreted functions are part of the valuation: V gives each declared f a total function, and
// V(f(t̄)) = V(f)(V(t̄)); with an array range, V(f)(v̄) is an array (elements and a length >= 0).
// Quantifiers have their usual meaning over the whole sort of each variable: V(∀x. P) is true when
// P is true under V extended by every value of x, V(∃x. P) when under some value.
//
// What the evaluator can compute (the rest throws NotEvaluable, never guesses):
//   - f(t̄) when the valuation gives f's values (Valuation's function_* members; the defaults
//     throw NotEvaluable);
//   - a quantifier whose every variable is Bool (both values tried) or an Int with a syntactic range
//     guard, found among the conjuncts of the antecedents of ∀'s body (∀k. lo <= k && k < hi ==> P,
//     also as nested ==>) or of ∃'s body (∃k. lo <= k && k < hi && P): lower bounds lo <= k and
//     lo < k, upper bounds k < hi and k <= hi, or k == e; several bounds intersect.  A bound may
//     use the variables bound outside it and the earlier variables of its own quantifier.  The
//     range is enumerated, stopping at the first counterexample (∀) or witness (∃), so nested
//     quantifiers in any order work.  One evaluate() call tries at most enumeration_limit()
//     bindings in all (default 10^6); a larger range, a Reference variable or an Int without
//     guard throws NotEvaluable.  Outside its range the guard is false, so the body is true (∀)
//     or false (∃) there: enumerating the range alone is exact.
//   - + - * whose result has at most max_int_bits bits (integer_limit.hpp; default 10^6).
#pragma once

#include <optional>
#include <span>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "semantics/terms/term.hpp"
#include "semantics/terms/term_map.hpp"
#include "semantics/values/integer_limit.hpp"
#include "semantics/values/value.hpp"

namespace symref::terms {

class TermManager;

// A term whose value the evaluator cannot compute: a quantifier outside the shapes above or too
// large a range, or a function the valuation does not give.  Never a verdict of true or false.
class NotEvaluable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// V: the values of the symbols.  Scalar symbols have values; array symbols (Global int[] symbols,
// Field symbols, Fresh array symbols) are read pointwise.
class Valuation {
 public:
  virtual ~Valuation() = default;
  // The value of a symbol of sort Int, Bool or Reference.
  virtual Value symbol_value(Term symbol) const = 0;
  // The element at `index` (an Int for int[], a Reference for a field) of an array symbol.
  virtual Value array_element(Term array_symbol, const Value& index) const = 0;
  // The length of an IntArray symbol.
  virtual Integer array_length(Term array_symbol) const = 0;

  // Uninterpreted functions at argument values: the value, for a range of sort Int, Bool or
  // Reference; for an array range, the element at `index` of the resulting array, and its length.
  // These defaults throw NotEvaluable: a valuation that knows no functions.
  virtual Value function_value(FunctionId function, std::span<const Value> arguments) const;
  virtual Value function_element(FunctionId function, std::span<const Value> arguments, const Value& index) const;
  virtual Integer function_length(FunctionId function, std::span<const Value> arguments) const;
};

struct ValueHash {
  std::size_t operator()(const Value& value) const { return value.hash(); }
};

// A function and argument values (for function_element, the index last): a key of value tables.
struct ApplicationKey {
  FunctionId function;
  std::vector<Value> arguments;
  friend bool operator==(const ApplicationKey&, const ApplicationKey&) = default;
};
struct ApplicationKeyHash {
  std::size_t operator()(const ApplicationKey& key) const {
    std::size_t h = static_cast<std::size_t>(key.function) * 0x9E3779B97F4A7C15ULL;
    for (const Value& value : key.arguments) h = (h ^ value.hash()) * 0x100000001B3ULL;
    return h;
  }
};

// A valuation given by explicit tables, for tests and the property layer.  What is not given takes
// the default of its sort (0, false, nil; an element defaults to the array's default element, else
// to the default of the element sort; a length to 0).
class MapValuation : public Valuation {
 public:
  explicit MapValuation(const TermManager& manager) : manager_(manager) {}

  void set_symbol(Term symbol, Value value);
  void set_element(Term array_symbol, Value index, Value value);
  void set_default_element(Term array_symbol, Value value);
  void set_length(Term array_symbol, Integer length);
  // Functions: what is not given takes the function's default (set_function_default, scalar
  // ranges only), else the default of its range's sort, element sort, or length 0.
  void set_function_value(FunctionId function, std::vector<Value> arguments, Value value);
  void set_function_default(FunctionId function, Value value);
  void set_function_element(FunctionId function, std::vector<Value> arguments, Value index, Value value);
  void set_function_length(FunctionId function, std::vector<Value> arguments, Integer length);

  Value symbol_value(Term symbol) const override;
  Value array_element(Term array_symbol, const Value& index) const override;
  Integer array_length(Term array_symbol) const override;
  Value function_value(FunctionId function, std::span<const Value> arguments) const override;
  Value function_element(FunctionId function, std::span<const Value> arguments, const Value& index) const override;
  Integer function_length(FunctionId function, std::span<const Value> arguments) const override;

 private:
  struct ArrayTable {
    std::unordered_map<Value, Value, ValueHash> elements;
    std::optional<Value> default_element;
    Integer length;
  };
  const TermManager& manager_;
  std::unordered_map<Term, Value> symbols_;
  std::unordered_map<Term, ArrayTable> arrays_;
  std::unordered_map<ApplicationKey, Value, ApplicationKeyHash> function_values_;
  std::unordered_map<ApplicationKey, Value, ApplicationKeyHash> function_elements_;
  std::unordered_map<ApplicationKey, Integer, ApplicationKeyHash> function_lengths_;
  std::unordered_map<FunctionId, Value> function_defaults_;
};

// The default value of a scalar sort: 0, false, nil.
Value default_value(Sort sort);

// Evaluates terms of sort Int, Bool or Reference under one valuation, keeping a cache of the values
// of every subterm seen across calls (so evaluating all conjuncts of a path condition costs one
// pass over their shared DAG).  Iterative: terms may be DAGs of depth 10^5.
//
// Arrays are not values here: a Select walks its Store chain from the top, comparing the stored
// indices (evaluated) with the read index, and reads the base symbol through the valuation when no
// update matches.
//
// Quantifiers are enumerated (see the head of this file).  The values of subterms with bound
// variables depend on the bindings: they live in a cache per quantifier being enumerated, emptied
// at each new binding, while closed subterms keep the one cache across bindings and calls.
class TermEvaluator {
 public:
  static constexpr std::uint64_t default_enumeration_limit = 1'000'000;

  explicit TermEvaluator(const Valuation& valuation) : valuation_(&valuation) {}
  // From now on evaluates under `valuation`: the caches are emptied, their memory kept (a solver
  // layer trying one model after another on the same formulas evaluates thousands of times a case).
  void rebind(const Valuation& valuation);
  // Throws std::logic_error for an array-sorted term or a bound variable outside its binder, and
  // NotEvaluable as the head of this file says.  After NotEvaluable the evaluator stays usable.
  Value evaluate(Term term);
  bool evaluate_boolean(Term formula) { return evaluate(formula).as_boolean(); }
  // The element of the closed array-sorted `array` at `index`: evaluate(select(array, i)) for a
  // constant i with that value, without making the Select and the constant in the manager (a
  // state's array of 10,000 elements is read element by element).  Throws as evaluate() does.
  Value element(Term array, const Value& index);
  void clear_cache() {
    cache_.clear();
    reads_.clear();
  }
  // The most bindings of quantified variables one evaluate() call tries.
  void set_enumeration_limit(std::uint64_t bindings) { enumeration_limit_ = bindings; }
  std::uint64_t enumeration_limit() const { return enumeration_limit_; }
  // + - * whose result would have more than this many bits throw NotEvaluable (integer_limit.hpp).
  void set_max_int_bits(std::uint64_t bits) { max_int_bits_ = bits; }

 private:
  // The range guards of one quantifier's Int variable: value terms with an offset added.
  struct Bound {
    Term term;
    int offset;  // lower bounds: lo = term + offset; upper (exclusive) bounds: hi = term + offset
  };
  struct Quantification {
    Term body;
    bool universal;
    std::span<const Term> variables;
    std::vector<std::vector<Bound>> lower, upper;  // per variable
  };

  Value run(Term term);  // reentrant: quantifiers evaluate their bodies from inside compute()
  Value compute(Term term);
  Value read(Term array, const Value& index);
  Value base_element(Term base, const Value& index);
  Integer base_length(Term base);
  std::vector<Value> arguments_of(Term application);
  Value quantify(Term quantifier);
  void find_bounds(Quantification& quantification) const;
  bool search(const Quantification& quantification, std::size_t variable);  // true: decided
  void bind(Term variable, Value value);
  // The value cache a term belongs to: the innermost quantifier's for terms with bound variables.
  // Always inlined: run() asks it for every node and every operand, and otherwise whether GCC
  // inlines it there depends on the size of the whole translation unit.
  [[gnu::always_inline]] const Value* find(Term term) const {
    if (term->has_bound_variables() && depth_ > 0) return scopes_[depth_ - 1].find(term);
    return cache_.find(term);
  }
  const Value& cached(Term term) const { return *find(term); }
  void store(Term term, Value value) {
    if (term->has_bound_variables() && depth_ > 0)
      scopes_[depth_ - 1].insert_or_assign(term, std::move(value));
    else
      cache_.insert_or_assign(term, std::move(value));
  }

  // A read of an update chain at an index value, remembered at the checkpoints (about one update in
  // 32) the walk passed, so that later reads of the same index through the same chain stop early.
  struct ArrayRead {
    std::uint32_t array_id;
    Value index;
    friend bool operator==(const ArrayRead&, const ArrayRead&) = default;
  };
  struct ArrayReadHash {
    std::size_t operator()(const ArrayRead& read) const {
      return (std::size_t{read.array_id} * 0x9E3779B97F4A7C15ULL) ^ read.index.hash();
    }
  };

  const Valuation* valuation_;
  TermMap<Value> cache_;  // array-sorted nodes are entered with a placeholder: "operands done"
  std::unordered_map<ArrayRead, Value, ArrayReadHash> reads_;
  std::vector<Term> checkpoints_;
  std::vector<std::pair<Term, bool>> stack_;  // (term, operands already pushed)
  std::vector<TermMap<Value>> scopes_;         // scopes_[0 .. depth_): per quantifier being enumerated
  std::size_t depth_ = 0;
  TermMap<Value> bindings_;                    // bound variable -> its value now
  std::uint64_t enumeration_limit_ = default_enumeration_limit;
  std::uint64_t max_int_bits_ = default_max_int_bits;
  // a op b within max_int_bits_, or NotEvaluable.
  Value bounded(bool (*operation)(const Integer&, const Integer&, std::uint64_t, Integer&), const Integer& a,
                const Integer& b) const;
  std::uint64_t bindings_left_ = 0;            // of the current evaluate() call
};

// The evaluator kept in `slot`, bound to `valuation`: made there at the first call, rebound at the
// later ones (default enumeration limit).
TermEvaluator& evaluator_in(std::optional<TermEvaluator>& slot, const Valuation& valuation);

// One-shot evaluation with a fresh cache.
Value evaluate(Term term, const Valuation& valuation);

}  // namespace symref::terms
