// A work budget for every Z3 and cvc5 check of a fuzz case (no § of a paper: fuzz speed).
//
// The per-query time limit is wall-clock: on a loaded machine a query that will never be decided
// holds a fuzz case for the whole limit, and whether a hard query is decided depends on the load.
// Under a WorkBudget (a session's, solver_session.hpp) each Z3 check also stops after a fixed amount
// of Z3's own work counter ("rlimit"), the same on every machine; the answer is then unknown, with
// a reason that says so, counted and never taken for sat or unsat.  Likewise each cvc5 solver made
// under the budget stops a check after a fixed number of cvc5's resource units ("rlimit-per"; a unit of cvc5
// is not one of Z3), so that a hopeless cvc5 query ends after the same work on every machine
// instead of running to the wall-clock limit.
//
// The budget also keeps a time-out allowance for Z3: a fuzz case whose queries keep running out of
// time (a hard query is asked again by several properties, and Z3 4.8.12 stalls on some nonlinear
// queries for seconds without counting work, so neither the rlimit nor a prompt interrupt stops
// it) would spend the full limit on each.  After `full_time_outs` Z3 checks of the budget ran out of
// time, each later Z3 check gets at most `reduced_milliseconds`, and after `reduced_time_outs` more
// at most `minimal_milliseconds` (most decided checks take a few milliseconds), and after
// `minimal_time_outs` more the case's Z3 checks answer unknown without asking; the unknown says so.
//
// And an allowance of undecided Z3 checks: the checks a fuzz case cannot decide come in clusters
// (most of a campaign's unknowns follow a first one in the same case), since a case with one such
// query asks its variants again and again.
// After `full_undecided` Z3 checks of the budget answered unknown within their time limit (out of
// work, or incomplete), each later Z3 check gets at most `reduced_work` units, until the
// allowance is renewed.
//
// cvc5 has an allowance of its own, for the whole budget (a fuzz case): cvc5's undecided checks
// also come in runs, each one costly, while almost every check cvc5 decides needs a small fraction
// of the full budget.  After `cvc5_full_undecided` cvc5 checks of the budget stopped
// by their budget or time limit, each later cvc5 check gets at most `cvc5_reduced_work` units and
// the time-out allowance's reduced time limit.
#pragma once

#include <cstdint>
#include <string_view>

namespace symref::solver {

struct TimeOutAllowance {
  unsigned full_time_outs = 0;        // time-outs at the requested limit; 0: never reduce
  unsigned reduced_milliseconds = 0;  // the limit once they are spent
  // Then time-outs at the reduced limit before the minimal one; 0: the reduced limit stays.  A
  // case can ask hundreds of such checks (the compact engine's properties do), so one reduction
  // is not enough.
  unsigned reduced_time_outs = 0;
  unsigned minimal_milliseconds = 0;
  // Then time-outs at the minimal limit before later Z3 checks answer unknown without asking;
  // 0: never.  Even a minimal limit adds up over hundreds of hopeless checks.
  unsigned minimal_time_outs = 0;
};

struct UndecidedAllowance {
  unsigned full_undecided = 0;  // Z3 unknowns (not time-outs) at the full budget; 0: never reduce
  std::uint64_t reduced_work = 0;  // Z3's work budget per check once they are spent
  unsigned cvc5_full_undecided = 0;  // cvc5 checks stopped by a limit, per budget; 0: never reduce
  std::uint64_t cvc5_reduced_work = 0;  // cvc5's budget per check once they are spent
};

class WorkBudget {
 public:
  // No limit: every check gets what its solver asks for.
  WorkBudget() = default;
  explicit WorkBudget(std::uint64_t z3_work_per_check, std::uint64_t cvc5_work_per_check = 0, TimeOutAllowance allowance = {},
                      UndecidedAllowance undecided = {});

  // Z3's budget per check; 0: none.  Reduced once the allowance of undecided checks is spent.
  std::uint64_t z3_work_per_check() const;
  // Why z3_work_per_check gives less than the budget: "" at the full one, else a phrase for the
  // unknown's reason.
  std::string_view work_budget_note() const;
  // Counts a Z3 check that answered unknown within its time limit.
  void count_z3_undecided();
  // Gives the whole allowance of undecided checks again (a campaign does so for each property of
  // a case: the unknowns of one property say little about the next's); `reduce` false: until the
  // next renewal the budget stays full, however many are undecided.
  void renew_undecided_allowance(bool reduce = true);
  // cvc5's budget per check (0: none); reduced once the cvc5 allowance is spent.
  std::uint64_t cvc5_work_per_check() const;
  // The time limit a cvc5 check asking for `requested` milliseconds (0: none) gets now: the time-out
  // allowance's reduced limit once the cvc5 allowance is spent.
  unsigned cvc5_time_limit(unsigned requested) const;
  // Counts a cvc5 check stopped by its work budget or time limit.
  void count_cvc5_undecided();
  // Why cvc5's budget and time limit are less than the budget's: "" while they are not.
  std::string_view cvc5_reduction_note() const;

  // The time limit a Z3 check asking for `requested` milliseconds (0: none) gets now: reduced once
  // the allowance of full time-outs is spent.
  unsigned z3_time_limit(unsigned requested) const;
  // Why z3_time_limit gives less than was requested: "" at the full limit, else a phrase for the
  // unknown's reason ("reduced: ...", "minimal: ...").
  std::string_view time_limit_note() const;
  // Whether the whole time-out allowance is spent: Z3 checks then answer unknown unasked.
  bool z3_checks_exhausted() const;
  // Counts a Z3 check that ran out of time.
  void count_z3_time_out();
  // Spends the time-out allowance at once: a case that goes on after one of its checks stalled
  // (fuzz/campaign_workers.hpp) gets the reduced limit for the rest.
  void spend_time_out_allowance();

 private:
  // Whether Z3's budget is the reduced one now: the undecided allowance spent, and reducing.
  bool work_reduced() const;
  bool cvc5_reduced() const;

  std::uint64_t budget_ = 0;
  std::uint64_t cvc5_budget_ = 0;
  TimeOutAllowance allowance_;
  UndecidedAllowance undecided_allowance_;
  unsigned time_outs_ = 0;
  unsigned undecided_ = 0;
  unsigned cvc5_undecided_ = 0;
  bool reducing_ = true;
};

}  // namespace symref::solver
