// Algorithm 1 (test-input generation, with RemoveDanglingNode on an empty model) and Algorithm 2
// (demand-driven FindTestInput: a lazy step with every other guard false, then a relevant step
// with the guards free) of Anand, Godefroid, Tillmann §4.1 and §4.3.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engines/compositional/axioms.hpp"
#include "engines/compositional/concolic_execution.hpp"
#include "engines/compositional/execution_trees.hpp"
#include "engines/compositional/function_table.hpp"
#include "engines/compositional/summary_symbols.hpp"
#include "interp/solver/solver_chain.hpp"

namespace symref::compositional {

struct CompositionalOptions {
  ExecuteOptions execute;
  std::string solver = "z3";
  solver::SolverOptions solving;          // its queries' chain (solver_chain.hpp); --smt-dir
  AxiomEncoding axioms = AxiomEncoding::Quantified;
  bool summaries = true;                  // false: --no-summaries, one tree (Fig. 3's "old")
  std::uint64_t max_executions = 10'000;
  std::optional<GlobalState> initial;     // default: every global at its default
  bool keep_formulas = false;             // keep Ψ of every query (for JSON)
  solver::SolverSession* session = nullptr;  // what its solvers share (solver_chain.hpp); null: nothing
  // Where the run counts its rules (compositional_rule_table, `fuzz --coverage`; its executions and
  // axioms too); null: not counted.
  RuleTally* coverage = nullptr;
};

struct Query {
  NodeId target = -1;
  std::string step;  // "lazy" or "relevant"
  solver::SatResult status = solver::SatResult::Unknown;
  std::size_t guards_false = 0;
  terms::Term psi = nullptr;  // when kept
  std::optional<GlobalState> model_input;
};

struct TargetVerdict {
  std::int32_t line = 0;
  std::string verdict;         // reached, unreachable, undecided, unknown
  std::int32_t execution = -1;
};

struct CompositionalStatistics {
  std::uint64_t executions = 0, queries = 0, lazy_sat = 0, relevant_sat = 0, unsat = 0, unknown = 0;
  std::uint64_t no_progress = 0;  // model-driven executions that covered nothing (Progress fails)
  std::uint64_t dangling_left = 0;
  bool truncated = false;         // stopped at --max-executions
  double seconds = 0, solver_seconds = 0;
};

struct CompositionalResult {
  std::vector<Execution> executions;
  std::vector<Query> queries;
  std::optional<TargetVerdict> target;
  CompositionalStatistics statistics;
};

class CompositionalExplorer {
 public:
  CompositionalExplorer(const Program& program, terms::TermManager& terms, CompositionalOptions options);
  ~CompositionalExplorer();

  CompositionalResult explore();
  // One more Execute against the current trees (the properties re-run forward's tests with it).
  void execute(Execution& execution) { executor_->execute(execution); }

  const FunctionTable& functions() const { return table_; }
  const ExecutionTrees& trees() const { return trees_; }
  const SummarySymbols& symbols() const { return *symbols_; }
  AxiomBuilder& axioms() { return *axioms_; }
  const CompositionalOptions& options() const { return options_; }
  terms::TermManager& axioms_terms() { return terms_; }

 private:
  NodeId choose_dangling_node();
  void count_function_kinds();
  // Algorithm 2: an input that may cover n, or nothing (status says whether unsat or unknown).
  std::optional<GlobalState> find_test_input(NodeId n, std::string& origin, solver::SatResult& status,
                                             CompositionalResult& result);
  // After a model too large for a test (an int[] longer than the test limit): the query asked
  // again, in its scope, with every input int[] within the limit; its input, or nothing.
  std::optional<GlobalState> within_test_limits();

  const Program& program_;
  terms::TermManager& terms_;
  CompositionalOptions options_;
  FunctionTable table_;
  ExecutionTrees trees_;
  std::unique_ptr<SummarySymbols> symbols_;
  std::unique_ptr<ConcolicExecutor> executor_;
  std::unique_ptr<AxiomBuilder> axioms_;
  std::unique_ptr<solver::Solver> solver_;  // Algorithm 2's queries, alive during explore() only
  std::vector<std::uint64_t> class_choices_;  // how often each branch-statement class was chosen
  std::vector<std::pair<std::uint32_t, std::uint32_t>> class_keys_;
};

}  // namespace symref::compositional
