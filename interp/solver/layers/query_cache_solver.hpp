// A solver layer answering a query that an earlier solver of the same fuzz case answered (no § of a paper: speed; §2 φ).
//
// The bottom layer over a backend when the session holds a store of answers (session/query_cache.hpp).
// It keeps the formulas in scope itself and hands them to the backend only when a query is not in
// the store: the backend is made at the first such query (a solver whose queries were all
// asked before never makes one), and then brought to the formulas in scope by popping to the
// longest common prefix of scopes and adding the rest.
//
// A repeated sat answer's model is the table of values the first answer's model was read for
// (query_cache.hpp); before handing it out the layer evaluates the query's formulas under it, and
// when they do not all evaluate to true (a reader read too little, or a formula the evaluator
// cannot finish) it asks the backend again for a model of its own.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "interp/solver/assertion_stack.hpp"
#include "interp/solver/backends/encoding.hpp"
#include "interp/solver/session/check_log.hpp"
#include "interp/solver/session/query_cache.hpp"
#include "interp/solver/solver.hpp"

namespace symref::terms {
class TermManager;
}

namespace symref::solver {

class QueryCacheSolver final : public Solver {
 public:
  using BackendFactory = std::function<std::unique_ptr<Solver>()>;
  // `backend`: the name of what `make_backend` makes ("z3", "cvc5"), part of the key.
  // `answer_from_models`: a query not in the store is also answered sat when the model of one of
  // the store's recent sat answers satisfies its formulas (answer_from_recent_models).  `log`: the
  // session's, where answers from the store are logged too.
  QueryCacheSolver(std::string backend, BackendFactory make_backend, terms::TermManager& manager, std::shared_ptr<QueryCache> store,
                   const CheckLog& log, bool answer_from_models = false);

  std::string name() const override { return backend_name_; }
  void push() override { assertions_.push(); }
  void pop(unsigned n = 1) override { assertions_.pop(n); }
  void add(Term formula) override;
  SatResult check() override;
  std::string reason_unknown() const override;
  void set_timeout_milliseconds(unsigned milliseconds) override;
  void set_resource_limit(std::uint64_t units) override;
  std::unique_ptr<Model> model() override;
  // The backend's own value after a check it answered; nothing after an answer from the store.
  std::optional<bool> backend_value(Term formula) override;
  // The backend's figures; checks answered from the store are counted as `shortcuts`.
  SolverStatistics statistics() const override;

  std::uint64_t hits() const { return hits_; }  // repeats and answers from recent models
  std::uint64_t model_hits() const { return model_hits_; }
  bool backend_made() const { return backend_ != nullptr; }

 private:
  QueryCache::Key key() const;
  // Makes the backend if needed and gives it exactly the scopes and formulas in `assertions_`.
  void bring_backend_up_to_date();
  // Whether every formula in scope from index `first` on (0: all) evaluates to true under
  // `values`, the newest first (a model of an earlier query most often fails the new condition),
  // enumerating at most `enumeration_limit` bindings per quantified conjunct.
  bool satisfies(const terms::MapValuation& values, std::size_t first, std::uint64_t enumeration_limit) const;
  // Whether the side constraints hold under `values` (false when one cannot be evaluated).
  bool side_constraints_hold(std::span<const SideConstraint> constraints, const terms::MapValuation& values) const;
  // A new entry for `query`, sat with a frozen copy of the tables of a recent sat answer that
  // satisfy its formulas, or null.
  std::shared_ptr<CachedAnswer> answer_from_recent_models(QueryCache::Key& query);
  std::unique_ptr<Model> fresh_model();
  void count_answer(SatResult result) {
    if (result == SatResult::Unsat) ++unsat_in_a_row_;
    else if (result == SatResult::Sat) unsat_in_a_row_ = 0;
  }
  // After this many unsat answers in a row, new queries skip the recent models until a sat answer.
  static constexpr unsigned unsat_answers_before_models_rest = 3;

  std::string backend_name_;
  BackendFactory make_backend_;
  terms::TermManager& manager_;
  std::shared_ptr<QueryCache> store_;  // the session's, kept as long as this solver
  const CheckLog& log_;
  bool answer_from_models_;
  AssertionStack assertions_;        // what the callers said
  std::unique_ptr<Solver> backend_;  // made at the first query not in the store
  AssertionStack backend_assertions_;  // what the backend holds
  unsigned timeout_milliseconds_ = 0;
  std::uint64_t resource_limit_ = 0;
  SatResult last_result_ = SatResult::Unknown;
  bool last_from_cache_ = false;
  std::shared_ptr<CachedAnswer> last_answer_;  // the store's entry of the last check (null after unknown)
  std::uint64_t hits_ = 0;
  std::uint64_t model_hits_ = 0;
  unsigned unsat_in_a_row_ = 0;
  mutable std::vector<Term> key_pending_, key_conjuncts_;  // key()'s work lists, kept for their storage
  // The evaluator of satisfies() and side_constraints_hold(), rebound to each table tried.
  mutable std::optional<terms::TermEvaluator> evaluator_;
  // satisfies()'s work lists, kept for their storage.
  mutable std::vector<Term> pending_conjuncts_;
  mutable std::vector<Term> quantified_conjuncts_;
};

}  // namespace symref::solver
