// A solver layer asking the solver below only about the formulas that share atoms with the newest
// scope (KLEE's constraint independence; §2 φ ∧ b, where b is the branch condition).
//
// The formulas left out must have been part of the last sat query: then they are satisfiable on
// atoms of their own, and the answer for the rest is the answer for all.  A sat answer's model is
// the new model on the atoms asked about and the last model elsewhere (OverlayModel).  This layer
// holds the formulas itself and gives the solver below exactly those it asks about, one scope
// each, so it sits directly on a backend.
//
// It also remembers the answers to the cut-down queries (KLEE caches after independence): a
// program whose branches read disjoint inputs asks the same small query under every prefix of
// earlier branches, and the second time on the answer is known — unsat, or sat with the model
// of exactly those formulas, overlaid on the last model as above.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include "interp/solver/assertion_stack.hpp"
#include "interp/solver/model_views.hpp"
#include "interp/solver/solver.hpp"

namespace symref::solver {

class IndependenceSolver final : public Solver {
 public:
  IndependenceSolver(std::unique_ptr<Solver> inner, terms::TermManager& manager);

  std::string name() const override { return inner_->name(); }
  void push() override { assertions_.push(); }
  void pop(unsigned n = 1) override { assertions_.pop(n); }
  void add(Term formula) override;
  SatResult check() override;
  std::string reason_unknown() const override { return inner_->reason_unknown(); }
  void set_timeout_milliseconds(unsigned milliseconds) override { inner_->set_timeout_milliseconds(milliseconds); }
  void set_resource_limit(std::uint64_t units) override { inner_->set_resource_limit(units); }
  std::unique_ptr<Model> model() override;
  // The solver's own value of a formula it was asked in the last check; nothing otherwise.
  std::optional<bool> backend_value(Term formula) override;
  std::shared_ptr<const Model> shared_model() override { return last_result_ == SatResult::Sat ? last_model_ : nullptr; }

  // Checks that asked the solver below about fewer formulas than were in scope.
  std::uint64_t reduced_checks() const { return reduced_checks_; }
  // Checks answered from the remembered cut-down queries, without the solver below.
  std::uint64_t remembered_answers() const { return remembered_answers_; }
  SolverStatistics statistics() const override;

 private:
  const std::vector<std::uint64_t>& atoms_of(Term formula);  // symbol ids; function ids tagged
  std::vector<Term> relevant_formulas();
  void hold_exactly(const std::vector<Term>& formulas);

  std::unique_ptr<Solver> inner_;
  terms::TermManager& manager_;
  AssertionStack assertions_;
  std::vector<Term> held_;  // what the solver below holds, one scope each
  std::unordered_map<std::uint32_t, std::vector<std::uint64_t>> atoms_;
  std::vector<std::uint32_t> last_sat_;  // formula_set of the last sat query
  std::vector<Term> last_asked_inner_;  // the formulas the last check sent to the solver below (none: answered here)
  std::shared_ptr<const Model> last_model_;
  SatResult last_result_ = SatResult::Unknown;
  std::uint64_t reduced_checks_ = 0;
  // Cut-down queries (formula_set) and their answers: a model of exactly those formulas, or
  // nullptr for unsat.  Cleared when it grows past answers_kept.
  std::map<std::vector<std::uint32_t>, std::shared_ptr<const Model>> answers_;
  static constexpr std::size_t answers_kept = 1 << 16;
  std::uint64_t remembered_answers_ = 0;
};

}  // namespace symref::solver
