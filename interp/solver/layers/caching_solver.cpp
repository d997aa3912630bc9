// Answering repeated satisfiability queries from memory (caching_solver.hpp; §2 path conditions).
#include "interp/solver/layers/caching_solver.hpp"

#include <algorithm>
#include <stdexcept>

#include "interp/solver/layers/counterexample_cache_solver.hpp"
#include "interp/solver/stopwatch.hpp"

namespace symref::solver {

std::vector<std::uint32_t> CachingSolver::query_key() const { return formula_set(tracked_formulas()); }

SatResult CachingSolver::check() {
  Stopwatch stopwatch;
  std::vector<std::uint32_t> key = query_key();
  auto known = answers_.find(key);
  if (known != answers_.end()) {
    ++hits_;
    last_from_cache_ = true;
    last_result_ = known->second;
  } else {
    last_from_cache_ = false;
    last_result_ = inner().check();
    if (last_result_ != SatResult::Unknown) answers_.emplace(std::move(key), last_result_);
  }
  statistics_.record(last_result_, stopwatch.seconds());
  return last_result_;
}

std::string CachingSolver::reason_unknown() const { return last_from_cache_ ? "" : inner().reason_unknown(); }

std::unique_ptr<Model> CachingSolver::model() {
  if (last_result_ != SatResult::Sat) throw std::logic_error(name() + ": model() without a sat answer");
  if (last_from_cache_) {
    SatResult again = inner().check();
    if (again != SatResult::Sat)
      throw std::runtime_error(name() + ": a cached sat query answered " + std::string(to_string(again)) +
                               " when re-run for its model");
    last_from_cache_ = false;
  }
  return inner().model();
}

SolverStatistics CachingSolver::statistics() const { return statistics_; }

}  // namespace symref::solver
