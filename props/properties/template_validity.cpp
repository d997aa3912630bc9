// Property `template_validity`: Trtík's Definition 5 (L2) and (L3) for every loop template, on the forward tree up to the loop bound.
//
// The forward tree (§2–§4.1 rules, `--loop-bound K`) is walked with its intermediate states.  For
// each vertex u at a templated loop's test and the template t (exits i with states s_i⟦κ⟧):
//   (L2) every feasible leaf below u that no bound cut leaves the cycle: its branches continue
//        u's with the cycle j times, then exit i's letters, for some j and i;
//   (L3) for every i and ν ≤ K with u.φ ∧ u.θ⟨φ_i⟦ν⟧⟩ satisfiable, the forward tree has the vertex
//        w at u's branches, the cycle ν times, then exit i's letters;
// and in both cases w.s ≡ u.s ∘ s_i⟦ν⟧ (Definition 3: location, outcome, φ and memory, proved by
// the solver).  A vertex the bound K cut is skipped.
#include <map>
#include <set>

#include "props/compact_checks.hpp"
#include "props/properties.hpp"
#include "props/value_text.hpp"

namespace symref::props {

namespace {

using compact::LoopTemplate;
using compact::OneShotSolver;
using terms::Term;

constexpr std::size_t max_fork_vertices = 600;
constexpr std::size_t max_loop_vertices = 8;  // vertices u per loop

// The forward tree with the states the explorer does not keep: every feasible successor of a fork
// (by its branch string), the vertices at each loop's test, the leaves and the bound leaves.
struct WalkedTree {
  std::map<std::string, SymbolicConfiguration> forks;
  std::map<const Statement*, std::vector<SymbolicConfiguration>> at_loop;
  std::vector<SymbolicConfiguration> leaves;  // feasible, not cut by a bound
  std::vector<std::string> cut;               // branch strings of bound leaves
  bool truncated = false;
  std::uint64_t unknown = 0;
};

WalkedTree walk_forward_tree(const Program& program, terms::TermManager& terms, const PropertySettings& settings,
                             OneShotSolver& solver) {
  WalkedTree tree;
  SymbolicLimits limits;
  limits.loop_bound = settings.loop_bound;
  SymbolicMachine machine(program, terms, limits);
  std::vector<SymbolicConfiguration> stack{machine.initial()};
  std::vector<SymbolicSuccessor> successors;
  while (!stack.empty()) {
    SymbolicConfiguration c = std::move(stack.back());
    stack.pop_back();
    while (true) {
      if (c.outcome == Outcome::Running && c.steps >= settings.max_path_steps) c.outcome = Outcome::Bound;
      if (c.outcome == Outcome::Bound) {
        tree.cut.push_back(c.branches);
        break;
      }
      if (c.outcome != Outcome::Running) {
        tree.leaves.push_back(std::move(c));
        break;
      }
      const Statement* at = c.control.current();
      if (at != nullptr && at->kind == StatementKind::While) {
        auto& vertices = tree.at_loop[at];
        if (vertices.size() < max_loop_vertices) vertices.push_back(c);
      }
      successors.clear();
      machine.successors(c, successors);
      if (successors.empty()) {
        tree.leaves.push_back(std::move(c));
        break;
      }
      if (successors.size() == 1) {  // a fork with one side decided by simplification still takes a letter
        if (successors[0].configuration.branches != c.branches)
          tree.forks.emplace(successors[0].configuration.branches, successors[0].configuration);
        c = std::move(successors[0].configuration);
        continue;
      }
      for (auto& successor : successors) {
        if (tree.forks.size() >= max_fork_vertices) {
          tree.truncated = true;
          break;
        }
        solver::SatResult status = solver.decide(successor.configuration.path_condition.conjunction(terms));
        if (status == solver::SatResult::Unsat) continue;
        if (status == solver::SatResult::Unknown) {  // neither pruned nor followed: no verdict below it
          ++tree.unknown;
          tree.cut.push_back(successor.configuration.branches);
          continue;
        }
        tree.forks.emplace(successor.configuration.branches, successor.configuration);
        stack.push_back(std::move(successor.configuration));
      }
      break;
    }
  }
  return tree;
}

bool cut_on_the_way(const WalkedTree& tree, const std::string& branches) {
  if (tree.truncated) return true;
  for (const std::string& cut : tree.cut)
    if (branches.compare(0, cut.size(), cut) == 0) return true;
  return false;
}

std::string repeat(const std::string& letters, std::uint32_t times) {
  std::string out;
  for (std::uint32_t n = 0; n < times; ++n) out += letters;
  return out;
}

}  // namespace

PropertyVerdict check_template_validity(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.program();
  terms::TermManager& terms = workspace.terms();
  const PropertySettings& settings = workspace.settings();
  // The templates the case's compact exploration built (same program, terms, solver and time
  // limit): Definition 5 is checked of the templates the engine uses, against the forward tree.
  const std::vector<LoopTemplate>& templates = workspace.compact_exploration().templates;
  if (!has_usable_template(templates)) {
    ++verdict.skipped;
    return verdict;
  }
  OneShotSolver solver(terms, settings.solver_options(), &workspace.solver_session());
  WalkedTree tree = walk_forward_tree(program, terms, settings, solver);
  verdict.unknown += tree.unknown;
  const std::uint32_t bound = settings.loop_bound;

  for (const LoopTemplate& t : templates) {
    if (t.status != compact::TemplateStatus::Ok) continue;
    auto vertices = tree.at_loop.find(t.site->loop);
    if (vertices == tree.at_loop.end()) continue;
    for (const SymbolicConfiguration& u : vertices->second) {
      const std::string where = "template " + t.id + " (loop at line " + std::to_string(t.site->loop->location.line) +
                                ", cycle " + t.cycle + ") at the vertex " + path_name(u.branches);
      // (exit, ν) pairs whose vertex w must be u ∘ s_i⟦ν⟧.
      std::set<std::pair<std::size_t, std::uint32_t>> needed;
      // (L2): every leaf below u leaves the cycle by some exit after some number of passes.
      for (const SymbolicConfiguration& leaf : tree.leaves) {
        if (leaf.branches.compare(0, u.branches.size(), u.branches) != 0) continue;
        ++verdict.checks;
        std::string rest = leaf.branches.substr(u.branches.size());
        bool left = false;
        for (std::uint32_t passes = 0; !left; ++passes) {
          for (std::size_t i = 0; i < t.exits.size() && !left; ++i)
            if (rest.compare(0, t.exits[i].letters.size(), t.exits[i].letters) == 0) {
              needed.emplace(i, passes);
              left = true;
            }
          if (left || t.cycle.empty() || rest.compare(0, t.cycle.size(), t.cycle) != 0) break;
          rest = rest.substr(t.cycle.size());
        }
        if (!left) {
          verdict.fail("Definition 5 (L2) fails for " + where + ": the forward leaf " + path_name(leaf.branches) + " (" +
                       std::string(outcome_name(leaf.outcome)) + ") leaves the cycle by none of its exits");
          return verdict;
        }
      }
      // (L3): every exit i and ν ≤ K with u.φ ∧ u.θ⟨φ_i⟦ν⟧⟩ satisfiable has its vertex w.
      std::vector<SymbolicConfiguration> composed;
      for (const auto& exit : t.exits)
        composed.push_back(compact::compose(terms, u, t.site->theta0, exit.state, t.site->anchor, exit.condition, {}));
      for (std::size_t i = 0; i < t.exits.size(); ++i)
        for (std::uint32_t nu = 0; nu <= bound; ++nu) {
          compact::ParameterValuation valuation{{t.parameter, Integer(static_cast<std::int64_t>(nu))}};
          Term condition = compact::substitute_parameters(terms, composed[i].path_condition.conjunction(terms), valuation);
          solver::SatResult status = solver.decide(condition);
          if (status == solver::SatResult::Unknown) ++verdict.unknown;
          if (status == solver::SatResult::Sat) needed.emplace(i, nu);
        }
      for (const auto& [i, nu] : needed) {
        const std::string branches = u.branches + repeat(t.cycle, nu) + t.exits[i].letters;
        auto w = tree.forks.find(branches);
        if (w == tree.forks.end()) {
          if (cut_on_the_way(tree, branches)) {
            ++verdict.skipped;
            continue;
          }
          verdict.fail("Definition 5 (L3) fails for " + where + ": exit " + t.exits[i].letters + " with k = " +
                       std::to_string(nu) + " is satisfiable, but the forward tree has no vertex " + path_name(branches));
          return verdict;
        }
        ++verdict.checks;
        compact::ParameterValuation valuation{{t.parameter, Integer(static_cast<std::int64_t>(nu))}};
        SymbolicConfiguration expected = compact::substitute_parameters(terms, composed[i], valuation);
        std::string gap = compact::equivalence_gap(solver, terms, program, w->second, expected);
        if (gap == "unknown") {
          ++verdict.unknown;
        } else if (!gap.empty()) {
          verdict.fail("Definition 5 (L2)/(L3) fails for " + where + ": the forward vertex " + path_name(branches) +
                       " is not u o (exit " + t.exits[i].letters + ")[[" + std::to_string(nu) + "]]: " + gap);
          return verdict;
        }
      }
    }
  }
  return verdict;
}

}  // namespace symref::props
