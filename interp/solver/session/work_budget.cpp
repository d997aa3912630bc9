// The work budget and time-out allowances of a fuzz case's checks (work_budget.hpp; no § of a paper: fuzz speed).
#include "interp/solver/session/work_budget.hpp"

#include <algorithm>

namespace symref::solver {

namespace {

// A limit (work units or milliseconds; 0: none) capped at `cap`.
template <class Units>
Units capped(Units limit, Units cap) {
  return limit == 0 ? cap : std::min(limit, cap);
}

enum class TimeLimitStage { Full, Reduced, Minimal, Exhausted };

TimeLimitStage time_limit_stage(const TimeOutAllowance& allowance, unsigned time_outs) {
  if (allowance.full_time_outs == 0 || time_outs < allowance.full_time_outs) return TimeLimitStage::Full;
  if (allowance.reduced_time_outs == 0 || time_outs < allowance.full_time_outs + allowance.reduced_time_outs)
    return TimeLimitStage::Reduced;
  if (allowance.minimal_time_outs == 0 ||
      time_outs < allowance.full_time_outs + allowance.reduced_time_outs + allowance.minimal_time_outs)
    return TimeLimitStage::Minimal;
  return TimeLimitStage::Exhausted;
}

}  // namespace

WorkBudget::WorkBudget(std::uint64_t z3_work_per_check, std::uint64_t cvc5_work_per_check, TimeOutAllowance allowance,
                       UndecidedAllowance undecided)
    : budget_(z3_work_per_check), cvc5_budget_(cvc5_work_per_check), allowance_(allowance), undecided_allowance_(undecided) {}

bool WorkBudget::work_reduced() const {
  return reducing_ && undecided_allowance_.full_undecided != 0 && undecided_ >= undecided_allowance_.full_undecided;
}

std::uint64_t WorkBudget::z3_work_per_check() const {
  return work_reduced() ? capped(budget_, undecided_allowance_.reduced_work) : budget_;
}

std::string_view WorkBudget::work_budget_note() const {
  if (!work_reduced()) return "";
  return "reduced: the allowance of undecided checks is spent";
}

void WorkBudget::count_z3_undecided() { ++undecided_; }

void WorkBudget::renew_undecided_allowance(bool reduce) {
  undecided_ = 0;
  reducing_ = reduce;
}

bool WorkBudget::cvc5_reduced() const {
  return undecided_allowance_.cvc5_full_undecided != 0 && cvc5_undecided_ >= undecided_allowance_.cvc5_full_undecided;
}

std::uint64_t WorkBudget::cvc5_work_per_check() const {
  return cvc5_reduced() ? capped(cvc5_budget_, undecided_allowance_.cvc5_reduced_work) : cvc5_budget_;
}

unsigned WorkBudget::cvc5_time_limit(unsigned requested) const {
  if (!cvc5_reduced() || allowance_.reduced_milliseconds == 0) return requested;
  return capped(requested, allowance_.reduced_milliseconds);
}

void WorkBudget::count_cvc5_undecided() { ++cvc5_undecided_; }

std::string_view WorkBudget::cvc5_reduction_note() const {
  if (!cvc5_reduced()) return "";
  return "reduced: the case's allowance of undecided cvc5 checks is spent";
}

unsigned WorkBudget::z3_time_limit(unsigned requested) const {
  const TimeLimitStage stage = time_limit_stage(allowance_, time_outs_);
  if (stage == TimeLimitStage::Full) return requested;
  const unsigned limit = stage == TimeLimitStage::Reduced ? allowance_.reduced_milliseconds : allowance_.minimal_milliseconds;
  // Exhausted: the minimal limit, should a check be asked all the same.
  return capped(requested, limit);
}

std::string_view WorkBudget::time_limit_note() const {
  switch (time_limit_stage(allowance_, time_outs_)) {
    case TimeLimitStage::Full: return "";
    case TimeLimitStage::Reduced: return "reduced: the case's allowance of full-length time-outs is spent";
    case TimeLimitStage::Minimal: return "minimal: the case's allowance of reduced time-outs is spent too";
    case TimeLimitStage::Exhausted: return "the case's whole allowance of time-outs is spent";
  }
  return "";
}

bool WorkBudget::z3_checks_exhausted() const { return time_limit_stage(allowance_, time_outs_) == TimeLimitStage::Exhausted; }

void WorkBudget::count_z3_time_out() { ++time_outs_; }

void WorkBudget::spend_time_out_allowance() { time_outs_ = std::max(time_outs_, allowance_.full_time_outs); }

}  // namespace symref::solver
