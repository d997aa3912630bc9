// Test inputs from models: a model of a path condition becomes an input state in the JSON format
// of docs/language.md — globals, arrays of the model's length, and a consistent heap of the objects the
// model makes reachable (§4.1: the object sort and how a model becomes a heap, paper-notes/003).
#pragma once

#include <optional>
#include <string>

#include "interp/solver/solver.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref {

struct TestGenerationLimits {
  std::int64_t max_array_length = 10'000;  // longer arrays in a model are not turned into tests
  std::size_t max_objects = 10'000;
};

// The input state a model describes, or nothing (and a reason) when it exceeds the limits or
// gives an object an identity beyond 64 bits (encoding.hpp, UnrepresentableModelValue).
// Input objects are the model's non-positive references; a field the path condition never read
// may hold a positive (new-object) value in the model, and is then set to nil — no term of the
// path depends on it.
std::optional<GlobalState> input_from_model(const Program& program, terms::TermManager& terms, const solver::Model& model,
                                            const TestGenerationLimits& limits, std::string& reason);

}  // namespace symref
