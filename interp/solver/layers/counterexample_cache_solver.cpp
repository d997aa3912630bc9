// Subset and superset answers from remembered formula sets (counterexample_cache_solver.hpp; §2).
#include "interp/solver/layers/counterexample_cache_solver.hpp"

#include <algorithm>

#include "semantics/faults.hpp"

namespace symref::solver {

std::vector<std::uint32_t> formula_set(std::span<const Term> formulas) {
  std::vector<std::uint32_t> ids;
  ids.reserve(formulas.size());
  for (Term formula : formulas)
    if (!formula->is_true()) ids.push_back(formula->id());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

namespace {
bool includes(const std::vector<std::uint32_t>& larger, const std::vector<std::uint32_t>& smaller) {
  return smaller.size() <= larger.size() && std::includes(larger.begin(), larger.end(), smaller.begin(), smaller.end());
}

template <class Entry>
void remember(std::vector<Entry>& entries, Entry entry, std::size_t capacity) {
  if (entries.size() >= capacity) entries.erase(entries.begin());
  entries.push_back(std::move(entry));
}
}  // namespace

std::optional<SatResult> CounterexampleCacheSolver::shortcut(std::span<const Term> formulas) {
  const std::vector<std::uint32_t> query = formula_set(formulas);
  // Newest first: in a depth-first search the last answers are about the nearest paths.
  for (auto known = unsat_sets_.rbegin(); known != unsat_sets_.rend(); ++known)
    if (includes(query, *known)) return SatResult::Unsat;  // an unsat subset
  for (auto known = sat_sets_.rbegin(); known != sat_sets_.rend(); ++known) {
    // A model of a superset satisfies the query.  The planted fault reads the inclusion
    // backwards, as if a model of a subset of the query (a path's prefix) satisfied all of it.
    const bool answers = fault_active(Fault::CounterexampleCacheBackwards) ? includes(query, known->ids) : includes(known->ids, query);
    if (answers) return answer_sat(known->model);
  }
  return std::nullopt;
}

void CounterexampleCacheSolver::learn(std::span<const Term> formulas, SatResult result) {
  if (result == SatResult::Sat)
    remember(sat_sets_, SatSet{formula_set(formulas), capture_model(formulas)}, capacity);
  else if (result == SatResult::Unsat)
    remember(unsat_sets_, formula_set(formulas), capacity);
}

}  // namespace symref::solver
