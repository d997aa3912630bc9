// Seeded random input states for a program (docs/language.md#input-and-output-states), for the
// concrete comparisons of difftest beside the tests of the leaves.  Magnitudes grow along the
// sequence: the first inputs hold integers in -10..10, the next ones up to 100, then up to a
// tenth of the step limit of the comparison (so that a loop of a few steps per iteration counting
// to an input ends within the limit), and only from the sixteenth on values near the ends of 64
// bits and far outside them, mixed with small ones.  Small and negative values stay the most
// frequent (where Euclidean and truncating division differ); arrays are short; the heap holds a
// few objects of each class with fields pointing among them.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "semantics/syntax/program.hpp"

namespace symref::interop {

class RandomInputs {
 public:
  // `max_steps`: the step limit the inputs' runs are compared under.
  RandomInputs(const Program& program, std::uint64_t seed, std::uint64_t max_steps = 10'000);
  nlohmann::ordered_json next();

 private:
  const Program& program_;
  std::uint64_t state_;
  std::uint64_t largest_;    // the largest magnitude before the sixteenth input
  std::uint64_t drawn_ = 0;  // inputs made so far
  std::uint64_t draw();                       // splitmix64
  std::uint64_t below(std::uint64_t bound);   // uniform in [0, bound)
  std::int64_t within(std::uint64_t magnitude);  // uniform in [-magnitude, magnitude]
  nlohmann::ordered_json integer();
};

}  // namespace symref::interop
