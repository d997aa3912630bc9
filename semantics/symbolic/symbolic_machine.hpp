// The forward symbolic transition system (§2, §2.1, §3, §4.1): from a configuration ⟨Δ, σ, φ⟩,
// every successor the rules allow, one function per rule named after the paper's.  Choosing among
// successors, checking feasibility and bounding the search is the explorer's job (interp/explore).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "semantics/rules.hpp"
#include "semantics/symbolic/expression_translation.hpp"
#include "semantics/symbolic/symbolic_configuration.hpp"

namespace symref {

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
  SymbolicMachine(const Program& program, terms::TermManager& terms, SymbolicLimits limits = {});

  // ⟨(id, main), id, true⟩: every global and field stands for its initial value.
  SymbolicConfiguration initial() const;

  // Appends the successors of `configuration` to `out` — one per rule that applies, omitting those
  // whose added condition is syntactically false.  A configuration at the end of main has none and
  // gets outcome Normal (the end of main is not a transition); one that has ended has none.
  void successors(SymbolicConfiguration& configuration, std::vector<SymbolicSuccessor>& out);

  const Program& program() const { return program_; }
  terms::TermManager& terms() { return terms_; }
  const SymbolicLimits& limits() const { return limits_; }

 private:
  class Step;
  const Program& program_;
  terms::TermManager& terms_;
  SymbolicLimits limits_;
};

}  // namespace symref
