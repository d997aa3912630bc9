// Execute of Algorithm 1 (Anand et al. §4.1): one concrete run of the program, taken by the
// existing symbolic machine (semantics/symbolic) choosing at every fork the successor the input
// satisfies, with one symbolic frame per activation of a summarized function: its inputs are
// the symbols P_g, and its outputs enter the caller as g.o(a).  The run grows the trees.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engines/compositional/execution_trees.hpp"
#include "engines/compositional/function_table.hpp"
#include "engines/compositional/summary_symbols.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/rule_coverage.hpp"
#include "semantics/symbolic/symbolic_machine.hpp"

namespace symref::compositional {

// One activation of a summarized function that returned: the concrete values of its inputs P_g
// and of its outputs, and the leaf of T_g it ended in (compositional_summaries_sound checks δ_g against them).
struct ReturnedActivation {
  FunctionIndex function = -1;
  std::vector<Value> inputs, outputs;
  NodeId leaf = -1;
};

struct Execution {
  std::int32_t index = 0;       // 1, 2, ...
  GlobalState input;
  std::string origin;           // "initial", "lazy", "relevant"
  NodeId target = -1;           // the dangling node the model was found for
  std::string branches;         // the whole run's branch string, as `symref run` prints it
  Outcome outcome = Outcome::Running;
  std::uint64_t steps = 0;
  std::vector<NodeId> covered;  // nodes this run explored first (created by it, or dangling before)
  std::size_t dangling_covered = 0;  // of those, the ones that were dangling (Progress)
  // Of those, nodes Algorithm 2 had removed as unreachable (an unsat Ψ_n): each one contradicts
  // Relative Completeness.
  std::vector<NodeId> unreachable_covered;
  bool reached_target_line = false;
  std::vector<ReturnedActivation> returned;  // in the order the activations returned
};

struct ExecuteOptions {
  SymbolicLimits limits;
  std::uint64_t max_steps = 10'000;
  std::int32_t target_line = 0;  // 0: none
  RuleTally* coverage = nullptr;  // where runs count their rules (compositional_rule_table); null: not counted
};

class ConcolicExecutor {
 public:
  ConcolicExecutor(const Program& program, terms::TermManager& terms, const FunctionTable& table,
                   const SummarySymbols& symbols, ExecutionTrees& trees, ExecuteOptions options);

  // Runs `execution.input`, filling in the rest of `execution` and growing the trees.
  void execute(Execution& execution);

  SymbolicMachine& machine() { return machine_; }

 private:
  const Program& program_;
  terms::TermManager& terms_;
  const FunctionTable& table_;
  const SummarySymbols& symbols_;
  ExecutionTrees& trees_;
  ExecuteOptions options_;
  SymbolicMachine machine_;
};

}  // namespace symref::compositional
