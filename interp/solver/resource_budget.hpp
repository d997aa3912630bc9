// A work budget for every Z3 check made on a thread while a scope lives (no § of a paper: fuzz speed).
//
// The per-query time limit is wall-clock: on a loaded machine a query that will never be decided
// holds a fuzz case for the whole limit, and whether a hard query is decided depends on the load.
// Inside a ResourceBudgetScope each Z3 check also stops after a fixed amount of Z3's own work
// counter ("rlimit"), the same on every machine; the answer is then unknown, with a reason that
// says so, counted and never taken for sat or unsat.  Likewise each cvc5 solver made inside the
// scope stops a check after a fixed number of cvc5's resource units ("rlimit-per"; a unit of cvc5
// is not one of Z3), so that a hopeless cvc5 query ends after the same work on every machine
// instead of running to the wall-clock limit.
#pragma once

#include <cstdint>

namespace symref::solver {

class ResourceBudgetScope {
 public:
  explicit ResourceBudgetScope(std::uint64_t z3_work_per_check, std::uint64_t cvc5_work_per_check = 0);
  ~ResourceBudgetScope();
  ResourceBudgetScope(const ResourceBudgetScope&) = delete;
  ResourceBudgetScope& operator=(const ResourceBudgetScope&) = delete;

  // The budget of the innermost scope alive on this thread; 0 when none (no limit).
  static std::uint64_t z3_work_per_check();
  static std::uint64_t cvc5_work_per_check();

 private:
  std::uint64_t budget_;
  std::uint64_t cvc5_budget_;
  ResourceBudgetScope* enclosing_;
};

}  // namespace symref::solver
