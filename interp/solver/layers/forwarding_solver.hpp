// A solver layer passing every call to the solver below: the base of the layers on solver.hpp (§2).
#pragma once

#include <memory>
#include <utility>

#include "interp/solver/solver.hpp"

namespace symref::solver {

class ForwardingSolver : public Solver {
 public:
  explicit ForwardingSolver(std::unique_ptr<Solver> inner) : inner_(std::move(inner)) {}

  std::string name() const override { return inner_->name(); }
  void push() override { inner_->push(); }
  void pop(unsigned n = 1) override { inner_->pop(n); }
  void add(Term formula) override { inner_->add(formula); }
  SatResult check() override { return inner_->check(); }
  std::string reason_unknown() const override { return inner_->reason_unknown(); }
  void set_timeout_milliseconds(unsigned milliseconds) override { inner_->set_timeout_milliseconds(milliseconds); }
  void set_resource_limit(std::uint64_t units) override { inner_->set_resource_limit(units); }
  std::unique_ptr<Model> model() override { return inner_->model(); }
  std::optional<bool> backend_value(Term formula) override { return inner_->backend_value(formula); }
  SolverStatistics statistics() const override { return inner_->statistics(); }

 protected:
  Solver& inner() { return *inner_; }
  const Solver& inner() const { return *inner_; }

 private:
  std::unique_ptr<Solver> inner_;
};

}  // namespace symref::solver
