// The tool's limit on the size of one integer value (`--max-int-bits`,
// docs/language.md#the-size-of-integers): the language's integers are unbounded, but a run that
// squares a number in a loop needs memory doubling per step.  An operation whose result would
// have more than the limit's bits (of magnitude) is not computed; the run or path ends in outcome
// `bound` instead.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "semantics/syntax/source.hpp"
#include "semantics/values/integer.hpp"

namespace symref {

inline constexpr std::uint64_t default_max_int_bits = 1'000'000;

// a + b, a - b, a * b into `out` when the result has at most `max_bits` bits; false (and `out`
// untouched) otherwise.  A product that is certain to be too large — |a| * |b| has at least
// bits(a) + bits(b) - 1 bits — is never computed, so the work stays within the limit's size.
inline bool bounded_add(const Integer& a, const Integer& b, std::uint64_t max_bits, Integer& out) {
  Integer sum = a + b;
  if (sum.bit_length() > max_bits) return false;
  out = std::move(sum);
  return true;
}
inline bool bounded_subtract(const Integer& a, const Integer& b, std::uint64_t max_bits, Integer& out) {
  Integer difference = a - b;
  if (difference.bit_length() > max_bits) return false;
  out = std::move(difference);
  return true;
}
inline bool bounded_multiply(const Integer& a, const Integer& b, std::uint64_t max_bits, Integer& out) {
  const std::uint64_t a_bits = a.bit_length(), b_bits = b.bit_length();
  if (a_bits != 0 && b_bits != 0 && a_bits + b_bits - 1 > max_bits) return false;
  Integer product = a * b;
  if (product.bit_length() > max_bits) return false;
  out = std::move(product);
  return true;
}

// "integer of more than N bits at L:C": the reason of the outcome `bound` that the limit gives,
// at the operation `where` (every engine words it alike; no location when `where` is unknown).
inline std::string integer_limit_reason(std::uint64_t max_bits, SourceLocation where = {}) {
  std::string reason = "integer of more than " + std::to_string(max_bits) + " bits";
  if (where.known()) reason += " at " + std::to_string(where.line) + ":" + std::to_string(where.column);
  return reason;
}

// Thrown by the term layer (folding constants), which has no run to end: the symbolic machine
// ends the path in `bound` with what() as the reason.  The translation of the expression whose
// operation it was adds the location.
class IntegerTooLarge : public std::runtime_error {
 public:
  explicit IntegerTooLarge(std::uint64_t max_bits, SourceLocation where = {})
      : std::runtime_error(integer_limit_reason(max_bits, where)), max_bits_(max_bits), where_(where) {}
  std::uint64_t max_bits() const { return max_bits_; }
  SourceLocation where() const { return where_; }

 private:
  std::uint64_t max_bits_;
  SourceLocation where_;
};

}  // namespace symref
