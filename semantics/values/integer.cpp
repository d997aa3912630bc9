// Slow paths of the unbounded integers: everything that leaves the 64-bit range.
#include "semantics/values/integer.hpp"

#include <gmp.h>

#include <boost/multiprecision/cpp_int.hpp>

#include <functional>
#include <memory>
#include <vector>

namespace symref {

using BigInt = boost::multiprecision::cpp_int;

struct Integer::Big : Integer::BigHeader {
  explicit Big(BigInt v) : value(std::move(v)) {}
  BigInt value;
};

struct IntegerAccess {
  static const BigInt& value(const Integer& v) { return static_cast<const Integer::Big*>(v.big_)->value; }
  static BigInt widen(const Integer& v) { return v.is_small() ? BigInt(v.small_) : value(v); }
  // Restores the canonical form: small whenever the value fits in int64_t.
  static Integer normalize(BigInt&& value) {
    static const BigInt min64 = BigInt(INT64_MIN), max64 = BigInt(INT64_MAX);
    if (value >= min64 && value <= max64) return Integer(static_cast<std::int64_t>(value));
    auto* big = new Integer::Big(std::move(value));
    return Integer(Integer::AdoptBig{}, big);
  }
};

void Integer::destroy() noexcept { delete static_cast<Big*>(big_); }

std::optional<Integer> Integer::from_decimal(std::string_view text) {
  bool negative = false;
  std::size_t position = 0;
  if (!text.empty() && text[0] == '-') {
    negative = true;
    position = 1;
  }
  if (position == text.size()) return std::nullopt;
  for (std::size_t i = position; i < text.size(); ++i)
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
  // Skip leading zeros so that short values with padding stay on the fast path.
  while (position + 1 < text.size() && text[position] == '0') ++position;
  std::string_view digits = text.substr(position);
  if (digits.size() <= 18) {
    std::int64_t value = 0;
    for (char c : digits) value = value * 10 + (c - '0');
    return Integer(negative ? -value : value);
  }
  // cpp_int's parser multiplies by ten digit by digit (quadratic); GMP's splits the string.
  mpz_t parsed;
  mpz_init(parsed);
  mpz_set_str(parsed, std::string(digits).c_str(), 10);  // the digits were checked above
  const std::size_t limb_count = (mpz_sizeinbase(parsed, 2) + 63) / 64;
  std::vector<std::uint64_t> limbs(limb_count);
  std::size_t written = 0;
  mpz_export(limbs.data(), &written, -1, sizeof(std::uint64_t), 0, 0, parsed);
  mpz_clear(parsed);
  BigInt value;
  boost::multiprecision::import_bits(value, limbs.begin(), limbs.begin() + static_cast<std::ptrdiff_t>(written), 64, false);
  if (negative) value = -value;
  return IntegerAccess::normalize(std::move(value));
}

int Integer::sign() const noexcept {
  if (is_small()) return (small_ > 0) - (small_ < 0);
  return IntegerAccess::value(*this).sign();
}

// cpp_int's str() divides by 10^19 once per 19 digits, each division a pass over every limb: time
// quadratic in the length (seconds for a million bits).  GMP's conversion splits by powers of ten
// and multiplies fast, in time O(M(n) log n); the limbs are handed over as they are.
std::string Integer::to_string() const {
  if (is_small()) return std::to_string(small_);
  const BigInt& value = IntegerAccess::value(*this);
  const auto& backend = value.backend();
  static_assert(sizeof(*backend.limbs()) == sizeof(std::uint64_t));
  mpz_t converted;
  mpz_init(converted);
  mpz_import(converted, backend.size(), -1, sizeof(std::uint64_t), 0, 0, backend.limbs());
  // Room for a sign, the digits (mpz_sizeinbase may count one too many) and the terminator.
  std::string text(mpz_sizeinbase(converted, 10) + 2, '\0');
  mpz_get_str(text.data() + 1, 10, converted);
  mpz_clear(converted);
  text.resize(text.find('\0', 1));
  if (value.sign() < 0)
    text[0] = '-';
  else
    text.erase(0, 1);
  return text;
}

std::uint64_t Integer::big_bit_length() const noexcept {
  // The magnitude's limbs, least significant first, the top one non-zero (a big value is not 0).
  const auto& backend = IntegerAccess::value(*this).backend();
  const std::uint64_t top = backend.limbs()[backend.size() - 1];
  return 64 * (backend.size() - 1) + 64 - static_cast<std::uint64_t>(__builtin_clzll(top));
}

std::size_t Integer::hash() const noexcept {
  if (is_small()) return std::hash<std::int64_t>{}(small_);
  std::size_t h = 0x9e3779b97f4a7c15ULL;
  const BigInt& value = IntegerAccess::value(*this);
  for (auto limb = value.backend().limbs(), end = limb + value.backend().size(); limb != end; ++limb)
    h ^= std::hash<std::uint64_t>{}(*limb) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h ^ static_cast<std::size_t>(value.sign() < 0);
}

Integer Integer::add_slow(const Integer& a, const Integer& b) {
  return IntegerAccess::normalize(IntegerAccess::widen(a) + IntegerAccess::widen(b));
}
Integer Integer::subtract_slow(const Integer& a, const Integer& b) {
  return IntegerAccess::normalize(IntegerAccess::widen(a) - IntegerAccess::widen(b));
}
Integer Integer::multiply_slow(const Integer& a, const Integer& b) {
  return IntegerAccess::normalize(IntegerAccess::widen(a) * IntegerAccess::widen(b));
}

namespace {
// cpp_int's / and % truncate towards zero; shift to the Euclidean pair (0 <= r < |b|).
void euclidean_divide(const BigInt& a, const BigInt& b, BigInt& quotient, BigInt& remainder) {
  quotient = a / b;
  remainder = a % b;
  if (remainder.sign() < 0) {
    if (b.sign() > 0) {
      quotient -= 1;
      remainder += b;
    } else {
      quotient += 1;
      remainder -= b;
    }
  }
}
}  // namespace

Integer Integer::quotient_slow(const Integer& a, const Integer& b) {
  if (b.sign() == 0) return Integer(0);
  BigInt q, r;
  euclidean_divide(IntegerAccess::widen(a), IntegerAccess::widen(b), q, r);
  return IntegerAccess::normalize(std::move(q));
}
Integer Integer::remainder_slow(const Integer& a, const Integer& b) {
  if (b.sign() == 0) return a;
  BigInt q, r;
  euclidean_divide(IntegerAccess::widen(a), IntegerAccess::widen(b), q, r);
  return IntegerAccess::normalize(std::move(r));
}

Integer truncating_quotient(const Integer& a, const Integer& b) {
  if (b.sign() == 0) return Integer(0);
  return IntegerAccess::normalize(IntegerAccess::widen(a) / IntegerAccess::widen(b));
}
Integer truncating_remainder(const Integer& a, const Integer& b) {
  if (b.sign() == 0) return a;
  return IntegerAccess::normalize(IntegerAccess::widen(a) % IntegerAccess::widen(b));
}

bool Integer::equal_slow(const Integer& a, const Integer& b) noexcept { return IntegerAccess::value(a) == IntegerAccess::value(b); }

std::strong_ordering Integer::compare_slow(const Integer& a, const Integer& b) noexcept {
  int c = IntegerAccess::widen(a).compare(IntegerAccess::widen(b));
  return c < 0 ? std::strong_ordering::less : c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal;
}

}  // namespace symref
