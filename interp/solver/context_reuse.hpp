// A scope in which Z3 solvers made one after another share their contexts and SMT cores (no § of a paper: speed).
//
// Making and freeing a Z3 context costs about a millisecond of CPU, more than most queries of a
// random test case; a fuzz case makes a hundred solvers.  While a ContextReuseScope is alive on a
// thread, a Z3 solver made on that thread takes a context an earlier solver of the scope left
// behind, and gives its own back when destroyed, unless a time-out interrupted it or Z3 reported an
// error in it.  The scope's end frees them.  What a reused context carries over is Z3's internal
// numbering of terms: it can change which model Z3 picks, or whether a hard query ends within its
// time limit, never what a sat or unsat answer says.  The same sequence of solvers in a new scope
// gets the same answers and models on every run (a fuzz case opens one scope per case).
//
// The context comes with the SMT core of the solver that gave it back, when that core never held a
// quantifier (Z3 4.8.12 keeps state of them after a pop, z3_solver.cpp): a new core costs 160 µs
// of set-up before its first query, twice what a small query costs.  Inside a scope a solver keeps
// everything it is told one scope above the core's base, so that popping that scope leaves the
// core empty for the next solver.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace z3 {
class context;
class solver;
}

namespace symref::solver {

class ContextReuseScope {
 public:
  ContextReuseScope();
  ~ContextReuseScope();
  ContextReuseScope(const ContextReuseScope&) = delete;
  ContextReuseScope& operator=(const ContextReuseScope&) = delete;

  // The scope alive on this thread (the innermost), or none.
  static ContextReuseScope* current();

  // A context an earlier solver left behind, with its empty SMT core when it left one; or a new
  // context and no core.
  struct Lease {
    std::unique_ptr<z3::context> context;
    std::unique_ptr<z3::solver> core;  // destroyed before its context
  };
  Lease take();
  // Keeps a context, and an empty core made in it or none, for the next solver (the pool holds a
  // few; more are freed).
  void give_back(Lease lease);

  std::uint64_t contexts_made() const { return made_; }
  std::uint64_t contexts_reused() const { return reused_; }
  std::uint64_t cores_reused() const { return cores_reused_; }

 private:
  std::vector<Lease> idle_;
  ContextReuseScope* enclosing_;
  std::uint64_t made_ = 0;
  std::uint64_t reused_ = 0;
  std::uint64_t cores_reused_ = 0;
};

}  // namespace symref::solver
