// Seeded random input states for a program (docs/language.md#input-and-output-states), for the
// concrete comparisons of difftest beside the tests of the leaves.  Integers lean to small and
// negative values (where Euclidean and truncating division differ) with some far outside 64 bits;
// arrays are short; the heap holds a few objects of each class with fields pointing among them.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "semantics/syntax/program.hpp"

namespace symref::interop {

class RandomInputs {
 public:
  RandomInputs(const Program& program, std::uint64_t seed);
  nlohmann::ordered_json next();

 private:
  const Program& program_;
  std::uint64_t state_;
  std::uint64_t draw();                       // splitmix64
  std::uint64_t below(std::uint64_t bound);   // uniform in [0, bound)
  nlohmann::ordered_json integer();
};

}  // namespace symref::interop
