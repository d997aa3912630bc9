// Conditions on a program's input that symref computes, and the comparison of a hand-written one
// with them (`symref wp --check`, `symref grade`): the path condition path(ρ) of one named path
// (§4 Definition 4.2), the condition under which the program ends in a given outcome (path(ρ) of
// every such path, disjoined), and the weakest precondition of main for a postcondition Q
// (wp(ρ, Q) of every normal path, and path(ρ) of every blocked one, disjoined: an `assume` that
// fails makes the run miraculous, as Dijkstra's wp(assume b, Q) = b ⇒ Q has it).  Paths the loop
// bound cuts are set aside: the comparison covers only the inputs whose runs stay within it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/concrete/state.hpp"
#include "semantics/outcome.hpp"
#include "semantics/symbolic/symbolic_configuration.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref {

enum class ConditionKind { PathCondition, OutcomeCondition, WeakestPrecondition };

struct ConditionQuery {
  ConditionKind kind = ConditionKind::PathCondition;
  std::string branches;                // PathCondition: the path's branch string
  std::optional<Outcome> outcome;      // PathCondition: to choose between two paths; OutcomeCondition: the outcome
  const Expression* postcondition = nullptr;  // WeakestPrecondition; for a PathCondition: wp(ρ, Q) instead of path(ρ)
  std::uint32_t loop_bound = 10;       // as for explore (for one path: how far to follow loops)
  std::uint64_t max_steps = 10'000;    // per path
  std::uint64_t max_paths = 100'000;
  std::string solver = "z3";
  unsigned timeout_milliseconds = 5000;  // per query
  // When a separating input has been found, the search for a smaller one starts no query after this.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct ComputedCondition {
  terms::Term condition = nullptr;       // over the initial globals and heap
  terms::Term cut = nullptr;             // the inputs whose runs the bound cut (false: none)
  std::size_t paths = 0;                 // the paths whose conditions were disjoined
  std::size_t cut_paths = 0;             // feasible (or undecided) paths cut by the bound
  bool truncated = false;                // the exploration stopped at max_paths: the condition is incomplete
  std::optional<SymbolicConfiguration> leaf;  // PathCondition: the path's leaf (its trace ρ, outcome, bound)
};

// The condition a query asks for, or nothing with `error` saying why (no such path, or two).
// Throws PathConditionTooLarge past the trace engine's budget.
std::optional<ComputedCondition> compute_condition(const Program& program, terms::TermManager& terms,
                                                   const ConditionQuery& query, std::string& error);

// An expression over the globals and fields of main's scope as a term over the initial state
// (for a claimed condition) or over the state at a trace's end (for a postcondition).
terms::Term condition_term(terms::TermManager& terms, const Expression& expression);

enum class VerdictKind { Equivalent, Different, Unknown };

struct ConditionVerdict {
  VerdictKind kind = VerdictKind::Unknown;
  std::string reason;                      // Unknown: why; Different without an input: why there is none
  std::optional<GlobalState> separating_input;
  bool claimed_value = false;              // on the separating input
  bool expected_value = false;
  Outcome run_outcome = Outcome::Running;  // the program's concrete run on the separating input
  std::string run_branches;
};

// Whether `claimed` and the computed condition agree on every input outside the cut, and if not
// an input on which they differ, with both values there and the program's run on it.
ConditionVerdict compare_condition(const Program& program, terms::TermManager& terms, terms::Term claimed,
                                   const ComputedCondition& expected, const ConditionQuery& query);

}  // namespace symref
