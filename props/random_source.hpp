// A deterministic, platform-independent source of random choices for the generators (no lemma).
//
// A deterministic source of random choices for the generators (no lemma): one seed gives the same
// programs and inputs on every platform, since no std:: distribution (implementation-defined) is used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace symref::props {

class RandomSource {
 public:
  explicit RandomSource(std::uint64_t seed) : state_(seed) {}

  // splitmix64: small, fast, and every output bit depends on the whole seed.
  std::uint64_t next() { return mix(state_ += 0x9E3779B97F4A7C15ULL); }
  // splitmix64's finalizer: spreads every bit of `z` over the whole result.
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // A number in [0, bound); 0 when bound is 0.
  std::uint64_t below(std::uint64_t bound) { return bound == 0 ? 0 : next() % bound; }
  // A number in [low, high].
  std::int64_t between(std::int64_t low, std::int64_t high) {
    return low + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(high - low) + 1));
  }
  // True with probability numerator / denominator.
  bool chance(unsigned numerator, unsigned denominator) { return below(denominator) < numerator; }
  // An index chosen with the given weights (a zero weight is never chosen).
  std::size_t weighted(std::initializer_list<unsigned> weights) { return weighted(std::vector<unsigned>(weights)); }
  std::size_t weighted(const std::vector<unsigned>& weights) {
    std::uint64_t total = 0;
    for (unsigned w : weights) total += w;
    std::uint64_t roll = below(total);
    for (std::size_t k = 0; k < weights.size(); ++k) {
      if (roll < weights[k]) return k;
      roll -= weights[k];
    }
    return weights.size() - 1;
  }
  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[static_cast<std::size_t>(below(items.size()))];
  }

 private:
  std::uint64_t state_;
};

}  // namespace symref::props
