// What the solvers of one piece of work share, handed to make_solver (no § of a paper: speed and bounded work).
//
// A solver chain is built from its options and a session.  The session holds what outlives one
// solver: a pool of Z3 contexts and warm cvc5 solvers (context_pool.hpp), a store of the answers
// of a fuzz case (query_cache.hpp), the case's work budget (work_budget.hpp), the stall board a
// supervising process watches (stall_watch.hpp) and the per-check log (check_log.hpp).  Each
// solver takes them from the session it is made with, so what a chain does follows from its
// construction alone.  A new session shares nothing: every solver makes its own context and asks
// its backend every query, checks run to their own limits, nothing is published or logged — what
// a command exploring one program gets.
//
// A fuzz worker builds one session for its life: it opens a pool per run of cases and, per case,
// a Case on it — a store of answers, a pool inside the run's and a budget of its own, all three
// gone at the case's end.  A session outlives the solvers made with it.
#pragma once

#include <memory>

#include "interp/solver/session/check_log.hpp"
#include "interp/solver/session/context_pool.hpp"
#include "interp/solver/session/query_cache.hpp"
#include "interp/solver/session/stall_watch.hpp"
#include "interp/solver/session/work_budget.hpp"

namespace symref::solver {

class SolverSession {
 public:
  SolverSession() = default;
  SolverSession(const SolverSession&) = delete;
  SolverSession& operator=(const SolverSession&) = delete;

  // The pool solvers made now take contexts from (the case's inside a case), or null: none.
  const std::shared_ptr<ContextPool>& contexts() const { return case_contexts_ ? case_contexts_ : run_contexts_; }
  // The store of answers solvers made now share (QueryCacheSolver), or null: none.
  const std::shared_ptr<QueryCache>& query_cache() const { return query_cache_; }
  // The budget of every check (without a case: no limit beyond a solver's own).
  WorkBudget& budget() { return budget_; }
  // The board checks are published on, or null: none.
  StallBoard* stall_board() const { return stall_board_; }
  CheckLog& check_log() { return check_log_; }

  // From now on solvers share contexts from a new pool; the previous pool's idle contexts are freed.
  void pool_contexts() { run_contexts_ = std::make_shared<ContextPool>(); }
  // ... and no longer: each later solver makes its own.
  void stop_pooling_contexts() { run_contexts_.reset(); }
  void publish_checks_on(StallBoard* board) { stall_board_ = board; }

  // One fuzz case, for the guard's lifetime: its solvers share a store of answers (when
  // `share_answers`), the contexts of a pool of their own inside the run's (the run's idle contexts
  // taken when the case has none; the case's handed to the run at its end, without their cores;
  // its cvc5 solvers end with it) and `budget`.
  class Case {
   public:
    Case(SolverSession& session, bool share_answers, WorkBudget budget);
    ~Case();
    Case(const Case&) = delete;
    Case& operator=(const Case&) = delete;

   private:
    SolverSession& session_;
  };

 private:
  std::shared_ptr<ContextPool> run_contexts_;
  std::shared_ptr<ContextPool> case_contexts_;
  std::shared_ptr<QueryCache> query_cache_;
  WorkBudget budget_;
  StallBoard* stall_board_ = nullptr;
  CheckLog check_log_;
};

}  // namespace symref::solver
