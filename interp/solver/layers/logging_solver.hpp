// A solver layer writing every query as a standalone SMT-LIB2 file, `--smt-dir` (§2 path conditions).
//
// Engine developers re-run these files with any SMT-LIB solver to compare path conditions.
#pragma once

#include <filesystem>
#include <memory>

#include "interp/solver/layers/tracking_solver.hpp"

namespace symref::solver {

// Each file holds set-logic, the declarations, the side constraints and all assertions in scope,
// (check-sat), and a final comment `; result: sat` (or unsat, unknown with its reason, or error
// with the exception a layer below threw, e.g. a solver disagreement).  The script is written
// before the query runs, so a query that never returns is still on disk.
class LoggingSolver final : public TrackingSolver {
 public:
  // Creates `directory` if needed; std::runtime_error when it cannot.
  LoggingSolver(std::unique_ptr<Solver> inner, terms::TermManager& manager, std::filesystem::path directory);

  SatResult check() override;

  const std::filesystem::path& last_file() const { return last_file_; }
  unsigned files_written() const { return count_; }

 private:
  terms::TermManager& manager_;
  std::filesystem::path directory_;
  unsigned count_ = 0;
  std::filesystem::path last_file_;
};

}  // namespace symref::solver
