// Random well-sorted terms and encoding-respecting valuations for randomized tests (§2, §2.1, §4.1).
#pragma once

#include <random>
#include <vector>

#include "semantics/terms/evaluator.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::terms::testing {

// The symbols random terms are made of, one set per manager.
struct Vocabulary {
  explicit Vocabulary(TermManager& m)
      : ints{m.global_symbol(0, Sort::integer(), "x"), m.global_symbol(1, Sort::integer(), "y"),
             m.fresh_symbol(Sort::integer(), "z")},
        bools{m.global_symbol(2, Sort::boolean(), "b"), m.global_symbol(3, Sort::boolean(), "c")},
        array(m.global_symbol(4, Sort::int_array(), "a")),
        references{m.global_symbol(5, Sort::reference(0), "p"), m.global_symbol(6, Sort::reference(0), "q")},
        fresh_reference(m.fresh_symbol(Sort::reference(0), "o")),
        next(m.field_symbol(0, Sort::reference(0), "next")),
        val(m.field_symbol(1, Sort::integer(), "val")),
        flag(m.field_symbol(2, Sort::boolean(), "flag")) {}
  std::vector<Term> ints, bools;
  Term array;
  std::vector<Term> references;
  Term fresh_reference, next, val, flag;
};

// Builds random terms from a seeded generator; the same seed gives the same sequence of
// factory calls, so building twice with the switch flipped gives the two sides of the property.
// No factory call has two arguments that draw (their evaluation order is unspecified, and GCC and
// clang differ): operands are drawn into locals first, right to left as GCC did, so a seed builds
// the same term with every compiler and the same term as before.
class RandomTerms {
 public:
  RandomTerms(TermManager& m, const Vocabulary& vocabulary, std::uint64_t seed)
      : m_(m), random_(seed), ints_(vocabulary.ints), bools_(vocabulary.bools), references_(vocabulary.references),
        array_(vocabulary.array), fresh_reference_(vocabulary.fresh_reference), next_(vocabulary.next),
        val_(vocabulary.val), flag_(vocabulary.flag) {}

  Term boolean(int depth) {
    if (depth <= 0 || pick(6) == 0) {
      switch (pick(3)) {
        case 0: return m_.boolean(pick(2) == 0);
        default: return bools_[pick(bools_.size())];
      }
    }
    --depth;
    switch (pick(13)) {
      case 0: return binary(&TermManager::less, &RandomTerms::integer, depth);
      case 1: return binary(&TermManager::less_equal, &RandomTerms::integer, depth);
      case 2: return binary(&TermManager::equal, &RandomTerms::integer, depth);
      case 3: return binary(&TermManager::equal, &RandomTerms::boolean, depth);
      case 4: return binary(&TermManager::equal, &RandomTerms::reference, depth);
      case 5: return m_.logical_not(boolean(depth));
      case 6: return m_.logical_and(junction(depth));
      case 7: return m_.logical_or(junction(depth));
      case 8: return binary(&TermManager::implies, &RandomTerms::boolean, depth);
      case 9: return conditional(&RandomTerms::boolean, depth);
      case 10: {
        Term object = reference(depth), flags = field_array(flag_, depth);
        return m_.select(flags, object);
      }
      case 11: {  // x && !x and friends
        Term t = boolean(depth);
        return pick(2) == 0 ? m_.logical_and(t, m_.logical_not(t)) : m_.logical_or(m_.logical_not(t), t);
      }
      default: {
        Term t = boolean(depth);
        return m_.logical_and(m_.logical_and(t, boolean(depth)), t);
      }
    }
  }

  Term integer(int depth) {
    if (depth <= 0 || pick(5) == 0) {
      switch (pick(4)) {
        case 0: return m_.integer(static_cast<std::int64_t>(pick(7)) - 3);
        case 1: return pick(2) == 0 ? m_.integer(*Integer::from_decimal("-18446744073709551617"))
                                    : m_.integer(INT64_MIN);
        default: return ints_[pick(ints_.size())];
      }
    }
    --depth;
    switch (pick(13)) {
      case 0: return m_.negate(integer(depth));
      case 1: return binary(&TermManager::add, &RandomTerms::integer, depth);
      case 2: return binary(&TermManager::subtract, &RandomTerms::integer, depth);
      case 3: return binary(&TermManager::multiply, &RandomTerms::integer, depth);
      case 4: return binary(&TermManager::divide, &RandomTerms::integer, depth);
      case 5: return binary(&TermManager::remainder, &RandomTerms::integer, depth);
      case 6: return conditional(&RandomTerms::integer, depth);
      case 7: {
        Term index = integer(depth), array = int_array(depth);
        return m_.select(array, index);
      }
      case 8: return m_.length(int_array(depth));
      case 9: {
        Term object = reference(depth), values = field_array(val_, depth);
        return m_.select(values, object);
      }
      case 10: {  // x - x, x * 0, x / 1 ... with one shared operand
        Term t = integer(depth);
        return pick(2) == 0 ? m_.subtract(t, t) : m_.multiply(t, m_.integer(static_cast<std::int64_t>(pick(3)) - 1));
      }
      case 11: {
        Term divisor = m_.integer(static_cast<std::int64_t>(pick(3)) - 1);
        return m_.divide(integer(depth), divisor);
      }
      default: {
        Term divisor = m_.integer(static_cast<std::int64_t>(pick(3)) - 1);
        return m_.remainder(integer(depth), divisor);
      }
    }
  }

  Term reference(int depth) {
    if (depth <= 0 || pick(4) == 0) {
      switch (pick(5)) {
        case 0: return m_.nil(pick(2) == 0 ? 0 : -1);
        case 1: return m_.new_object(static_cast<std::int64_t>(pick(3)) + 1, 0);
        case 2: return fresh_reference_;
        default: return references_[pick(references_.size())];
      }
    }
    --depth;
    if (pick(2) == 0) return conditional(&RandomTerms::reference, depth);
    Term object = reference(depth), links = field_array(next_, depth);
    return m_.select(links, object);
  }

  Term int_array(int depth) {
    Term array = array_;
    for (std::size_t stores = pick(4); stores > 0 && depth > 0; --stores) {
      Term value = integer(depth - 1), index = integer(depth - 1);
      array = m_.store(array, index, value);
    }
    return array;
  }

  Term field_array(Term field, int depth) {
    Term array = field;
    for (std::size_t stores = pick(4); stores > 0 && depth > 0; --stores) {
      Term object = reference(depth - 1);
      Term value = field == next_ ? reference(depth - 1) : field == val_ ? integer(depth - 1) : boolean(depth - 1);
      array = m_.store(array, object, value);
    }
    return array;
  }

  std::vector<Term> junction(int depth) {
    std::vector<Term> operands;
    for (std::size_t i = pick(5); i > 0; --i) operands.push_back(boolean(depth));
    return operands;
  }

  std::size_t pick(std::size_t bound) { return static_cast<std::size_t>(random_() % bound); }

  // `build` applied to two operands drawn by `operand`, the right one first.
  Term binary(Term (TermManager::*build)(Term, Term), Term (RandomTerms::*operand)(int), int depth) {
    Term right = (this->*operand)(depth);
    Term left = (this->*operand)(depth);
    return (m_.*build)(left, right);
  }

  // c ? a : b with branches drawn by `branch`: the else branch first, the condition last.
  Term conditional(Term (RandomTerms::*branch)(int), int depth) {
    Term when_false = (this->*branch)(depth);
    Term when_true = (this->*branch)(depth);
    Term condition = boolean(depth);
    return m_.if_then_else(condition, when_true, when_false);
  }

  // A valuation that respects the encoding: globals and field contents are input objects (<= 0),
  // the fresh reference may be anything, including a new object.  Small ranges make collisions.
  MapValuation valuation(std::uint64_t seed) {
    std::mt19937_64 random(seed);
    auto small = [&](int low, int high) { return static_cast<std::int64_t>(random() % (high - low + 1)) + low; };
    MapValuation v(m_);
    for (Term t : ints_) v.set_symbol(t, Value::integer(small(-3, 3)));
    for (Term t : bools_) v.set_symbol(t, Value::boolean(small(0, 1) == 1));
    for (Term t : references_) v.set_symbol(t, Value::reference(0, small(-2, 0)));
    v.set_symbol(fresh_reference_, Value::reference(0, small(-2, 3)));
    for (std::int64_t i = -3; i <= 3; ++i) v.set_element(array_, Value::integer(i), Value::integer(small(-3, 3)));
    v.set_default_element(array_, Value::integer(small(-3, 3)));
    v.set_length(array_, small(0, 4));
    for (std::int64_t object = -2; object <= 3; ++object) {
      Value o = Value::reference(0, object);
      v.set_element(next_, o, Value::reference(0, small(-2, 0)));
      v.set_element(val_, o, Value::integer(small(-3, 3)));
      v.set_element(flag_, o, Value::boolean(small(0, 1) == 1));
    }
    return v;
  }

 private:
  TermManager& m_;
  std::mt19937_64 random_;
  std::vector<Term> ints_, bools_, references_;
  Term array_, fresh_reference_, next_, val_, flag_;
};

}  // namespace symref::terms::testing
