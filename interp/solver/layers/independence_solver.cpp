// Constraint independence: the query cut down to the formulas sharing atoms with the newest
// scope (independence_solver.hpp; §2).
#include "interp/solver/layers/independence_solver.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

#include "interp/solver/layers/counterexample_cache_solver.hpp"
#include "interp/solver/snapshot_model.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::solver {

namespace {
constexpr std::uint64_t function_tag = std::uint64_t{1} << 32;
}

IndependenceSolver::IndependenceSolver(std::unique_ptr<Solver> inner, terms::TermManager& manager)
    : inner_(std::move(inner)), manager_(manager) {}

void IndependenceSolver::add(Term formula) {
  require_formula(formula);
  assertions_.add(formula);
}

const std::vector<std::uint64_t>& IndependenceSolver::atoms_of(Term formula) {
  auto known = atoms_.find(formula->id());
  if (known != atoms_.end()) return known->second;
  std::vector<std::uint64_t> atoms;
  terms::for_each_subterm(formula, [&](Term term) {
    if (term->kind() == terms::TermKind::Symbol) atoms.push_back(term->id());
    else if (term->kind() == terms::TermKind::Apply) atoms.push_back(function_tag | static_cast<std::uint32_t>(term->function()));
  });
  return atoms_.emplace(formula->id(), std::move(atoms)).first->second;
}

// The newest scope's formulas and, closed under sharing an atom, the formulas below them — or
// all formulas, when those left out were not all part of the last sat query.
std::vector<Term> IndependenceSolver::relevant_formulas() {
  std::span<const Term> formulas = assertions_.formulas();
  const std::size_t start = assertions_.innermost_scope_start();
  std::vector<Term> all(formulas.begin(), formulas.end());
  if (start == 0 || start == formulas.size() || last_model_ == nullptr) return all;
  std::unordered_set<std::uint64_t> atoms;
  std::vector<bool> relevant(formulas.size(), false);
  for (std::size_t k = start; k < formulas.size(); ++k) {
    relevant[k] = true;
    for (std::uint64_t atom : atoms_of(formulas[k])) atoms.insert(atom);
  }
  // The planted fault stops at the newest scope: formulas below that constrain the same atoms
  // are dropped, as if independent.
  for (bool grew = !fault_active(Fault::IndependenceNewestOnly); grew;) {
    grew = false;
    for (std::size_t k = 0; k < start; ++k) {
      if (relevant[k]) continue;
      const auto& own = atoms_of(formulas[k]);
      if (std::none_of(own.begin(), own.end(), [&](std::uint64_t atom) { return atoms.contains(atom); })) continue;
      relevant[k] = true;
      atoms.insert(own.begin(), own.end());
      grew = true;
    }
  }
  std::vector<Term> chosen, left_out;
  for (std::size_t k = 0; k < formulas.size(); ++k) (relevant[k] ? chosen : left_out).push_back(formulas[k]);
  if (left_out.empty()) return all;
  const std::vector<std::uint32_t> rest = formula_set(left_out);
  if (!std::includes(last_sat_.begin(), last_sat_.end(), rest.begin(), rest.end())) return all;
  return chosen;
}

// Pops what differs from the formulas the solver below holds and pushes the rest.
void IndependenceSolver::hold_exactly(const std::vector<Term>& formulas) {
  std::size_t common = 0;
  while (common < held_.size() && common < formulas.size() && held_[common] == formulas[common]) ++common;
  if (held_.size() > common) inner_->pop(static_cast<unsigned>(held_.size() - common));
  held_.resize(common);
  for (std::size_t k = common; k < formulas.size(); ++k) {
    inner_->push();
    inner_->add(formulas[k]);
    held_.push_back(formulas[k]);
  }
}

SatResult IndependenceSolver::check() {
  std::vector<Term> asked = relevant_formulas();
  std::span<const Term> formulas = assertions_.formulas();
  const bool reduced = asked.size() < formulas.size();
  if (reduced) ++reduced_checks_;
  std::vector<std::uint32_t> key = formula_set(asked);
  std::shared_ptr<const Model> model;
  last_asked_inner_.clear();
  if (auto known = answers_.find(key); known != answers_.end()) {
    ++remembered_answers_;
    last_result_ = known->second == nullptr ? SatResult::Unsat : SatResult::Sat;
    model = known->second;
  } else {
    hold_exactly(asked);
    last_result_ = inner_->check();
    last_asked_inner_ = asked;
    if (last_result_ == SatResult::Sat) model = SnapshotModel::capture(*inner_->model(), asked, manager_);
    if (last_result_ != SatResult::Unknown) {
      if (answers_.size() >= answers_kept) answers_.clear();
      answers_.emplace(std::move(key), model);
    }
  }
  if (last_result_ != SatResult::Sat) return last_result_;
  if (reduced) {
    FormulaAtoms atoms;
    for (Term formula : asked)
      for (std::uint64_t atom : atoms_of(formula))
        (atom & function_tag ? atoms.functions : atoms.symbols).insert(static_cast<std::uint32_t>(atom));
    // Flattened into one snapshot, so that overlays do not stack up query after query.
    OverlayModel overlay(std::move(model), std::move(atoms), last_model_);
    model = SnapshotModel::capture(overlay, formulas, manager_);
  }
  last_sat_ = formula_set(formulas);
  last_model_ = std::move(model);
  return last_result_;
}

SolverStatistics IndependenceSolver::statistics() const {
  SolverStatistics statistics = inner_->statistics();
  statistics.shortcuts += remembered_answers_;
  return statistics;
}

std::optional<bool> IndependenceSolver::backend_value(Term formula) {
  // The composed model agrees with the solver's on the formulas it was asked, and only on those.
  if (last_result_ != SatResult::Sat || std::find(last_asked_inner_.begin(), last_asked_inner_.end(), formula) == last_asked_inner_.end())
    return std::nullopt;
  return inner_->backend_value(formula);
}

std::unique_ptr<Model> IndependenceSolver::model() {
  if (last_result_ != SatResult::Sat) throw std::logic_error(name() + ": model() without a sat answer");
  return std::make_unique<SharedModel>(last_model_);
}

}  // namespace symref::solver
