// Theorems 1 and 2 of Trtík against the forward tree, with Definition 3's ≡ decided by the solver.
#include "engines/compact/classic_agreement.hpp"

#include "engines/compact/bounded_forall.hpp"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace symref::compact {

using solver::SatResult;

OneShotSolver::OneShotSolver(terms::TermManager& terms, const solver::SolverOptions& options, solver::SolverSession* session)
    : terms_(&terms) {
  solver_ = solver::make_solver("z3", terms, options, session);
}

OneShotSolver::~OneShotSolver() = default;

SatResult OneShotSolver::decide(Term formula) {
  if (has_quantifier(formula)) {
    SatResult bracketed = decide_by_brackets(*solver_, *terms_, formula, false, bracket_checks_);
    if (bracketed != SatResult::Unknown) return bracketed;
  }
  solver_->push();
  solver_->add(formula);
  SatResult status = solver_->check();
  solver_->pop();
  return status;
}

namespace {

void add_difference(terms::TermManager& terms, std::vector<Term>& differences, Term x, Term y) {
  if (x == y) return;
  if (terms::TermManager::is_array(x->sort())) {
    Term index = terms.fresh_symbol(terms::Sort::integer(), "i");
    differences.push_back(terms.not_equal(terms.length(x), terms.length(y)));
    differences.push_back(terms.not_equal(terms.select(x, index), terms.select(y, index)));
  } else {
    differences.push_back(terms.not_equal(x, y));
  }
}

std::string shown(const std::string& branches) { return branches.empty() ? "ε" : branches; }

constexpr std::size_t max_valuations_per_leaf = 64;

// The valuations with 0 ≤ ν(κ) ≤ bound of the leaf's distinct parameters, in counting order.
std::vector<ParameterValuation> small_valuations(const CompactPath& leaf, std::uint32_t bound) {
  std::vector<Term> parameters;
  std::set<Term> seen;
  for (const auto& instance : leaf.instances)
    if (seen.insert(instance.parameter).second) parameters.push_back(instance.parameter);
  std::vector<ParameterValuation> out;
  std::vector<std::uint32_t> digits(parameters.size(), 0);
  while (out.size() < max_valuations_per_leaf) {
    ParameterValuation valuation;
    for (std::size_t k = 0; k < parameters.size(); ++k) valuation[parameters[k]] = Integer(static_cast<std::int64_t>(digits[k]));
    out.push_back(std::move(valuation));
    std::size_t k = 0;
    while (k < digits.size() && digits[k] == bound) digits[k++] = 0;
    if (k == digits.size()) break;
    ++digits[k];
  }
  return out;
}

// Was the forward search cut on the way to `branches` (truncated, or a bound leaf on a prefix)?
bool cut_by_bound(const ExplorationResult& classic, const std::string& branches) {
  if (classic.statistics.truncated) return true;
  for (const ExploredPath& leaf : classic.paths)
    if (leaf.outcome == Outcome::Bound && branches.compare(0, leaf.branches.size(), leaf.branches) == 0) return true;
  return false;
}

// Did the compact search stop on the way to the forward leaf `branches`: a compact bound leaf that
// expands to a prefix of it?  The compact tree's own --loop-bound (or step limit) cut it there, so
// Theorem 1 cannot ask for it, as when `--check-classic K` goes deeper than `--loop-bound`.
bool cut_by_compact_bound(const CompactResult& compact, const std::string& branches) {
  for (const CompactPath& leaf : compact.paths)
    if (leaf.outcome == Outcome::Bound && leaf.status != SatResult::Unsat &&
        match_expansion(leaf, compact.templates, branches, /*as_prefix=*/true))
      return true;
  return false;
}

// φ ⇔ φ′⟦ν⟧ and equal final states under φ: Unsat when both are proved, Sat when one is refuted
// (with `what` saying which), Unknown otherwise.
SatResult same_leaf(OneShotSolver& solver, terms::TermManager& terms, const Program& program, const ExploredPath& leaf,
                    Term instance_condition, const SymbolicConfiguration& instance, std::string& what) {
  SatResult same_condition = solver.decide(terms::separating_condition(terms, leaf.path_condition, instance_condition));
  if (same_condition == SatResult::Sat) {
    what = "the path conditions differ";
    return SatResult::Sat;
  }
  SatResult same_state = solver.decide(states_differ(terms, program, leaf.path_condition, leaf.final_configuration, instance));
  if (same_state == SatResult::Sat) {
    what = "the final states differ";
    return SatResult::Sat;
  }
  return same_condition == SatResult::Unsat && same_state == SatResult::Unsat ? SatResult::Unsat : SatResult::Unknown;
}

}  // namespace

Term states_differ(terms::TermManager& terms, const Program& program, Term condition, const SymbolicConfiguration& a,
                   const SymbolicConfiguration& b, bool with_locals) {
  std::vector<Term> differences;
  for (std::size_t g = 0; g < program.globals.size(); ++g) add_difference(terms, differences, a.globals[g], b.globals[g]);
  for (std::size_t f = 0; f < program.fields.size(); ++f) {
    if (a.fields[f] == b.fields[f]) continue;
    Term object = terms.fresh_symbol(terms::Sort::reference(program.fields[f].class_index), "o");
    differences.push_back(terms.not_equal(terms.select(a.fields[f], object), terms.select(b.fields[f], object)));
  }
  if (with_locals) {
    const std::size_t count = std::min(a.locals.size() - a.locals_base(), b.locals.size() - b.locals_base());
    for (std::size_t k = 0; k < count; ++k)
      add_difference(terms, differences, a.locals[a.locals_base() + k], b.locals[b.locals_base() + k]);
  }
  return terms.logical_and(condition, terms.logical_or(differences));
}

std::string equivalence_gap(OneShotSolver& solver, terms::TermManager& terms, const Program& program,
                            const SymbolicConfiguration& a, const SymbolicConfiguration& b) {
  if (a.outcome != b.outcome)
    return "outcome " + std::string(outcome_name(a.outcome)) + " against " + std::string(outcome_name(b.outcome));
  SymbolicConfiguration ca = a, cb = b;  // current() may move past finished blocks
  if (ca.control.current() != cb.control.current() || ca.control.depth() != cb.control.depth())
    return "another control location";
  if (a.locals.size() - a.locals_base() != b.locals.size() - b.locals_base()) return "another frame";
  Term phi_a = a.path_condition.conjunction(terms), phi_b = b.path_condition.conjunction(terms);
  SatResult same_condition = solver.decide(terms::separating_condition(terms, phi_a, phi_b));
  if (same_condition == SatResult::Sat) return "the path conditions differ";
  SatResult same_memory = solver.decide(states_differ(terms, program, phi_a, a, b, true));
  if (same_memory == SatResult::Sat) return "the memories differ";
  if (same_condition == SatResult::Unknown || same_memory == SatResult::Unknown) return "unknown";
  return "";
}

AgreementVerdict check_theorem1(const Program& program, terms::TermManager& terms, const CompactResult& compact,
                                const ExplorationResult& classic, const solver::SolverOptions& options, solver::SolverSession* session) {
  AgreementVerdict verdict;
  OneShotSolver solver(terms, options, session);
  for (const ExploredPath& leaf : classic.paths) {
    if (leaf.status != SatResult::Sat || leaf.outcome == Outcome::Bound || leaf.outcome == Outcome::Running) continue;
    if (cut_by_compact_bound(compact, leaf.branches)) {
      ++verdict.skipped;
      continue;
    }
    ++verdict.checks;
    bool proved = false, undecided = false;
    std::string refuted;
    for (const CompactPath& candidate : compact.paths) {
      if (candidate.status == SatResult::Unsat || candidate.outcome != leaf.outcome) continue;
      auto valuation = match_expansion(candidate, compact.templates, leaf.branches);
      if (!valuation) continue;
      SymbolicConfiguration instance = substitute_parameters(terms, candidate.final_configuration, *valuation);
      Term instance_condition = substitute_parameters(terms, candidate.path_condition, *valuation);
      std::string what;
      SatResult same = same_leaf(solver, terms, program, leaf, instance_condition, instance, what);
      if (same == SatResult::Unsat) {
        proved = true;
        break;
      }
      if (same == SatResult::Sat) refuted = "compact leaf " + candidate.branches + " expands to it, but " + what;
      else undecided = true;
    }
    if (proved) continue;
    if (undecided) {
      ++verdict.unknown;
      continue;
    }
    verdict.failure = "Theorem 1 (Trtík) fails: the forward leaf " + shown(leaf.branches) + " (" +
                      std::string(outcome_name(leaf.outcome)) + ") is no instance of a compact leaf" +
                      (refuted.empty() ? "" : ": " + refuted);
    verdict.witness = leaf.test;
    return verdict;
  }
  return verdict;
}

AgreementVerdict check_theorem2(const Program& program, terms::TermManager& terms, const CompactResult& compact,
                                const ExplorationResult& classic, std::uint32_t bound, const solver::SolverOptions& options,
                                std::size_t max_instances, solver::SolverSession* session) {
  AgreementVerdict verdict;
  OneShotSolver solver(terms, options, session);
  // The pairs (leaf, ν), round by round: the r-th ν of every leaf that has one, for r = 0, 1, ...
  std::vector<std::pair<const CompactPath*, std::vector<ParameterValuation>>> leaves;
  std::size_t pairs = 0, longest = 0;
  for (const CompactPath& leaf : compact.paths) {
    if (leaf.status == SatResult::Unsat || leaf.outcome == Outcome::Bound || leaf.instances.empty()) continue;
    leaves.emplace_back(&leaf, small_valuations(leaf, bound));
    pairs += leaves.back().second.size();
    longest = std::max(longest, leaves.back().second.size());
  }
  std::vector<std::pair<const CompactPath*, const ParameterValuation*>> order;
  order.reserve(pairs);
  for (std::size_t round = 0; round < longest; ++round)
    for (const auto& [leaf, valuations] : leaves)
      if (round < valuations.size()) order.emplace_back(leaf, &valuations[round]);
  if (max_instances != 0 && order.size() > max_instances) {
    order.resize(max_instances);
    ++verdict.skipped;
  }
  for (const auto& [leaf_pointer, valuation_pointer] : order) {
    const CompactPath& leaf = *leaf_pointer;
    const ParameterValuation& valuation = *valuation_pointer;
    Term instance_condition = substitute_parameters(terms, leaf.path_condition, valuation);
    SatResult feasible = solver.decide(instance_condition);
    if (feasible == SatResult::Unsat) continue;
    if (feasible == SatResult::Unknown) {
      ++verdict.unknown;
      continue;
    }
    const std::string expanded = expand_branches(leaf, compact.templates, valuation);
    // A branch string need not name one forward leaf: one E letter stands for whichever
    // definedness condition fails, so `s.f := a[0]` ends FE in nil-dereference and in
    // out-of-bounds alike.  The leaf along the expansion is the one with the same outcome.
    std::vector<const ExploredPath*> along;
    for (const ExploredPath& candidate : classic.paths)
      if (candidate.status != SatResult::Unsat && candidate.branches == expanded) along.push_back(&candidate);
    const std::string what = "Theorem 2 (Trtík) fails: compact leaf " + shown(leaf.branches) + " (" +
                             std::string(outcome_name(leaf.outcome)) + ") expanded to " + shown(expanded);
    if (along.empty()) {
      if (cut_by_bound(classic, expanded)) {
        ++verdict.skipped;
        continue;
      }
      verdict.failure = what + " is satisfiable, but the forward tree has no feasible leaf there";
      return verdict;
    }
    SymbolicConfiguration instance = substitute_parameters(terms, leaf.final_configuration, valuation);
    bool proved = false, undecided = false;
    const ExploredPath* refuting = nullptr;
    std::string difference;
    for (const ExploredPath* match : along) {
      if (match->status == SatResult::Unknown) {
        undecided = true;
        continue;
      }
      if (match->outcome != leaf.outcome) continue;
      std::string gap;
      SatResult same = same_leaf(solver, terms, program, *match, instance_condition, instance, gap);
      if (same == SatResult::Unsat) {
        proved = true;
        break;
      }
      if (same == SatResult::Unknown) undecided = true;
      else if (refuting == nullptr) refuting = match, difference = gap;
    }
    if (proved) {
      ++verdict.checks;
      continue;
    }
    if (undecided) {
      ++verdict.unknown;
      continue;
    }
    ++verdict.checks;
    if (refuting != nullptr) {
      verdict.failure = what + ": " + difference;
      verdict.witness = refuting->test;
    } else {
      verdict.failure = what + ": the forward leaf ends in " + std::string(outcome_name(along.front()->outcome));
      verdict.witness = along.front()->test;
    }
    return verdict;
  }
  return verdict;
}

}  // namespace symref::compact
