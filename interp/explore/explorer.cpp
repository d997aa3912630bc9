// The search over the forward symbolic transition system.
#include "interp/explore/explorer.hpp"

#include <chrono>
#include <deque>

#include "interp/explore/test_generation.hpp"
#include "interp/property_failure.hpp"

namespace symref {

using solver::SatResult;

// A configuration waiting to be explored, with the edge from its tree node so far.
struct Explorer::WorkItem {
  SymbolicConfiguration configuration;
  std::int32_t node = 0;                  // the fork (or root) it descends from
  std::size_t letters_at_node = 0;        // branch letters of the path at that node
  std::vector<terms::Term> conditions;    // conjuncts added since that node
  bool needs_check = false;               // its last step added a conjunct the solver must judge
};

Explorer::Explorer(const Program& program, terms::TermManager& terms, ExploreOptions options)
    : program_(program), terms_(terms), options_(std::move(options)), machine_(program, terms, options_.limits) {
  solver::SolverOptions solver_options;
  solver_options.timeout_milliseconds = options_.timeout_milliseconds;
  solver_options.validate_models = true;
  solver_options.smt_directory = options_.smt_directory;
  solver_ = solver::make_solver(options_.solver, terms_, solver_options);
}

Explorer::~Explorer() = default;

std::int32_t Explorer::add_node(ExplorationResult& result, std::int32_t parent, const std::string& letters,
                                const std::vector<terms::Term>& conditions) {
  auto id = static_cast<std::int32_t>(result.nodes.size());
  TreeNode node;
  node.parent = parent;
  node.letters = letters;
  node.conditions = conditions;
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

bool Explorer::feasible(WorkItem& item, SatResult& status) {
  synchronize_solver(item.configuration.path_condition);
  status = solver_->check();
  return status == SatResult::Sat;
}

void Explorer::record_pruned(const WorkItem& item, ExplorationResult& result, SatResult status) {
  const SymbolicConfiguration& c = item.configuration;
  std::int32_t node = add_node(result, item.node, c.branches.substr(item.letters_at_node), item.conditions);
  ExploredPath path;
  path.node = node;
  path.branches = c.branches;
  path.outcome = c.outcome;
  path.status = status;
  path.path_condition = c.path_condition.conjunction(terms_);
  result.nodes[node].path = static_cast<std::int32_t>(result.paths.size());
  result.paths.push_back(std::move(path));
}

void Explorer::finish_leaf(WorkItem& item, ExplorationResult& result, SatResult status) {
  SymbolicConfiguration& c = item.configuration;
  std::int32_t node = add_node(result, item.node, c.branches.substr(item.letters_at_node), item.conditions);
  ExploredPath path;
  path.node = node;
  path.branches = c.branches;
  path.path_condition = c.path_condition.conjunction(terms_);
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
      auto model = solver_->model();
      std::string reason;
      path.test = input_from_model(program_, terms_, *model, TestGenerationLimits{}, reason);
      if (!path.test) {
        path.test_note = reason;
      } else {
        path.replay = replay_path(program_, terms_, c, *path.test);
      }
    }
  }
  path.final_configuration = std::move(c);
  result.nodes[node].path = static_cast<std::int32_t>(result.paths.size());
  result.paths.push_back(std::move(path));
}

ExplorationResult Explorer::explore() {
  auto started = std::chrono::steady_clock::now();
  ExplorationResult result;
  add_node(result, -1, "", {});

  std::deque<WorkItem> work;
  work.push_back(WorkItem{machine_.initial(), 0, 0, {}, false});
  std::vector<SymbolicSuccessor> successors;

  while (!work.empty()) {
    if (result.paths.size() >= options_.max_paths) {
      result.statistics.truncated = true;
      break;
    }
    WorkItem item;
    if (options_.order == SearchOrder::DepthFirst) {
      item = std::move(work.back());
      work.pop_back();
    } else {
      item = std::move(work.front());
      work.pop_front();
    }
    if (item.needs_check) {
      SatResult status;
      if (!feasible(item, status)) {
        if (status == SatResult::Unsat)
          record_pruned(item, result, status);
        else
          finish_leaf(item, result, status);
        continue;
      }
    }
    // Follow the path while it does not fork.
    while (true) {
      SymbolicConfiguration& c = item.configuration;
      if (c.outcome == Outcome::Running && c.steps >= options_.max_steps) {
        c.outcome = Outcome::Bound;
        c.bound_reason = "step limit " + std::to_string(options_.max_steps) + " reached";
      }
      if (c.outcome != Outcome::Running) {
        finish_leaf(item, result, SatResult::Sat);
        break;
      }
      successors.clear();
      machine_.successors(c, successors);
      result.statistics.steps += successors.empty() ? 0 : 1;
      if (successors.empty()) {  // the end of main
        finish_leaf(item, result, SatResult::Sat);
        break;
      }
      if (successors.size() == 1) {
        // One rule applies: the others' conditions are syntactically false, so this one's holds
        // whenever φ does, and no query is needed.
        for (terms::Term added : successors[0].added) item.conditions.push_back(added);
        item.configuration = std::move(successors[0].configuration);
        continue;
      }
      std::int32_t fork = add_node(result, item.node, c.branches.substr(item.letters_at_node), item.conditions);
      std::size_t letters = c.branches.size();
      std::vector<WorkItem> children;
      for (auto& successor : successors)
        children.push_back(WorkItem{std::move(successor.configuration), fork, letters, std::move(successor.added), true});
      if (options_.order == SearchOrder::DepthFirst) {
        for (auto it = children.rbegin(); it != children.rend(); ++it) work.push_back(std::move(*it));
      } else {
        for (auto& child : children) work.push_back(std::move(child));
      }
      break;
    }
  }

  auto statistics = solver_->statistics();
  result.statistics.queries = statistics.queries;
  result.statistics.solver_seconds = statistics.seconds;
  for (const auto& path : result.paths) {
    ++result.statistics.paths;
    if (path.status == SatResult::Sat) ++result.statistics.feasible;
    else if (path.status == SatResult::Unsat) ++result.statistics.infeasible;
    else ++result.statistics.unknown;
  }
  result.statistics.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace symref
