// A solver layer asking two solvers every query and comparing the answers (§2 Theorems 2.3 and 2.4).
#pragma once

#include <memory>
#include <string>

#include "interp/property_failure.hpp"
#include "interp/solver/assertion_stack.hpp"
#include "interp/solver/solver.hpp"

namespace symref::solver {

// One solver said sat and the other unsat on the same query.
class SolverDisagreement : public PropertyFailure {
 public:
  SolverDisagreement(std::string first_solver, SatResult first_result, std::string second_solver,
                     SatResult second_result, std::string query_smtlib);

  const std::string& first_solver() const { return first_solver_; }
  SatResult first_result() const { return first_result_; }
  const std::string& second_solver() const { return second_solver_; }
  SatResult second_result() const { return second_result_; }
  const std::string& query_smtlib() const { return query_smtlib_; }  // a standalone SMT-LIB2 script

 private:
  std::string first_solver_;
  SatResult first_result_;
  std::string second_solver_;
  SatResult second_result_;
  std::string query_smtlib_;
};

// Asks `first` and then `second`.  The answer:
//   - both definite and different: SolverDisagreement is thrown;
//   - otherwise the definite answer if either gave one (an unknown from one side, e.g. a time-out,
//     does not hide the other's proof or model), the first's when both are definite;
//   - unknown only when both are unknown, with both reasons.
// After sat, model() is the model of a solver that answered sat (the first when both did).
class CrossCheckingSolver final : public Solver {
 public:
  CrossCheckingSolver(std::unique_ptr<Solver> first, std::unique_ptr<Solver> second, terms::TermManager& manager);

  std::string name() const override;
  void push() override;
  void pop(unsigned n = 1) override;
  void add(Term formula) override;
  SatResult check() override;
  std::string reason_unknown() const override { return reason_; }
  void set_timeout_milliseconds(unsigned milliseconds) override;
  void set_resource_limit(std::uint64_t units) override;
  std::unique_ptr<Model> model() override;
  SolverStatistics statistics() const override { return statistics_; }

  // The two answers to the last query.
  SatResult first_result() const { return first_result_; }
  SatResult second_result() const { return second_result_; }

 private:
  std::unique_ptr<Solver> first_;
  std::unique_ptr<Solver> second_;
  terms::TermManager& manager_;
  AssertionStack assertions_;
  SatResult first_result_ = SatResult::Unknown;
  SatResult second_result_ = SatResult::Unknown;
  Solver* model_source_ = nullptr;
  std::string reason_;
  SolverStatistics statistics_;
};

}  // namespace symref::solver
