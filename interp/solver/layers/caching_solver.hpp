// A solver layer answering repeated queries from memory, a query being its set of formulas (§2 φ).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "interp/solver/layers/tracking_solver.hpp"

namespace symref::solver {

// A cached sat answer carries no model: model() after one re-runs the solver below first.
class CachingSolver final : public TrackingSolver {
 public:
  explicit CachingSolver(std::unique_ptr<Solver> inner) : TrackingSolver(std::move(inner)) {}

  SatResult check() override;
  std::string reason_unknown() const override;
  std::unique_ptr<Model> model() override;
  std::optional<bool> own_value(Term formula) override { return last_from_cache_ ? std::nullopt : inner().own_value(formula); }
  SolverStatistics statistics() const override;

  std::uint64_t hits() const { return hits_; }

 private:
  std::vector<std::uint32_t> query_key() const;

  std::map<std::vector<std::uint32_t>, SatResult> answers_;
  bool last_from_cache_ = false;
  SatResult last_result_ = SatResult::Unknown;
  std::uint64_t hits_ = 0;
  SolverStatistics statistics_;
};

}  // namespace symref::solver
