// The outcomes of a run or of a symbolic path (docs/language.md#outcomes).
#pragma once

#include <optional>
#include <string_view>

namespace symref {

enum class Outcome : unsigned char {
  Running,           // not an outcome: the run has not ended
  Normal,            // main finished
  NilDereference,    // a field of nil was read or written, or a method called on nil
  OutOfBounds,       // an array element outside 0 <= i < len(a) was read or written
  AssertionFailure,  // an assert condition was false
  Blocked,           // an assume condition was false: the input lies outside the program's domain
  Bound,             // a step, depth or unrolling limit of the tool was hit
};

constexpr std::string_view outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::Running: return "running";
    case Outcome::Normal: return "normal";
    case Outcome::NilDereference: return "nil-dereference";
    case Outcome::OutOfBounds: return "out-of-bounds";
    case Outcome::AssertionFailure: return "assertion-failure";
    case Outcome::Blocked: return "blocked";
    case Outcome::Bound: return "bound";
  }
  return "?";
}

// The outcomes a finished path or run can have (every outcome but Running).
inline constexpr Outcome final_outcomes[] = {Outcome::Normal,           Outcome::NilDereference, Outcome::OutOfBounds,
                                             Outcome::AssertionFailure, Outcome::Blocked,        Outcome::Bound};

inline std::optional<Outcome> outcome_by_name(std::string_view name) {
  for (Outcome o : final_outcomes)
    if (outcome_name(o) == name) return o;
  return std::nullopt;
}

// The error outcomes a definedness failure can produce, in the order used by the step functions.
inline bool is_error_outcome(Outcome o) {
  return o == Outcome::NilDereference || o == Outcome::OutOfBounds || o == Outcome::AssertionFailure;
}

}  // namespace symref
