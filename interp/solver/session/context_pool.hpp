// A pool from which solvers made one after another take Z3 contexts, SMT cores and warm cvc5 solvers (no § of a paper: speed).
//
// Making and freeing a Z3 context costs about a millisecond of CPU, more than most queries of a
// random test case; a fuzz case makes a hundred solvers.  A Z3 solver made with a session that has
// a pool (solver_session.hpp) takes a context an earlier solver of the pool left behind, and gives
// its own back when destroyed, unless a time-out interrupted it or Z3 reported an error in it.  The
// pool's end frees them, or hands them to the run's pool when it is a case's (a fuzz case inside
// its run of cases, campaign.hpp).
// What a reused context carries over is Z3's internal numbering of terms: it can change which
// model Z3 picks, or whether a hard query ends within its time limit, never what a sat or unsat
// answer says.  The same sequence of solvers in a new pool gets the same answers and models on
// every run (a fuzz campaign opens one pool per run of cases, and one inside it per case).
//
// The context comes with the SMT core of the solver that gave it back, when that core never held a
// quantifier (Z3 4.8.12 keeps state of them after a pop, z3_solver.cpp): a new core's set-up
// before its first query costs about twice what a small query costs.  With a pool a solver keeps
// everything it is told one scope above the core's base, so that popping that scope leaves the
// core empty for the next solver.
//
// cvc5 likewise: making a cvc5 solver, its first check (where cvc5 sets up its theory engine) and
// freeing it cost an order of magnitude more than a check on a solver already used, whose
// assertions are only reset; a case makes two or three.
// The pool keeps such used solvers, emptied, as IdleBackend objects of the backend's own type, so
// that this header names no cvc5 type.  They end with the pool, not later: a cvc5 1.0.3 solver
// slows down with every constant ever declared on it, reset or not, so one kept from case to case
// would make a long campaign's checks ever slower.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace z3 {
class context;
class solver;
}

namespace symref::solver {

// A backend object that a pool keeps between solvers; only its backend knows what it is.
class IdleBackend {
 public:
  virtual ~IdleBackend() = default;
};

class ContextPool {
 public:
  // A pool of its own: its contexts are freed at its end.
  ContextPool();
  // A case's pool inside its run's: with no idle context of its own a solver takes one `run` holds;
  // at its end the pool hands its idle contexts to `run` instead of freeing them, but not their
  // cores, nor its cvc5 solvers: those end with it.
  explicit ContextPool(std::shared_ptr<ContextPool> run);
  ~ContextPool();
  ContextPool(const ContextPool&) = delete;
  ContextPool& operator=(const ContextPool&) = delete;

  // A context an earlier solver left behind, with its empty SMT core when it left one; or an empty
  // lease (no context, counted as made), for which the backend makes a new context.
  struct Lease {
    std::unique_ptr<z3::context> context;
    std::unique_ptr<z3::solver> core;  // destroyed before its context
    // The rlimit in force on `core` (none, or UINT64_MAX: unknown): setting Z3's parameters costs
    // about 130,000 instructions however few change, so the next solver sets it only to change it.
    std::uint64_t core_rlimit = UINT64_MAX;
  };
  Lease take();
  // Keeps a context, and an empty core made in it or none, for the next solver (the pool holds a
  // few; more are freed).
  void give_back(Lease lease);

  // An idle backend object that `fits` accepts (the latest given back first), or null.
  template <class Fits>
  std::unique_ptr<IdleBackend> take_idle_backend(Fits&& fits) {
    for (std::size_t i = idle_backends_.size(); i-- > 0;)
      if (fits(*idle_backends_[i])) {
        std::unique_ptr<IdleBackend> taken = std::move(idle_backends_[i]);
        idle_backends_.erase(idle_backends_.begin() + static_cast<std::ptrdiff_t>(i));
        ++backends_reused_;
        return taken;
      }
    return nullptr;
  }
  // Keeps an emptied backend object for a later solver of the pool (a few; more are freed).
  void give_back_backend(std::unique_ptr<IdleBackend> backend);

  std::uint64_t contexts_made() const { return made_; }
  std::uint64_t contexts_reused() const { return reused_; }
  std::uint64_t cores_reused() const { return cores_reused_; }
  std::uint64_t backends_reused() const { return backends_reused_; }

 private:
  std::vector<Lease> idle_;
  std::vector<std::unique_ptr<IdleBackend>> idle_backends_;
  std::shared_ptr<ContextPool> run_;  // a case's pool: its run's
  std::uint64_t made_ = 0;
  std::uint64_t reused_ = 0;
  std::uint64_t cores_reused_ = 0;
  std::uint64_t backends_reused_ = 0;
};

}  // namespace symref::solver
