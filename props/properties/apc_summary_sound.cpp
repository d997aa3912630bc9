// Property `apc_summary_sound` (Strejček & Trtík §3): every loop summary (θ_κ, φ_κ) of apc, light and
// heavy, meets §3's two conditions on the looping paths: for each sequence β of the loop's
// backbones (up to three), with pc_β and θ_β the path condition and state of β from the entry,
// pc_β → φ_κ[κ(β)] and θ_β(a) = θ_κ(a)[κ(β)] for every scalar a whose θ_κ(a) is not ⋆, both
// proved by the solver (κ(β) counts each backbone in β).  Inner loops' counters are fresh in each
// step of β and range over all values ≥ 0 that the step's own apc allows, with the last iteration
// of an inner loop with several counters (LoopSummary::backbone_last_iterations).
#include <functional>

#include "props/apc_subject.hpp"
#include "props/properties.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::props {

namespace {

constexpr std::size_t max_length = 3;      // iterations per looping path
constexpr std::size_t max_sequences = 12;  // per loop, to bound the cost
constexpr std::size_t max_loops = 6;       // per analysis

// pc → claim is valid (a definite unsat of pc ∧ ¬claim).
bool valid(CaseWorkspace& workspace, UnsatQueries& queries, terms::Term pc, terms::Term claim, std::uint64_t& unknown,
           bool& undecided) {
  std::uint64_t before = unknown;
  bool proved = queries.definitely_unsat(workspace.terms().logical_and(pc, workspace.terms().logical_not(claim)), unknown);
  undecided = unknown != before;
  return proved;
}

// Checks one loop summary; false after a failure recorded in `verdict`.
bool check_loop(CaseWorkspace& workspace, UnsatQueries& queries, apc::PathAbstraction& abstraction, const apc::LoopSummary& loop,
                const char* mode, PropertyVerdict& verdict) {
  terms::TermManager& terms = workspace.terms();
  apc::StarTerms& stars = abstraction.stars();
  const std::size_t k = loop.backbone_states.size();
  std::vector<std::vector<std::size_t>> sequences;
  std::function<void(std::vector<std::size_t>&)> extend = [&](std::vector<std::size_t>& prefix) {
    if (!prefix.empty()) sequences.push_back(prefix);
    if (prefix.size() == max_length || sequences.size() >= max_sequences) return;
    for (std::size_t i = 0; i < k && sequences.size() < max_sequences; ++i) {
      prefix.push_back(i);
      extend(prefix);
      prefix.pop_back();
    }
  };
  std::vector<std::size_t> empty;
  extend(empty);
  for (const std::vector<std::size_t>& sequence : sequences) {
    apc::SymbolicState theta = apc::SymbolicState::initial(loop.theta.variables());
    std::vector<terms::Term> conditions;
    std::vector<std::int64_t> counts(k, 0);
    for (std::size_t i : sequence) {
      ++counts[i];
      // The inner loops' counters of this step, fresh.
      terms::Substitution fresh(terms);
      apc::SymbolicState step = loop.backbone_states[i];
      // The step's own apc, and for inner loops with several counters their last iteration (φ_κ′
      // alone lets the sum of those counters exceed the true count).
      terms::Term step_condition = terms.logical_and(loop.backbone_open_apcs[i], loop.backbone_last_iterations[i]);
      std::vector<terms::Term> symbols = terms::collect_symbols(step_condition);
      for (std::size_t v = 0; v < step.variables().size(); ++v)
        for (terms::Term symbol : terms::collect_symbols(step.value(v))) symbols.push_back(symbol);
      for (terms::Term symbol : symbols)
        if (abstraction.is_counter(symbol) && fresh.find(symbol) == nullptr) {
          terms::Term renamed = terms.fresh_symbol(terms::Sort::integer(), "inner");
          fresh.set(symbol, renamed);
          conditions.push_back(terms.less_equal(terms.integer(0), renamed));
        }
      conditions.push_back(theta.apply_formula(fresh.apply(step_condition), stars));
      for (std::size_t v = 0; v < step.variables().size(); ++v) step.set(v, stars.absorb(fresh.apply(step.value(v))));
      theta = theta.compose(step, stars);
    }
    terms::Term pc = terms.logical_and(conditions);
    terms::Substitution at_counts(terms);
    for (std::size_t i = 0; i < k; ++i) at_counts.set(loop.counters[i], terms.integer(counts[i]));
    std::string where = std::string(mode) + " summary of the loop at line " + std::to_string(loop.location.line);
    std::string path = "a sequence of " + std::to_string(sequence.size()) + " backbone(s) of it";
    bool undecided = false;
    ++verdict.checks;
    if (!valid(workspace, queries, pc, at_counts.apply(loop.phi), verdict.unknown, undecided) && !undecided) {
      verdict.fail("the " + where + ": " + path + " does not imply the looping condition at its counts");
      return false;
    }
    // One query for all scalars; only when it fails, one per scalar to name the culprit.
    std::vector<std::pair<std::size_t, terms::Term>> claims;
    for (std::size_t v = 0; v < loop.theta.variables().size(); ++v) {
      terms::Term summarised = loop.theta.value(v);
      if (loop.theta.variables()[v]->sort().kind == terms::SortKind::IntArray || stars.contains_star(summarised)) continue;
      if (stars.contains_star(theta.value(v))) continue;  // the step itself lost the value
      claims.emplace_back(v, terms.equal(theta.value(v), at_counts.apply(summarised)));
    }
    if (claims.empty()) continue;
    ++verdict.checks;
    std::vector<terms::Term> all;
    for (const auto& claim : claims) all.push_back(claim.second);
    if (valid(workspace, queries, pc, terms.logical_and(all), verdict.unknown, undecided) || undecided) continue;
    for (const auto& [v, claim] : claims) {
      if (valid(workspace, queries, pc, claim, verdict.unknown, undecided) || undecided) continue;
      verdict.fail("the " + where + " gives " + abstraction.show(loop.theta.value(v)) + " for " +
                   abstraction.show(loop.theta.variables()[v]) + ", which " + path + " contradicts");
      return false;
    }
  }
  return true;
}

}  // namespace

PropertyVerdict check_apc_summary_sound(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  for (apc::LoopProcessing processing : {apc::LoopProcessing::Light, apc::LoopProcessing::Heavy}) {
    auto analysis = apc_for_first_assert(workspace, processing);
    if (!analysis) {
      ++verdict.skipped;
      return verdict;
    }
    const char* mode = processing == apc::LoopProcessing::Light ? "light" : "heavy";
    apc::PathAbstraction& abstraction = analysis->abstraction();
    std::size_t checked = 0;
    UnsatQueries queries(workspace);  // after the analysis is built
    for (const apc::LoopSummary& loop : abstraction.loops()) {
      if (checked++ == max_loops) break;
      if (!check_loop(workspace, queries, abstraction, loop, mode, verdict)) return verdict;
    }
  }
  return verdict;
}

}  // namespace symref::props
