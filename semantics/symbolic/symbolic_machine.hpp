// The symbolic transition systems: from a configuration, every successor the rules allow, one
// function per rule named after the paper's.  In forward mode these are the rules of §2, §2.1, §3
// and §4.1 on ⟨Δ, σ, φ⟩; in trace mode the unfolding rules of §4, which record tests and
// assignments in ρ instead of applying them (procedures and methods are unfolded with their
// locals renamed to fresh variables — the paper's inlining S[ū := ȳ], kept per closure).
// Choosing among successors, feasibility and bounds are the explorer's job (interp/explore).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "semantics/rules.hpp"
#include "semantics/symbolic/heap_model.hpp"
#include "semantics/symbolic/expression_translation.hpp"
#include "semantics/symbolic/symbolic_configuration.hpp"

namespace symref {

// Forward: the transition system of §2–§3 with §4.1's fields as arrays, building σ and φ.
// Trace: §4's unfolding, building the trace ρ from which path(ρ) is computed backwards.
enum class EngineMode : unsigned char { Forward, Trace };

struct SymbolicLimits {
  // At most this many iterations of a loop per entry and this many active calls of one procedure
  // or method; a path that would go further ends in outcome `bound` (`--loop-bound K`).
  std::uint32_t loop_bound = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t max_depth = 10'000;  // active closures
};

struct SymbolicSuccessor {
  SymbolicConfiguration configuration;
  Rule rule;
  std::vector<terms::Term> added;  // the conjuncts this step added to φ (none: the step cannot fail)
};

class SymbolicMachine {
 public:
  SymbolicMachine(const Program& program, terms::TermManager& terms, SymbolicLimits limits = {},
                  EngineMode mode = EngineMode::Forward);

  // ⟨(id, main), id, true⟩: every global and field stands for its initial value.
  SymbolicConfiguration initial() const;

  // Appends the successors of `configuration` to `out` — one per rule that applies, omitting those
  // whose added condition is syntactically false.  A configuration at the end of main has none and
  // gets outcome Normal (the end of main is not a transition); one that has ended has none.
  void successors(SymbolicConfiguration& configuration, std::vector<SymbolicSuccessor>& out);

  const Program& program() const { return program_; }
  terms::TermManager& terms() { return terms_; }
  const SymbolicLimits& limits() const { return limits_; }
  EngineMode mode() const { return mode_; }
  // Forward mode: build the heap through `model` (not owned) instead of §4.1's arrays; null keeps
  // the arrays.
  void set_heap_model(HeapModel* model) { heap_ = model; }
  HeapModel* heap_model() const { return heap_; }

 private:
  class Step;
  const Program& program_;
  terms::TermManager& terms_;
  SymbolicLimits limits_;
  EngineMode mode_;
  HeapModel* heap_ = nullptr;
};

}  // namespace symref
