// Algorithms 1 and 2 of §4.1 and §4.3.
#include "engines/compositional/compositional_explorer.hpp"

#include <algorithm>
#include <chrono>

#include "engines/compositional/compositional_coverage.hpp"
#include "interp/explore/test_generation.hpp"
#include "semantics/faults.hpp"

namespace symref::compositional {

using solver::SatResult;

CompositionalExplorer::CompositionalExplorer(const Program& program, terms::TermManager& terms, CompositionalOptions options)
    : program_(program), terms_(terms), options_(std::move(options)), table_(program, options_.summaries), trees_(table_.size()) {
  options_.execute.coverage = options_.coverage;
  SymbolicMachine machine(program, terms, options_.execute.limits);
  symbols_ = std::make_unique<SummarySymbols>(table_, terms, machine.initial().globals);
  executor_ = std::make_unique<ConcolicExecutor>(program, terms, table_, *symbols_, trees_, options_.execute);
  axioms_ = std::make_unique<AxiomBuilder>(terms, table_, *symbols_, trees_, options_.axioms, options_.coverage);
  count_function_kinds();
}

// The summary cases of the function table: which callees are summarized, which inlined and why,
// and what a summary passes whole (arrays, field arrays).
void CompositionalExplorer::count_function_kinds() {
  RuleTally* coverage = options_.coverage;
  if (coverage == nullptr) return;
  for (FunctionIndex f = main_function + 1; f < static_cast<FunctionIndex>(table_.size()); ++f) {
    const FunctionInfo& info = table_[f];
    if (info.inlined_reason == "recursive") coverage->count(CompositionalRule::InlinedRecursive);
    if (info.inlined_reason == "allocates") coverage->count(CompositionalRule::InlinedAllocates);
    if (!info.summarized) continue;
    coverage->count(info.kind == "method" ? CompositionalRule::SummarizedMethod : CompositionalRule::SummarizedProcedure);
    for (const FunctionSlot& input : info.inputs) {
      if (input.kind == FunctionSlot::Kind::Field)
        coverage->count(CompositionalRule::FieldInput);
      else if (input.kind == FunctionSlot::Kind::Global && input.type.kind == TypeKind::IntArray)
        coverage->count(CompositionalRule::ArrayInput);
    }
    for (const FunctionSlot& output : info.outputs)
      if (output.kind == FunctionSlot::Kind::Field) coverage->count(CompositionalRule::FieldOutput);
  }
}

CompositionalExplorer::~CompositionalExplorer() = default;

// ChooseDanglingNode: nodes leading straight into the target first; among them a fair choice over
// the branch-statement classes of §5 — the least often chosen statement, then the oldest node.
NodeId CompositionalExplorer::choose_dangling_node() {
  NodeId best = -1;
  std::size_t best_class = 0;
  bool best_target = false;
  for (const TreeNode& n : trees_.nodes()) {
    if (n.state != NodeState::Dangling) continue;
    std::pair<std::uint32_t, std::uint32_t> key{static_cast<std::uint32_t>(n.fork.line), static_cast<std::uint32_t>(n.fork.column)};
    auto it = std::find(class_keys_.begin(), class_keys_.end(), key);
    std::size_t cls = static_cast<std::size_t>(it - class_keys_.begin());
    if (it == class_keys_.end()) {
      class_keys_.push_back(key);
      class_choices_.push_back(0);
    }
    const bool better = best < 0 || (n.target && !best_target) ||
                        (n.target == best_target && class_choices_[cls] < class_choices_[best_class]);
    if (better) {
      best = n.id;
      best_class = cls;
      best_target = n.target;
    }
  }
  if (best >= 0) ++class_choices_[best_class];
  return best;
}

// Algorithm 2.  Lazy step: Ψ_n with every guard but G_n false, so only fully explored paths of
// the other trees may lead to n; its model is sure to reach n (given perfect precision).  Relevant
// step: Ψ_n with the guards free; unsat here means n is unreachable (Relative Completeness).
std::optional<GlobalState> CompositionalExplorer::find_test_input(NodeId n, std::string& origin, SatResult& status,
                                                                  CompositionalResult& result) {
  terms::Term psi = axioms_->psi(n);
  std::vector<terms::Term> guards_false;
  if (!fault_active(Fault::CompositionalLazyGuardsFree))
    for (const TreeNode& d : trees_.nodes())
      if (d.id != n && trees_.is_open(d)) guards_false.push_back(terms_.logical_not(d.guard));
  bool any_unknown = false;
  for (const char* step : {"lazy", "relevant"}) {
    const bool lazy = std::string(step) == "lazy";
    solver_->push();
    solver_->add(psi);
    if (lazy) solver_->add(terms_.logical_and(guards_false));
    const auto start = std::chrono::steady_clock::now();
    SatResult answer = solver_->check();
    result.statistics.solver_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    Query query{n, step, answer, lazy ? guards_false.size() : 0, options_.keep_formulas ? psi : nullptr, std::nullopt};
    ++result.statistics.queries;
    std::optional<GlobalState> input;
    if (answer == SatResult::Sat) {
      std::string reason;
      input = input_from_model(program_, terms_, *solver_->model(), TestGenerationLimits{}, reason);
      if (!input) input = within_test_limits();
      if (!input) answer = SatResult::Unknown;
    }
    solver_->pop();
    query.status = answer;
    query.model_input = input;
    result.queries.push_back(query);
    if (answer == SatResult::Sat) {
      ++(lazy ? result.statistics.lazy_sat : result.statistics.relevant_sat);
      count_rule(options_.coverage, lazy ? CompositionalRule::LazyStepSat : CompositionalRule::RelevantStepSat);
      origin = step;
      status = SatResult::Sat;
      return input;
    }
    if (answer == SatResult::Unknown) {
      ++result.statistics.unknown;
      any_unknown = true;
    } else {
      ++result.statistics.unsat;
    }
  }
  status = any_unknown ? SatResult::Unknown : SatResult::Unsat;
  count_rule(options_.coverage, any_unknown ? CompositionalRule::QueryUnknown : CompositionalRule::NodeUnreachable);
  return std::nullopt;
}

// Algorithm 1.
std::optional<GlobalState> CompositionalExplorer::within_test_limits() {
  const TestGenerationLimits limits;
  std::vector<terms::Term> bounds;
  for (terms::Term input : (*symbols_)[main_function].inputs)
    if (input->sort().kind == terms::SortKind::IntArray)
      bounds.push_back(terms_.less_equal(terms_.length(input), terms_.integer(Integer(limits.max_array_length))));
  if (bounds.empty()) return std::nullopt;
  count_rule(options_.coverage, CompositionalRule::ModelArraysShortened);
  solver_->push();
  solver_->add(terms_.logical_and(bounds));
  std::optional<GlobalState> input;
  if (solver_->check() == SatResult::Sat) {
    std::string reason;
    input = input_from_model(program_, terms_, *solver_->model(), limits, reason);
  }
  solver_->pop();
  return input;
}

CompositionalResult CompositionalExplorer::explore() {
  const auto start = std::chrono::steady_clock::now();
  // Algorithm 2's solver lives for one run of Algorithm 1 only: the properties keep an explorer to
  // a fuzz case's end, and a Z3 solver alive that long makes every later solver of the case take a
  // context of its own (interp/solver/session/context_pool.hpp).
  solver_ = solver::make_solver(options_.solver, terms_, options_.solving, options_.session);
  struct ReleaseSolver {
    std::unique_ptr<solver::Solver>& solver;
    ~ReleaseSolver() { solver.reset(); }
  } release{solver_};
  CompositionalResult result;
  std::optional<GlobalState> input = options_.initial ? *options_.initial : default_global_state(program_);
  std::string origin = "initial";
  NodeId chosen = -1;
  SatResult status = SatResult::Sat;
  const std::int32_t line = options_.execute.target_line;
  if (line > 0) result.target = TargetVerdict{line, "unreachable", -1};
  bool gave_up = false;
  for (;;) {
    if (input) {
      Execution execution;
      execution.index = static_cast<std::int32_t>(result.executions.size()) + 1;
      execution.input = *input;
      execution.origin = origin;
      execution.target = chosen;
      executor_->execute(execution);
      // Progress: a model-driven run covers a dangling node; if it did not (imprecision), the
      // chosen node is given up as unknown so that the loop still ends.
      if (chosen >= 0 && execution.dangling_covered == 0) {
        ++result.statistics.no_progress;
        count_rule(options_.coverage, CompositionalRule::NoProgress);
        trees_.node(chosen).state = NodeState::Unknown;
        gave_up = true;
      }
      result.executions.push_back(std::move(execution));
      if (line > 0 && result.executions.back().reached_target_line) {
        result.target->verdict = "reached";
        result.target->execution = result.executions.back().index;
        break;
      }
      if (result.executions.size() >= options_.max_executions) {
        result.statistics.truncated = true;
        if (result.target) result.target->verdict = "undecided";
        break;
      }
    } else if (chosen >= 0) {
      // RemoveDanglingNode(n) on an empty model; an unknown answer removes nothing.
      trees_.node(chosen).state = status == SatResult::Unsat ? NodeState::Unreachable : NodeState::Unknown;
      if (status != SatResult::Unsat) gave_up = true;
    }
    chosen = choose_dangling_node();
    if (chosen < 0) break;
    input = find_test_input(chosen, origin, status, result);
  }
  if (result.target && result.target->verdict == "unreachable" && gave_up) result.target->verdict = "unknown";
  result.statistics.executions = result.executions.size();
  for (const TreeNode& n : trees_.nodes()) result.statistics.dangling_left += n.state == NodeState::Dangling;
  result.statistics.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace symref::compositional
