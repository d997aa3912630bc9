// The search over the forward symbolic transition system.
#include "interp/explore/explorer.hpp"

#include <chrono>
#include <deque>

#include "interp/explore/path_following.hpp"
#include "interp/explore/test_generation.hpp"
#include "interp/explore/worklist_search.hpp"
#include "interp/property_failure.hpp"
#include "semantics/symbolic/symbolic_rule_table.hpp"
#include "semantics/terms/traversal.hpp"
#include "semantics/traces/weakest_precondition.hpp"

namespace symref {

using solver::SatResult;

// A configuration waiting to be explored, with the edge from its tree node so far.
struct Explorer::WorkItem {
  SymbolicConfiguration configuration;
  std::int32_t node = 0;                  // the fork (or root) it descends from
  std::size_t letters_at_node = 0;        // branch letters of the path at that node
  std::vector<terms::Term> conditions;    // conjuncts added since that node
  bool needs_check = false;               // its last step added a conjunct the solver must judge
  std::vector<SourceLocation> letter_locations;  // the statement that decided each letter since that node
};

Explorer::Explorer(const Program& program, terms::TermManager& terms, ExploreOptions options)
    : program_(program),
      terms_(terms),
      options_(std::move(options)),
      heap_model_(options_.engine == EngineMode::Forward && options_.heap.make ? options_.heap.make(program, terms) : nullptr),
      machine_(program, terms, options_.limits, options_.engine),
      weakest_precondition_(std::make_unique<WeakestPrecondition>(terms, program)),
      forward_machine_(program, terms, options_.limits, EngineMode::Forward) {
  if (options_.engine == EngineMode::Trace) options_.incremental = false;  // path(ρ) is recomputed per query
  machine_.set_heap_model(heap_model_.get());
  if (heap_model_ != nullptr) heap_model_->count_choices_in(options_.heap_tally);
  solver_ = solver::make_solver(options_.solver, terms_, options_.solving, options_.session);
  if (options_.restrict_to != nullptr) solver_->add(options_.restrict_to);  // below every path's scopes
  if (heap_model_ != nullptr && options_.heap_prune) {
    // Pruning inside Summarize, UN, VS and ST: a solver of its own, so the path scopes of
    // solver_ stay as the search left them; only its `unsat` drops a target.
    guard_solver_ = solver::make_solver(options_.solver, terms_, options_.solving, options_.session);
    heap_model_->set_guard_oracle([this](const std::vector<terms::Term>& path_condition, terms::Term guard) {
      guard_solver_->push();
      for (terms::Term conjunct : path_condition) guard_solver_->add(conjunct);
      guard_solver_->add(guard);
      SatResult answer = guard_solver_->check();
      guard_solver_->pop();
      return answer == SatResult::Unsat ? GuardVerdict::Unsat : answer == SatResult::Sat ? GuardVerdict::Sat : GuardVerdict::Unknown;
    });
  }
}

Explorer::~Explorer() = default;

std::int32_t Explorer::add_node(ExplorationResult& result, std::int32_t parent, const std::string& letters,
                                const std::vector<terms::Term>& conditions, const std::vector<SourceLocation>& letter_locations) {
  if (!options_.keep_tree) return -1;
  auto id = static_cast<std::int32_t>(result.nodes.size());
  TreeNode node;
  node.parent = parent;
  node.letters = letters;
  node.conditions = conditions;
  node.letter_locations = letter_locations;
  node.letter_locations.resize(letters.size());
  result.nodes.push_back(std::move(node));
  if (parent >= 0) result.nodes[parent].children.push_back(id);
  return id;
}

// Brings the solver's assertions to exactly the conjuncts of φ, one scope per conjunct, popping
// only what differs from the path it held before (incremental), or everything (not incremental).
void Explorer::synchronize_solver(const PathCondition& path_condition) {
  std::vector<std::shared_ptr<const PathCondition::Node>> target(path_condition.length());
  for (auto node = path_condition.head_pointer(); node != nullptr; node = node->parent) target[node->length - 1] = node;
  std::size_t common = 0;
  if (options_.incremental)
    while (common < asserted_.size() && common < target.size() && asserted_[common] == target[common]) ++common;
  if (asserted_.size() > common) solver_->pop(static_cast<unsigned>(asserted_.size() - common));
  asserted_.resize(common);
  for (std::size_t k = common; k < target.size(); ++k) {
    solver_->push();
    solver_->add(target[k]->conjunct);
    asserted_.push_back(target[k]);
  }
}

// φ for the forward engine; path(ρ) computed backwards for the trace engine.
terms::Term Explorer::path_condition_of(const SymbolicConfiguration& configuration) {
  if (options_.engine == EngineMode::Forward) return configuration.path_condition.conjunction(terms_);
  if (configuration.trace.last() == last_trace_ && last_trace_condition_ != nullptr) return last_trace_condition_;
  auto started = std::chrono::steady_clock::now();
  terms::Term condition = weakest_precondition_->path_condition(configuration.trace);
  path_condition_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  last_trace_ = configuration.trace.last();
  last_trace_condition_ = condition;
  return condition;
}

bool Explorer::feasible(WorkItem& item, SatResult& status) {
  if (options_.engine == EngineMode::Forward) {
    synchronize_solver(item.configuration.path_condition);
  } else {
    // The backward calculation has nothing to share between queries: one scope with path(ρ).
    if (!asserted_.empty()) solver_->pop(static_cast<unsigned>(asserted_.size()));
    asserted_.clear();
    solver_->push();
    solver_->add(path_condition_of(item.configuration));
    asserted_.push_back(nullptr);
  }
  status = solver_->check();
  return status == SatResult::Sat;
}

void Explorer::record_pruned(const WorkItem& item, ExplorationResult& result, SatResult status) {
  const SymbolicConfiguration& c = item.configuration;
  std::int32_t node = add_node(result, item.node, c.branches.substr(item.letters_at_node), item.conditions, item.letter_locations);
  ExploredPath path;
  path.node = node;
  path.branches = c.branches;
  path.outcome = c.outcome;
  path.status = status;
  terms::TransientTerm condition = leaf_condition(c);
  path.path_condition = condition.term();
  record_leaf(std::move(path), result, condition);
}

terms::TransientTerm Explorer::leaf_condition(const SymbolicConfiguration& configuration) {
  // Kept with the tree, or path(ρ) of the trace engine: an ordinary term of the manager.
  if (options_.keep_tree || options_.engine != EngineMode::Forward) return terms::TransientTerm(path_condition_of(configuration));
  return terms_.transient_conjunction(configuration.path_condition.conjuncts());
}

// Counts a decided leaf, shows it to on_leaf, and keeps it in the tree unless streaming.
void Explorer::record_leaf(ExploredPath path, ExplorationResult& result, const terms::TransientTerm& condition) {
  ExplorationStatistics& s = result.statistics;
  const std::uint64_t number = s.paths++;
  if (path.status == SatResult::Sat) ++s.feasible;
  else if (path.status == SatResult::Unsat) ++s.infeasible;
  else ++s.unknown;
  // A transient root is counted apart: it is in no set, being nobody else's (a leaf's φ is its own).
  if (condition.owns_root()) {
    ++s.path_condition_nodes;
    for (terms::Term conjunct : *condition.term())
      terms::for_each_subterm(conjunct, counted_subterms_, [&](terms::Term) { ++s.path_condition_nodes; });
  } else if (path.path_condition != nullptr) {
    terms::for_each_subterm(path.path_condition, counted_subterms_, [&](terms::Term) { ++s.path_condition_nodes; });
  }
  if (options_.on_leaf) options_.on_leaf(path, number);
  if (!options_.keep_tree) return;
  result.nodes[path.node].path = static_cast<std::int32_t>(result.paths.size());
  result.paths.push_back(std::move(path));
}

void Explorer::finish_leaf(WorkItem& item, ExplorationResult& result, SatResult status) {
  SymbolicConfiguration& c = item.configuration;
  std::int32_t node = add_node(result, item.node, c.branches.substr(item.letters_at_node), item.conditions, item.letter_locations);
  if (const Statement* statement = c.control.depth() > 0 ? c.control.current() : nullptr; statement != nullptr && node >= 0)
    result.nodes[node].location = statement->location;
  ExploredPath path;
  path.node = node;
  path.branches = c.branches;
  terms::TransientTerm condition = leaf_condition(c);
  path.path_condition = condition.term();
  path.status = status;
  if (status == SatResult::Unknown) {
    path.status_reason = solver_->reason_unknown();
    c.outcome = Outcome::Bound;
    c.bound_reason = "the solver answered unknown (" + path.status_reason + ")";
  }
  path.outcome = c.outcome;
  if (status == SatResult::Sat && options_.generate_tests) {
    // The leaf's own condition may have grown since the fork that was checked; ask once more for
    // a model of exactly this path.
    SatResult leaf_status;
    if (!feasible(item, leaf_status)) {
      path.status = leaf_status;
      path.status_reason = solver_->reason_unknown();
      if (leaf_status == SatResult::Unsat)
        throw PropertyFailure("path " + c.branches + " was feasible at its last fork but its leaf is unsatisfiable");
    } else {
      std::string reason;
      path.test = test_from_current_model(reason);
      if (!path.test) {
        path.test_note = reason;
      } else if (options_.engine == EngineMode::Forward) {
        path.replay = replay_path(program_, terms_, c, *path.test);
      } else {
        path.replay = replay_trace(program_, c, path.path_condition, *path.test, terms_.max_int_bits());
      }
    }
  }
  path.final_configuration = std::move(c);
  if (options_.engine == EngineMode::Trace && options_.check_agreement && path.status == SatResult::Sat)
    check_agreement(path);
  record_leaf(std::move(path), result, condition);
}

// Follows the leaf's branch string with the forward engine to get φ, then asks the solver whether
// φ ⇔ path(ρ) (§4 against §2–§3 and §4.1: both are the path's weakest precondition).
void Explorer::check_agreement(ExploredPath& path) {
  const SymbolicConfiguration& leaf = path.final_configuration;
  PathTarget target{leaf.branches, leaf.outcome, leaf.steps, leaf.steps + 1};
  std::string error;
  auto followed = follow_path(forward_machine_, target, error);
  if (!followed || followed->steps != leaf.steps) {
    // The forward tree has no such path: its condition is false, while path(ρ) is satisfiable,
    // so every model of path(ρ) — the path's test input — separates the two.
    path.agreement = "refuted";
    path.forward_path_condition = terms_.false_term();
    path.separating_input = path.test;
    return;
  }
  const SymbolicConfiguration& forward = *followed;
  path.forward_path_condition = forward.path_condition.conjunction(terms_);
  terms::Term differ = terms::separating_condition(terms_, path.forward_path_condition, path.path_condition);
  if (!asserted_.empty()) solver_->pop(static_cast<unsigned>(asserted_.size()));
  asserted_.clear();
  solver_->push();
  solver_->add(differ);
  asserted_.push_back(nullptr);
  SatResult status = solver_->check();
  if (status == SatResult::Unsat) {
    path.agreement = "proved";
  } else if (status == SatResult::Unknown) {
    path.agreement = "unknown";
  } else {
    path.agreement = "refuted";
    std::string reason;
    path.separating_input = test_from_current_model(reason);
  }
}

// The input state of the last satisfiable query's model.  A model may make an array longer than a
// test can hold; then the query is asked again with every array at most that long, in a scope of
// its own, since a solver is free to pick any of the models.
std::optional<GlobalState> Explorer::test_from_current_model(std::string& reason) {
  const TestGenerationLimits limits;
  auto test = input_from_model(program_, terms_, *solver_->model(), limits, reason);
  if (test) return test;
  std::vector<terms::Term> short_arrays;
  for (std::size_t g = 0; g < program_.globals.size(); ++g)
    if (program_.globals[g].type.kind == TypeKind::IntArray)
      short_arrays.push_back(terms_.less_equal(terms_.length(terms_.global_symbol(static_cast<std::int32_t>(g))),
                                               terms_.integer(limits.max_array_length)));
  if (short_arrays.empty()) return std::nullopt;
  solver_->push();
  solver_->add(terms_.logical_and(short_arrays));
  if (solver_->check() == SatResult::Sat) test = input_from_model(program_, terms_, *solver_->model(), limits, reason);
  solver_->pop();
  return test;
}

// The hooks of run_worklist_search for the forward and trace engines: the tree's nodes at forks,
// feasibility by the incremental solver, a leaf with its test and replay.
struct Explorer::Search {
  Explorer& explorer;
  ExplorationResult& result;

  std::uint64_t leaves() const { return result.statistics.paths; }
  void truncate() { result.statistics.truncated = true; }
  bool admit(WorkItem& item) {
    SatResult status;
    if (explorer.feasible(item, status)) return true;
    if (status == SatResult::Unsat) explorer.record_pruned(item, result, status);
    else explorer.finish_leaf(item, result, status);
    return false;
  }
  void before_outcome(WorkItem&) {}
  bool replace(WorkItem&, std::vector<WorkItem>&) { return false; }
  void finish(WorkItem& item) { explorer.finish_leaf(item, result, SatResult::Sat); }
  void successors(WorkItem& item, std::vector<SymbolicSuccessor>& successors) {
    explorer.machine_.successors(item.configuration, successors);
    result.statistics.steps += successors.empty() ? 0 : 1;
    if (explorer.options_.rule_tally != nullptr)
      for (const SymbolicSuccessor& successor : successors) count_symbolic_rule(explorer.options_.rule_tally, successor.rule);
  }
  static SourceLocation deciding_location(SymbolicConfiguration& c) {
    const Statement* deciding = c.control.depth() > 0 ? c.control.current() : nullptr;
    return deciding ? deciding->location : SourceLocation{};
  }
  void follow(WorkItem& item, SymbolicSuccessor& successor) {
    const SourceLocation here = deciding_location(item.configuration);
    for (terms::Term added : successor.added) item.conditions.push_back(added);
    const std::size_t before = item.configuration.branches.size();
    item.configuration = std::move(successor.configuration);
    item.letter_locations.insert(item.letter_locations.end(), item.configuration.branches.size() - before, here);
  }
  void fork(WorkItem& item, std::vector<SymbolicSuccessor>& successors, std::vector<WorkItem>& children) {
    SymbolicConfiguration& c = item.configuration;
    const SourceLocation here = deciding_location(c);
    std::int32_t fork = explorer.add_node(result, item.node, c.branches.substr(item.letters_at_node), item.conditions,
                                          item.letter_locations);
    if (const Statement* statement = c.control.current(); statement != nullptr && fork >= 0)
      result.nodes[fork].location = statement->location;
    const std::size_t letters = c.branches.size();
    for (auto& successor : successors) {
      const std::size_t decided = successor.configuration.branches.size() - letters;
      children.push_back(WorkItem{std::move(successor.configuration), fork, letters, std::move(successor.added), true,
                                  std::vector<SourceLocation>(decided, here)});
    }
  }
  void enqueue(std::deque<WorkItem>& work, std::vector<WorkItem>& children, const WorkItem&) {
    put_children(work, children, explorer.options_.order);
  }
};

ExplorationResult Explorer::explore() {
  auto started = std::chrono::steady_clock::now();
  ExplorationResult result;
  add_node(result, -1, "", {}, {});
  Search search{*this, result};
  run_worklist_search(search, WorkItem{machine_.initial(), 0, 0, {}, false, {}},
                      WorklistLimits{options_.order, options_.max_steps, options_.max_paths});

  auto statistics = solver_->statistics();
  result.statistics.path_condition_seconds = path_condition_seconds_;
  result.statistics.queries = statistics.queries;
  if (heap_model_ != nullptr) result.statistics.heap = heap_model_->statistics();
  result.statistics.shortcuts = statistics.shortcuts;
  result.statistics.solver_seconds = statistics.seconds;
  result.statistics.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace symref
