// Unit tests for the unbounded integers: the fast path, the slow path beyond 64 bits, and the
// Euclidean division and modulo of docs/language.md, including division and modulo by zero.
#include "semantics/values/integer.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <random>

namespace symref {
namespace {

Integer parse(const char* text) { return *Integer::from_decimal(text); }

TEST(Integer, ParsesAndPrintsSmallValues) {
  EXPECT_EQ(parse("0").to_string(), "0");
  EXPECT_EQ(parse("-17").to_string(), "-17");
  EXPECT_EQ(parse("000123").to_string(), "123");
  EXPECT_TRUE(parse("9223372036854775807").is_small());
  EXPECT_TRUE(parse("-9223372036854775808").is_small());
  EXPECT_FALSE(parse("9223372036854775808").is_small());
  EXPECT_FALSE(Integer::from_decimal("").has_value());
  EXPECT_FALSE(Integer::from_decimal("-").has_value());
  EXPECT_FALSE(Integer::from_decimal("12a").has_value());
  EXPECT_FALSE(Integer::from_decimal("+5").has_value());
}

TEST(Integer, EuclideanDivisionFollowsLanguageExamples) {
  EXPECT_EQ(euclidean_quotient(-7, 2), Integer(-4));
  EXPECT_EQ(euclidean_remainder(-7, 2), Integer(1));
  EXPECT_EQ(euclidean_quotient(7, -2), Integer(-3));
  EXPECT_EQ(euclidean_remainder(7, -2), Integer(1));
  EXPECT_EQ(euclidean_quotient(-7, -2), Integer(4));
  EXPECT_EQ(euclidean_remainder(-7, -2), Integer(1));
  EXPECT_EQ(euclidean_quotient(7, 2), Integer(3));
  EXPECT_EQ(euclidean_remainder(7, 2), Integer(1));
}

TEST(Integer, DivisionAndModuloByZeroAreTotal) {
  EXPECT_EQ(euclidean_quotient(42, 0), Integer(0));
  EXPECT_EQ(euclidean_remainder(42, 0), Integer(42));
  EXPECT_EQ(euclidean_remainder(-42, 0), Integer(-42));
  Integer big = parse("123456789012345678901234567890");
  EXPECT_EQ(euclidean_quotient(big, 0), Integer(0));
  EXPECT_EQ(euclidean_remainder(big, 0), big);
}

TEST(Integer, OverflowMovesToTheSlowPathAndBack) {
  Integer max = INT64_MAX;
  Integer beyond = max + 1;
  EXPECT_FALSE(beyond.is_small());
  EXPECT_EQ(beyond.to_string(), "9223372036854775808");
  Integer back = beyond - 1;
  EXPECT_TRUE(back.is_small());
  EXPECT_EQ(back, max);
  Integer min = INT64_MIN;
  EXPECT_EQ((-min).to_string(), "9223372036854775808");
  EXPECT_EQ(euclidean_quotient(min, -1).to_string(), "9223372036854775808");
  EXPECT_EQ(euclidean_remainder(min, -1), Integer(0));
  // A divisor of -2^63: the remainder is x + 2^63 for negative x (0 <= r < 2^63), x for x >= 0,
  // and the quotient makes x = q*y + r; -y itself does not fit in 64 bits.
  EXPECT_EQ(euclidean_remainder(Integer(-7), min).to_string(), "9223372036854775801");
  EXPECT_EQ(euclidean_quotient(Integer(-7), min), Integer(1));
  EXPECT_EQ(euclidean_remainder(Integer(7), min), Integer(7));
  EXPECT_EQ(euclidean_remainder(min, min), Integer(0));
  EXPECT_EQ((min * -1).to_string(), "9223372036854775808");
}

TEST(Integer, ValuesFarBeyond64Bits) {
  Integer factorial = 1;
  for (int i = 2; i <= 50; ++i) factorial = factorial * Integer(i);
  EXPECT_EQ(factorial.to_string(), "30414093201713378043612608166064768844377641568960512000000000000");
  Integer quotient = euclidean_quotient(factorial, parse("1000000000000000000000"));
  EXPECT_EQ(quotient.to_string(), "30414093201713378043612608166064768844377641");
  Integer negative = -factorial;
  // -50! mod 7 is 0, -50! mod 101 equals 101 - (50! mod 101)
  EXPECT_EQ(euclidean_remainder(negative, 7), Integer(0));
  Integer r = euclidean_remainder(factorial, 101);
  EXPECT_EQ(r, Integer(91));
  EXPECT_EQ(euclidean_remainder(negative, 101), Integer(10));
  EXPECT_LT(negative, Integer(INT64_MIN));
  EXPECT_GT(factorial, Integer(INT64_MAX));
}

TEST(Integer, EuclideanIdentityHoldsOnRandomValuesAcrossBothRepresentations) {
  std::mt19937_64 random(20261121);
  auto draw = [&random]() -> Integer {
    switch (random() % 4) {
      case 0: return static_cast<std::int64_t>(random() % 21) - 10;
      case 1: return static_cast<std::int64_t>(random());
      case 2: return Integer(static_cast<std::int64_t>(random())) * Integer(static_cast<std::int64_t>(random()));
      default: return Integer(INT64_MIN) + static_cast<std::int64_t>(random() % 3);
    }
  };
  for (int i = 0; i < 20000; ++i) {
    Integer a = draw(), b = draw();
    Integer q = euclidean_quotient(a, b), r = euclidean_remainder(a, b);
    if (b == Integer(0)) {
      EXPECT_EQ(q, Integer(0));
      EXPECT_EQ(r, a);
      continue;
    }
    EXPECT_EQ(b * q + r, a) << a.to_string() << " / " << b.to_string();
    Integer magnitude = b < Integer(0) ? -b : b;
    EXPECT_GE(r, Integer(0));
    EXPECT_LT(r, magnitude);
    EXPECT_EQ((a + b) - b, a);
    EXPECT_EQ(Integer::from_decimal(a.to_string()), a);
    EXPECT_EQ(a.is_small(), a.to_int64().has_value());
  }
}

TEST(Integer, CopiesShareBigValuesSafely) {
  Integer big = parse("340282366920938463463374607431768211456");
  Integer copy = big;
  Integer moved = std::move(copy);
  Integer assigned;
  assigned = moved;
  const Integer& same = assigned;  // through a reference, so that compilers do not flag the self-assignment
  assigned = same;  // self-assignment keeps the value
  EXPECT_EQ(assigned, big);
  EXPECT_EQ(moved.hash(), big.hash());
  EXPECT_EQ(parse("5000000000000000000000").to_string(), "5000000000000000000000");
}

TEST(Integer, FiftyThreeBitBoundaryForJson) {
  EXPECT_TRUE(Integer((std::int64_t{1} << 53) - 1).fits_in_53_bits());
  EXPECT_FALSE(Integer(std::int64_t{1} << 53).fits_in_53_bits());
  EXPECT_TRUE(Integer(-(std::int64_t{1} << 53) + 1).fits_in_53_bits());
  EXPECT_FALSE(Integer(-(std::int64_t{1} << 53)).fits_in_53_bits());
  EXPECT_FALSE(parse("100000000000000000000000").fits_in_53_bits());
}

}  // namespace
}  // namespace symref
