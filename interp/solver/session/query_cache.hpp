// The answers of one fuzz case's solver queries, shared by all its solvers (no § of a paper: speed; §2 φ as a set of conjuncts).
//
// The properties of a random test case ask the same path conditions again and again: the forward
// exploration's, then the same ones from other engines and checks.  When a session holds a
// QueryCache (a fuzz case's, solver_session.hpp), the solvers made with it (QueryCacheSolver,
// layers/query_cache_solver.hpp) keep each definite answer here, keyed by the backend, the term manager and the set of
// conjuncts in scope (conjunctions opened: φ asked as one formula is the query of its conjuncts),
// and answer a repeated query from it.  An unknown is kept too, with its reason,
// unless an error inside the solver library caused it: within a case a repeat runs under the same
// work budget and no longer a time limit (the case's time-out allowance only shrinks), so it would
// most likely spend them again: a hard case asks its hopeless queries over and over.  A store per case keeps a case's answers independent of the cases
// before it, of --jobs and of the reproduce line.
//
// A query not in the store may still be answered from it: the models of the store's 8 latest sat
// answers (per backend and manager) are tried on its formulas, and one under which they all
// evaluate to true, and that meets their side constraints (encoding.hpp), answers sat.  A case's
// sat queries are mostly the same paths again, put in other words by other engines and
// properties, so a large share of a campaign's sat answers comes so.  Such an
// answer is not the backend's, so the properties comparing backends switch it off
// (SolverOptions::query_cache_models); a solver after three unsat answers in a row, most likely
// proving validities, skips the models until it meets a sat answer again.
//
// What it does not weaken: the key names the backend, so a property that compares backends
// (solvers_agree: Z3 against cvc5 on each path condition) still compares Z3's answer with cvc5's;
// an earlier Z3 answer to the same formulas in the case is Z3's answer to that query, and its model
// is validated again by the model-checking layer above and by the property's own evaluation.
// What it changes: a repeat's model is the first solver's, and a backend made late or skipped
// leaves the Z3 contexts other histories, so Z3 picks other models; counts that depend on which
// models come (tests generated, concretizations enumerated) then differ from a run without it —
// so `symref fuzz --no-query-cache` runs without the store.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "interp/solver/solver.hpp"

namespace symref::solver {

// What a query answered.  A sat answer's model is what the readers of the first model read from
// it (values a reader never read take their sort's default); `frozen` once a repeat handed it out,
// so that every model handed out of it reads the same values all its life.
struct CachedAnswer {
  SatResult result = SatResult::Unknown;
  std::shared_ptr<terms::MapValuation> values;
  bool frozen = false;
  bool shown_a_model = false;  // the frozen values were evaluated to satisfy the query's formulas
  std::string reason;  // an unknown's: why the backend gave up
};

class QueryCache {
 public:
  struct Key {
    std::string backend;            // "z3" or "cvc5"
    std::uint64_t manager = 0;      // TermManager::serial(): ids name terms within one manager only
    std::vector<std::uint32_t> formulas;  // the conjuncts' term ids, sorted, conjunctions opened, `true` left out
    auto operator<=>(const Key&) const = default;
  };

  // The answer kept for `key`, or null.
  std::shared_ptr<CachedAnswer> find(const Key& key);
  // Keeps `result` for `key` and returns its entry (an unknown's reason is set on it).
  std::shared_ptr<CachedAnswer> remember(Key key, SatResult result);

  // The most recent sat answers of a backend and term manager, newest first, to try their models
  // on a query not in the store (QueryCacheSolver::answer_from_recent_models).
  static constexpr std::size_t recent_models_kept = 8;
  void offer_model(const std::string& backend, std::uint64_t manager, std::shared_ptr<CachedAnswer> answer);
  std::span<const std::shared_ptr<CachedAnswer>> recent_models(const std::string& backend, std::uint64_t manager) const;

  std::uint64_t hits() const { return hits_; }
  std::uint64_t answers() const { return answers_.size(); }

 private:
  std::map<Key, std::shared_ptr<CachedAnswer>> answers_;
  // Per backend and manager, newest first.
  std::map<std::pair<std::string, std::uint64_t>, std::vector<std::shared_ptr<CachedAnswer>>> recent_models_;
  std::uint64_t hits_ = 0;
};

}  // namespace symref::solver
