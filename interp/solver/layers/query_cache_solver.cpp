// Repeated queries of a fuzz case answered from its store, the backend made and brought up to date lazily (query_cache_solver.hpp; §2).
#include "interp/solver/layers/query_cache_solver.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "interp/solver/layers/counterexample_cache_solver.hpp"
#include "interp/solver/backends/encoding.hpp"
#include "interp/solver/layers/model_checking_solver.hpp"
#include "interp/solver/model_views.hpp"
#include "interp/solver/snapshot_model.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::solver {

namespace {

// The backend's model on a first answer, its reads copied into the store's tables until a
// repeat freezes them (query_cache.hpp).
class RecordingModel final : public Model {
 public:
  RecordingModel(std::unique_ptr<Model> source, std::shared_ptr<CachedAnswer> answer)
      : source_(std::move(source)), answer_(std::move(answer)), values_(answer_->values) {}

  Value symbol_value(Term symbol) const override { return reader().symbol_value(symbol); }
  Value array_element(Term array_symbol, const Value& index) const override {
    return reader().array_element(array_symbol, index);
  }
  Integer array_length(Term array_symbol) const override { return reader().array_length(array_symbol); }
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    return reader().function_value(function, arguments);
  }
  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    return reader().function_element(function, arguments, index);
  }
  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    return reader().function_length(function, arguments);
  }

 private:
  // The source itself once the tables are frozen (or replaced), else a recorder over it.
  const terms::Valuation& reader() const {
    if (answer_->frozen || answer_->values != values_) return *source_;
    recorder_.emplace(*source_, *values_);
    return *recorder_;
  }

  std::unique_ptr<Model> source_;
  std::shared_ptr<CachedAnswer> answer_;
  std::shared_ptr<terms::MapValuation> values_;
  mutable std::optional<ModelRecorder> recorder_;
};

// Where the formulas of the first `depth` scopes of `stack` end (all of them at its full depth).
std::size_t end_of_scopes(const AssertionStack& stack, unsigned depth) {
  return depth < stack.scopes() ? stack.scope_start(depth) : stack.formulas().size();
}

}  // namespace

QueryCacheSolver::QueryCacheSolver(std::string backend, BackendFactory make_backend, terms::TermManager& manager,
                                   std::shared_ptr<QueryCache> store, const CheckLog& log, bool answer_from_models)
    : backend_name_(std::move(backend)),
      make_backend_(std::move(make_backend)),
      manager_(manager),
      store_(std::move(store)),
      log_(log),
      answer_from_models_(answer_from_models) {}

void QueryCacheSolver::add(Term formula) {
  require_formula(formula);
  assertions_.add(formula);
}

QueryCache::Key QueryCacheSolver::key() const {
  std::span<const Term> formulas = assertions_.formulas();
  if (fault_active(Fault::QueryCacheKeyNewestScope)) [[unlikely]]
    formulas = formulas.subspan(assertions_.innermost_scope_start());
  // The conjuncts, nested conjunctions opened: a path condition asked as one conjunction (the
  // properties' φ) is the query the explorer asked as its conjuncts, one scope each.
  std::vector<Term>& pending = key_pending_;
  std::vector<Term>& conjuncts = key_conjuncts_;
  pending.assign(formulas.begin(), formulas.end());
  conjuncts.clear();
  while (!pending.empty()) {
    const Term formula = pending.back();
    pending.pop_back();
    if (formula->kind() == terms::TermKind::And)
      pending.insert(pending.end(), formula->begin(), formula->end());
    else
      conjuncts.push_back(formula);
  }
  return QueryCache::Key{backend_name_, manager_.serial(), formula_set(conjuncts)};
}

SatResult QueryCacheSolver::check() {
  QueryCache::Key query = key();
  std::shared_ptr<CachedAnswer> known = store_->find(query);
  // A repeated sat answer is given only with a model in hand: its tables must show one (they are
  // frozen then), else the backend is asked again now — where an unknown is an answer — rather
  // than when the model is wanted (formulas the evaluator cannot decide, such as a ∀τ without a
  // range guard, come back to the backend at every repeat).
  if (known != nullptr && known->result == SatResult::Sat && !known->shown_a_model) {
    if (known->values != nullptr && satisfies(*known->values, 0, terms::TermEvaluator::default_enumeration_limit)) {
      known->frozen = true;
      known->shown_a_model = true;
    } else {
      known.reset();
    }
  }
  if (known != nullptr) {
    ++hits_;
    last_from_cache_ = true;
    last_answer_ = std::move(known);
    last_result_ = last_answer_->result;
    count_answer(last_result_);
    log_.check(backend_name_, last_result_, 0, 0, "from the case's query cache");
    return last_result_;
  }
  // A solver whose last answers were all unsat is most likely proving validities (pc → claim as
  // pc ∧ ¬claim unsat): trying models on its queries would cost more than it saves.
  if (answer_from_models_ && unsat_in_a_row_ < unsat_answers_before_models_rest) {
    if (std::shared_ptr<CachedAnswer> answer = answer_from_recent_models(query)) {
      unsat_in_a_row_ = 0;
      ++hits_;
      ++model_hits_;
      last_from_cache_ = true;
      last_answer_ = std::move(answer);
      last_result_ = SatResult::Sat;
      log_.check(backend_name_, last_result_, 0, 0, "from a model in the case's query cache");
      return last_result_;
    }
  }
  last_from_cache_ = false;
  last_answer_.reset();
  bring_backend_up_to_date();
  last_result_ = backend_->check();
  count_answer(last_result_);
  // Unknown is never kept: the same query under a larger budget, or a luckier one, may be decided.
  if (last_result_ != SatResult::Unknown) {
    last_answer_ = store_->remember(std::move(query), last_result_);
  } else {
    // Kept with its reason (query_cache.hpp), unless an error inside the library caused it.
    std::string reason = backend_->reason_unknown();
    if (!reason.starts_with("z3 error") && !reason.starts_with("cvc5 error")) {
      last_answer_ = store_->remember(std::move(query), last_result_);
      last_answer_->reason = std::move(reason);
    }
  }
  return last_result_;
}

std::string QueryCacheSolver::reason_unknown() const {
  if (last_from_cache_) return last_answer_->reason.empty() ? "" : last_answer_->reason + " (asked before in this case)";
  return backend_ == nullptr ? "" : backend_->reason_unknown();
}

void QueryCacheSolver::set_timeout_milliseconds(unsigned milliseconds) {
  timeout_milliseconds_ = milliseconds;
  if (backend_) backend_->set_timeout_milliseconds(milliseconds);
}

void QueryCacheSolver::set_resource_limit(std::uint64_t units) {
  resource_limit_ = units;
  if (backend_) backend_->set_resource_limit(units);
}

std::optional<bool> QueryCacheSolver::backend_value(Term formula) {
  if (last_from_cache_ || backend_ == nullptr || last_result_ != SatResult::Sat) return std::nullopt;
  return backend_->backend_value(formula);
}

std::unique_ptr<Model> QueryCacheSolver::model() {
  if (last_result_ != SatResult::Sat) throw std::logic_error(name() + ": model() without a sat answer");
  if (!last_from_cache_) return fresh_model();
  // A repeated sat answer came with tables that show a model (check()), an answer from a recent
  // model with its copy of them.
  return std::make_unique<SharedModel>(last_answer_->values);
}

// New tables for the entry (models handed out of the old ones keep them), filled by the readers
// of the backend's model.
std::unique_ptr<Model> QueryCacheSolver::fresh_model() {
  if (last_answer_ == nullptr) return backend_->model();
  if (last_answer_->values == nullptr || last_answer_->frozen) {
    last_answer_->values = std::make_shared<terms::MapValuation>(manager_);
    last_answer_->frozen = false;
    last_answer_->shown_a_model = false;
    if (answer_from_models_) store_->offer_model(backend_name_, manager_.serial(), last_answer_);
  }
  return std::make_unique<RecordingModel>(backend_->model(), last_answer_);
}

std::shared_ptr<CachedAnswer> QueryCacheSolver::answer_from_recent_models(QueryCache::Key& query) {
  // The planted fault tries a model on the innermost scope's formulas alone.
  const std::size_t first = fault_active(Fault::QueryCacheModelNewestScope) ? assertions_.innermost_scope_start() : 0;
  // The side constraints that the model-checking layer above asks of every model (encoding.hpp):
  // a model read for another query may give a reference field read of this one a new object.
  std::optional<std::vector<SideConstraint>> constraints;
  for (const std::shared_ptr<CachedAnswer>& candidate : store_->recent_models(backend_name_, manager_.serial())) {
    // Within the enumeration limit of the model-checking layer above: a try may fail for nothing.
    if (candidate->values == nullptr || !satisfies(*candidate->values, first, ModelCheckingSolver::enumeration_limit)) continue;
    if (!constraints) {
      constraints.emplace();
      SideConstraintCollector collector(manager_);
      for (Term formula : assertions_.formulas().subspan(first)) collector.collect(formula, *constraints);
    }
    if (!side_constraints_hold(*constraints, *candidate->values)) continue;
    std::shared_ptr<CachedAnswer> answer = store_->remember(std::move(query), SatResult::Sat);
    // A copy, frozen: the first answer's tables go on recording what its model's readers read, so
    // that a repeat of that query still finds them complete (frozen early, a repeat would have to
    // ask the backend again for a model, and after the case's time-outs it answers unknown).
    answer->values = std::make_shared<terms::MapValuation>(*candidate->values);
    answer->frozen = true;
    answer->shown_a_model = true;
    return answer;
  }
  return nullptr;
}

bool QueryCacheSolver::side_constraints_hold(std::span<const SideConstraint> constraints, const terms::MapValuation& values) const {
  terms::TermEvaluator& evaluator = terms::evaluator_in(evaluator_, values);
  for (const SideConstraint& constraint : constraints) {
    try {
      if (!side_constraint_holds(constraint, values, evaluator)) return false;
    } catch (const terms::NotEvaluable&) {
      return false;
    }
  }
  return true;
}

bool QueryCacheSolver::satisfies(const terms::MapValuation& values, std::size_t first, std::uint64_t enumeration_limit) const {
  terms::TermEvaluator& evaluator = terms::evaluator_in(evaluator_, values);
  evaluator.set_enumeration_limit(enumeration_limit);
  // Conjunction by conjunction, the last first: a path condition ends with its newest branch
  // condition, the one an earlier path's model most often falsifies, and a false conjunct ends the
  // evaluation (the evaluator would compute every conjunct of a conjunction first).
  // Quantified conjuncts, whose bindings the evaluator enumerates, come after all the others.
  std::vector<Term>& pending = pending_conjuncts_;
  std::vector<Term>& quantified = quantified_conjuncts_;
  quantified.clear();
  const std::span<const Term> formulas = assertions_.formulas();
  pending.assign(formulas.begin() + static_cast<std::ptrdiff_t>(first), formulas.end());
  auto holds = [&](Term formula) {
    try {
      return evaluator.evaluate_boolean(formula);
    } catch (const terms::NotEvaluable&) {
      return false;
    }
  };
  while (!pending.empty()) {
    const Term formula = pending.back();
    pending.pop_back();
    if (formula->kind() == terms::TermKind::And) {
      pending.insert(pending.end(), formula->begin(), formula->end());
    } else if (formula->kind() == terms::TermKind::Forall || formula->kind() == terms::TermKind::Exists) {
      quantified.push_back(formula);
    } else if (!holds(formula)) {
      return false;
    }
  }
  return std::all_of(quantified.begin(), quantified.end(), holds);
}

void QueryCacheSolver::bring_backend_up_to_date() {
  if (backend_ == nullptr) {
    backend_ = make_backend_();
    if (timeout_milliseconds_ != 0) backend_->set_timeout_milliseconds(timeout_milliseconds_);
    if (resource_limit_ != 0) backend_->set_resource_limit(resource_limit_);
  }
  const std::span<const Term> wanted = assertions_.formulas();
  const std::span<const Term> held = backend_assertions_.formulas();
  // The deepest scope count at which what the backend holds is a prefix of what is wanted (the
  // formulas outside every scope only grow, so depth 0 always is).
  const unsigned deepest = std::min(assertions_.scopes(), backend_assertions_.scopes());
  unsigned keep = 0;
  std::size_t common = 0;  // formulas equal in both, from the start
  const std::size_t shorter = std::min(wanted.size(), held.size());
  while (common < shorter && wanted[common] == held[common]) ++common;
  while (keep < deepest && backend_assertions_.scope_start(keep) == assertions_.scope_start(keep) &&
         end_of_scopes(backend_assertions_, keep + 1) <= std::min(common, end_of_scopes(assertions_, keep + 1)))
    ++keep;
  if (end_of_scopes(backend_assertions_, keep) > std::min(common, end_of_scopes(assertions_, keep)))
    throw std::logic_error(name() + ": the formulas outside every scope changed");
  const unsigned pops = backend_assertions_.scopes() - keep;
  if (pops != 0) {
    backend_->pop(pops);
    backend_assertions_.pop(pops);
  }
  for (std::size_t index = backend_assertions_.formulas().size(); index < wanted.size(); ++index) {
    while (backend_assertions_.scopes() < assertions_.scopes() &&
           assertions_.scope_start(backend_assertions_.scopes()) == index) {
      backend_->push();
      backend_assertions_.push();
    }
    backend_->add(wanted[index]);
    backend_assertions_.add(wanted[index]);
  }
  while (backend_assertions_.scopes() < assertions_.scopes()) {
    backend_->push();
    backend_assertions_.push();
  }
}

SolverStatistics QueryCacheSolver::statistics() const {
  SolverStatistics statistics = backend_ ? backend_->statistics() : SolverStatistics{};
  statistics.shortcuts += hits_;
  return statistics;
}

}  // namespace symref::solver
