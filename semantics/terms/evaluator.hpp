// The meaning of terms, V(t) for a valuation V (§2 V(op(e1..en)) = op̄(V(e1)..V(en)), §2.1, §4.1).
//
// Term semantics — the one that simplification (term_manager.cpp) and the solver encoding
// (interp/solver/encoding.hpp) must both keep:
//   Int           the mathematical integers;
//   Bool          true and false;
//   Reference(c)  object identities (ObjectId): 0 is nil; input objects are the negative numbers
//                 and the forward engine's new objects (NewObject k) the positive ones, so a new
//                 object never equals an input one (LANGUAGE.md `new`); identity is per class;
//   IntArray      a total function Int -> Int together with a length >= 0; Store changes one
//                 point and keeps the length (the paper's (a[e] := e'));
//   FieldArray(f) a total function from objects to the field's value sort.
// Every operator is total: + - * exact, / and % Euclidean with a/0 = 0 and a%0 = a, && || ==> ?:
// ordinary functions of their operands (terms have no undefined subterms, so evaluating them
// strictly gives the same value as evaluating them lazily).
#pragma once

#include <optional>
#include <unordered_map>
#include <vector>

#include "semantics/terms/term.hpp"
#include "semantics/terms/term_map.hpp"
#include "semantics/values/value.hpp"

namespace symref::terms {

class TermManager;

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
};

struct ValueHash {
  std::size_t operator()(const Value& value) const { return value.hash(); }
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

  Value symbol_value(Term symbol) const override;
  Value array_element(Term array_symbol, const Value& index) const override;
  Integer array_length(Term array_symbol) const override;

 private:
  struct ArrayTable {
    std::unordered_map<Value, Value, ValueHash> elements;
    std::optional<Value> default_element;
    Integer length;
  };
  const TermManager& manager_;
  std::unordered_map<Term, Value> symbols_;
  std::unordered_map<Term, ArrayTable> arrays_;
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
class TermEvaluator {
 public:
  explicit TermEvaluator(const Valuation& valuation) : valuation_(valuation) {}
  // Throws std::logic_error for an array-sorted term.
  Value evaluate(Term term);
  bool evaluate_boolean(Term formula) { return evaluate(formula).as_boolean(); }
  void clear_cache() {
    cache_.clear();
    reads_.clear();
  }

 private:
  Value compute(Term term);
  Value read(Term array, const Value& index);
  const Value& cached(Term term) const { return *cache_.find(term); }

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

  const Valuation& valuation_;
  TermMap<Value> cache_;  // array-sorted nodes are entered with a placeholder: "operands done"
  std::unordered_map<ArrayRead, Value, ArrayReadHash> reads_;
  std::vector<Term> checkpoints_;
  std::vector<std::pair<Term, bool>> stack_;  // (term, operands already pushed)
};

// One-shot evaluation with a fresh cache.
Value evaluate(Term term, const Valuation& valuation);

}  // namespace symref::terms
