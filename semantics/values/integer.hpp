// Unbounded mathematical integers (docs/language.md#values-and-defaults) with an allocation-free fast path.
//
// A value that fits in 64 bits is stored inline; only values beyond that range live in a
// reference-counted heap cell holding a boost::multiprecision::cpp_int.  The representation is
// canonical — a value is big exactly when it does not fit in int64_t — so equality and hashing
// never need to look at both forms.  `/` and `%` are the Euclidean operations of SMT-LIB, total
// as in the paper: a / 0 == 0 and a % 0 == a.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace symref {

class Integer {
 public:
  Integer() noexcept : small_(0), big_(nullptr) {}
  Integer(std::int64_t value) noexcept : small_(value), big_(nullptr) {}  // NOLINT: implicit by design
  Integer(const Integer& other) noexcept : small_(other.small_), big_(other.big_) { retain(); }
  Integer(Integer&& other) noexcept : small_(other.small_), big_(other.big_) { other.big_ = nullptr; }
  Integer& operator=(const Integer& other) noexcept {
    if (this != &other) {
      other.retain();
      release();
      small_ = other.small_;
      big_ = other.big_;
    }
    return *this;
  }
  Integer& operator=(Integer&& other) noexcept {
    if (this != &other) {
      release();
      small_ = other.small_;
      big_ = other.big_;
      other.big_ = nullptr;
    }
    return *this;
  }
  ~Integer() { release(); }

  // Parses an optional '-' followed by one or more decimal digits; nothing else.
  static std::optional<Integer> from_decimal(std::string_view text);

  bool is_small() const noexcept { return big_ == nullptr; }
  std::int64_t small_value() const noexcept { return small_; }  // only when is_small()
  std::optional<std::int64_t> to_int64() const noexcept {
    if (is_small()) return small_;
    return std::nullopt;
  }
  // True when the magnitude fits in 53 bits, |v| <= 2^53 - 1: JSON readers that use doubles read
  // every such integer, and no other, exactly (docs/language.md#input-and-output-states).
  bool fits_in_53_bits() const noexcept {
    constexpr std::int64_t limit = (std::int64_t{1} << 53) - 1;
    return is_small() && small_ >= -limit && small_ <= limit;
  }
  int sign() const noexcept;
  // The number of bits of the magnitude |v| (0 for 0): 2^k - 1 has k bits, 2^k has k + 1.
  std::uint64_t bit_length() const noexcept {
    if (is_small()) {
      const std::uint64_t magnitude = small_ < 0 ? 0 - static_cast<std::uint64_t>(small_) : static_cast<std::uint64_t>(small_);
      return magnitude == 0 ? 0 : 64 - static_cast<std::uint64_t>(__builtin_clzll(magnitude));
    }
    return big_bit_length();
  }
  // Decimal; subquadratic in the length (integer.cpp).
  std::string to_string() const;
  std::size_t hash() const noexcept;

  friend Integer operator+(const Integer& a, const Integer& b) {
    std::int64_t r;
    if (a.is_small() && b.is_small() && !__builtin_add_overflow(a.small_, b.small_, &r)) return Integer(r);
    return add_slow(a, b);
  }
  friend Integer operator-(const Integer& a, const Integer& b) {
    std::int64_t r;
    if (a.is_small() && b.is_small() && !__builtin_sub_overflow(a.small_, b.small_, &r)) return Integer(r);
    return subtract_slow(a, b);
  }
  friend Integer operator*(const Integer& a, const Integer& b) {
    std::int64_t r;
    if (a.is_small() && b.is_small() && !__builtin_mul_overflow(a.small_, b.small_, &r)) return Integer(r);
    return multiply_slow(a, b);
  }
  Integer operator-() const { return Integer(0) - *this; }

  // Euclidean quotient and remainder: a == b*q + r with 0 <= r < |b|; q = 0 and r = a when b == 0.
  friend Integer euclidean_quotient(const Integer& a, const Integer& b) {
    if (a.is_small() && b.is_small()) {
      std::int64_t x = a.small_, y = b.small_;
      if (y == 0) return Integer(0);
      if (!(x == INT64_MIN && y == -1)) {
        std::int64_t q = x / y, r = x % y;
        if (r < 0) q += (y > 0) ? -1 : 1;
        return Integer(q);
      }
    }
    return quotient_slow(a, b);
  }
  friend Integer euclidean_remainder(const Integer& a, const Integer& b) {
    if (a.is_small() && b.is_small()) {
      std::int64_t x = a.small_, y = b.small_;
      if (y == 0) return a;
      if (y == -1) return Integer(0);
      std::int64_t r = x % y;
      // r lies strictly between -|y| and 0 when negative; r - y rather than r + |y| because -y
      // overflows for y = INT64_MIN (found by UBSan), while r - INT64_MIN fits.
      if (r < 0) r = (y > 0) ? r + y : r - y;
      return Integer(r);
    }
    return remainder_slow(a, b);
  }
  // Truncating division, kept only for the planted fault `truncating-division` (props/faults).
  friend Integer truncating_quotient(const Integer& a, const Integer& b);
  friend Integer truncating_remainder(const Integer& a, const Integer& b);

  friend bool operator==(const Integer& a, const Integer& b) noexcept {
    if (a.is_small() && b.is_small()) return a.small_ == b.small_;
    if (a.is_small() != b.is_small()) return false;  // canonical form
    return equal_slow(a, b);
  }
  friend std::strong_ordering operator<=>(const Integer& a, const Integer& b) noexcept {
    if (a.is_small() && b.is_small()) return a.small_ <=> b.small_;
    return compare_slow(a, b);
  }

 private:
  // A big value's heap cell starts with its reference count, so that copying stays inline.
  struct BigHeader {
    // Not atomic: symref runs its engines on one thread; a value is never shared across threads.
    mutable std::uint32_t references = 1;
  };
  struct Big;
  struct AdoptBig {};
  Integer(AdoptBig, BigHeader* big) noexcept : small_(0), big_(big) {}
  void retain() const noexcept {
    if (big_ != nullptr) ++big_->references;
  }
  void release() noexcept {
    if (big_ != nullptr && --big_->references == 0) destroy();
    big_ = nullptr;
  }
  void destroy() noexcept;

  static Integer add_slow(const Integer& a, const Integer& b);
  static Integer subtract_slow(const Integer& a, const Integer& b);
  static Integer multiply_slow(const Integer& a, const Integer& b);
  static Integer quotient_slow(const Integer& a, const Integer& b);
  static Integer remainder_slow(const Integer& a, const Integer& b);
  static bool equal_slow(const Integer& a, const Integer& b) noexcept;
  std::uint64_t big_bit_length() const noexcept;
  static std::strong_ordering compare_slow(const Integer& a, const Integer& b) noexcept;
  friend struct IntegerAccess;

  std::int64_t small_;
  BigHeader* big_;  // a Big (integer.cpp), or null for small values
};

// Namespace-scope declarations of the friends above, so that calls on plain int64 arguments find them.
Integer euclidean_quotient(const Integer& a, const Integer& b);
Integer euclidean_remainder(const Integer& a, const Integer& b);
Integer truncating_quotient(const Integer& a, const Integer& b);
Integer truncating_remainder(const Integer& a, const Integer& b);

}  // namespace symref
