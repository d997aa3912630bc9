// Asking two solvers every query and comparing their answers (cross_checking_solver.hpp; §2).
#include "interp/solver/layers/cross_checking_solver.hpp"

#include "interp/solver/backends/smtlib.hpp"
#include "interp/solver/stopwatch.hpp"

namespace symref::solver {

namespace {

bool is_definite(SatResult result) { return result != SatResult::Unknown; }

}  // namespace

SolverDisagreement::SolverDisagreement(std::string first_solver, SatResult first_result, std::string second_solver,
                                       SatResult second_result, std::string query_smtlib)
    : PropertyFailure("solvers disagree: " + first_solver + " says " + std::string(to_string(first_result)) +
                         ", " + second_solver + " says " + std::string(to_string(second_result))),
      first_solver_(std::move(first_solver)),
      first_result_(first_result),
      second_solver_(std::move(second_solver)),
      second_result_(second_result),
      query_smtlib_(std::move(query_smtlib)) {}

CrossCheckingSolver::CrossCheckingSolver(std::unique_ptr<Solver> first, std::unique_ptr<Solver> second,
                                         terms::TermManager& manager)
    : first_(std::move(first)), second_(std::move(second)), manager_(manager) {}

std::string CrossCheckingSolver::name() const { return first_->name() + "+" + second_->name(); }

void CrossCheckingSolver::push() {
  first_->push();
  second_->push();
  assertions_.push();
}

void CrossCheckingSolver::pop(unsigned n) {
  if (n > assertions_.scopes()) throw std::logic_error("pop of more scopes than were pushed");
  first_->pop(n);
  second_->pop(n);
  assertions_.pop(n);
}

void CrossCheckingSolver::add(Term formula) {
  require_formula(formula);
  first_->add(formula);
  second_->add(formula);
  assertions_.add(formula);
}

void CrossCheckingSolver::set_timeout_milliseconds(unsigned milliseconds) {
  first_->set_timeout_milliseconds(milliseconds);
  second_->set_timeout_milliseconds(milliseconds);
}

void CrossCheckingSolver::set_resource_limit(std::uint64_t units) {
  first_->set_resource_limit(units);
  second_->set_resource_limit(units);
}

SatResult CrossCheckingSolver::check() {
  Stopwatch stopwatch;
  first_result_ = first_->check();
  second_result_ = second_->check();
  model_source_ = nullptr;
  reason_.clear();
  if (is_definite(first_result_) && is_definite(second_result_) && first_result_ != second_result_) {
    statistics_.record(SatResult::Unknown, stopwatch.seconds());
    throw SolverDisagreement(first_->name(), first_result_, second_->name(), second_result_,
                             smtlib_script(manager_, assertions_.formulas(),
                                           first_->name() + " and " + second_->name() + " disagree on this query"));
  }
  SatResult result = SatResult::Unknown;
  if (is_definite(first_result_)) {
    result = first_result_;
    model_source_ = first_.get();
  } else if (is_definite(second_result_)) {
    result = second_result_;
    model_source_ = second_.get();
  } else {
    reason_ = first_->name() + ": " + first_->reason_unknown() + "; " + second_->name() + ": " +
              second_->reason_unknown();
  }
  if (result != SatResult::Sat) model_source_ = nullptr;
  statistics_.record(result, stopwatch.seconds());
  return result;
}

std::unique_ptr<Model> CrossCheckingSolver::model() {
  if (model_source_ == nullptr) throw std::logic_error(name() + ": model() without a sat answer");
  return model_source_->model();
}

}  // namespace symref::solver
