// Unit tests for the integer size limit (integer_limit.hpp) and for the length measures it uses:
// bit_length on both representations, decimal printing of long values, the bounded operations.
#include "semantics/values/integer_limit.hpp"

#include <gtest/gtest.h>

#include <string>

namespace symref {
namespace {

Integer power_of_two(std::uint64_t k) {
  Integer value = 1;
  for (std::uint64_t i = 0; i < k; ++i) value = value * Integer(2);
  return value;
}

TEST(IntegerLimit, BitLengthOfSmallAndBigValues) {
  EXPECT_EQ(Integer(0).bit_length(), 0u);
  EXPECT_EQ(Integer(1).bit_length(), 1u);
  EXPECT_EQ(Integer(-1).bit_length(), 1u);
  EXPECT_EQ(Integer(255).bit_length(), 8u);
  EXPECT_EQ(Integer(256).bit_length(), 9u);
  EXPECT_EQ(Integer(INT64_MAX).bit_length(), 63u);
  EXPECT_EQ(Integer(INT64_MIN).bit_length(), 64u);
  EXPECT_EQ(power_of_two(64).bit_length(), 65u);
  EXPECT_EQ((power_of_two(200) - Integer(1)).bit_length(), 200u);
  EXPECT_EQ((Integer(0) - power_of_two(200)).bit_length(), 201u);
}

TEST(IntegerLimit, ProductsAndSumsWithinAndBeyondTheLimit) {
  Integer out = 7;
  EXPECT_TRUE(bounded_multiply(power_of_two(40), power_of_two(40), 81, out));
  EXPECT_EQ(out, power_of_two(80));
  out = 7;
  EXPECT_FALSE(bounded_multiply(power_of_two(40), power_of_two(40), 80, out));
  EXPECT_EQ(out, Integer(7));  // untouched
  // 2^40 - 1 squared has 80 bits although the operands' lengths add up to 80: computed, allowed.
  const Integer m = power_of_two(40) - Integer(1);
  EXPECT_TRUE(bounded_multiply(m, m, 80, out));
  EXPECT_EQ(out.bit_length(), 80u);
  EXPECT_TRUE(bounded_multiply(Integer(0), power_of_two(500), 64, out));
  EXPECT_EQ(out, Integer(0));
  EXPECT_TRUE(bounded_add(power_of_two(99), power_of_two(99), 101, out));
  EXPECT_FALSE(bounded_add(power_of_two(100), power_of_two(100), 101, out));
  EXPECT_TRUE(bounded_subtract(Integer(0), power_of_two(100), 101, out));
  EXPECT_EQ(out.sign(), -1);
  EXPECT_FALSE(bounded_subtract(Integer(0) - power_of_two(100), power_of_two(100), 101, out));
}

TEST(IntegerLimit, ReasonNamesTheLimitAndTheLocation) {
  EXPECT_EQ(integer_limit_reason(64), "integer of more than 64 bits");
  EXPECT_EQ(integer_limit_reason(1'000'000, SourceLocation{0, 3, 31}), "integer of more than 1000000 bits at 3:31");
  IntegerTooLarge error(128, SourceLocation{0, 2, 5});
  EXPECT_STREQ(error.what(), "integer of more than 128 bits at 2:5");
}

TEST(IntegerLimit, LongValuesPrintInDecimalQuickly) {
  // 10^k - 1 is k nines; and 2^k's decimal form ends as the powers of two do.
  Integer nines = Integer(1);
  for (int i = 0; i < 50; ++i) nines = nines * Integer(10);
  nines = nines - Integer(1);
  EXPECT_EQ(nines.to_string(), std::string(50, '9'));
  EXPECT_EQ((Integer(0) - nines).to_string(), "-" + std::string(50, '9'));
  EXPECT_EQ(power_of_two(100).to_string(), "1267650600228229401496703205376");
  // A million-bit value (301,030 digits) prints and reads back exactly; bench/front_end_benchmark.sh
  // measures that both take milliseconds (the quadratic conversion took seconds).
  Integer big = Integer(3);
  while (big.bit_length() < 1'000'000) big = big * big;
  const std::string text = big.to_string();
  EXPECT_NEAR(static_cast<double>(text.size()), static_cast<double>(big.bit_length()) * 0.30103 / 1.0, 2.0);
  EXPECT_EQ(text.back(), '1');  // 3^(2^k) ends in 1 for k >= 2
  EXPECT_EQ(*Integer::from_decimal(text), big);
}

}  // namespace
}  // namespace symref
