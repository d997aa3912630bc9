// A scope in which Z3 solvers made one after another share their contexts and SMT cores (no § of a paper: speed).
//
// Making and freeing a Z3 context costs about a millisecond of CPU, more than most queries of a
// random test case; a fuzz case makes a hundred solvers.  While a ContextReuseScope is alive on a
// thread, every Z3 solver made on that thread works in the scope's one context, solvers alive at
// the same time too (a thread runs one check at a time, and each solver keeps its own assertions,
// scopes and parameters), until a check of one is interrupted or runs out of work, or Z3 reports an
// error in one: the context is then left to the solvers holding it and the next solver gets a new
// one (going on in it after an undecided check left more queries undecided).  The scope's
// end frees it.  What a shared context carries over is Z3's internal numbering of terms: it can
// change which model Z3 picks, or whether a hard query ends within its time limit, never what a
// sat or unsat answer says.  The same sequence of solvers in a new scope gets the same answers
// and models on every run (a fuzz case opens one scope per case).
//
// A solver also takes the SMT core a solver before it left behind, when that core never held a
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

  // The scope's context (made now if there is none), with an empty SMT core an earlier solver
  // left in it, when there is one.
  struct Lease {
    std::shared_ptr<z3::context> context;
    std::unique_ptr<z3::solver> core;  // destroyed before its context
  };
  Lease take();
  // Keeps the lease's core, emptied, for the next solver, when its context is still the scope's
  // (the scope holds a few; more are freed).
  void give_back(Lease lease);
  // A check in `context` was interrupted or ran out of work, or Z3 reported an error in it: later
  // solvers get a new context.
  void spoil(const z3::context& context);

  std::uint64_t contexts_made() const { return made_; }
  std::uint64_t contexts_reused() const { return reused_; }
  std::uint64_t cores_reused() const { return cores_reused_; }

 private:
  std::shared_ptr<z3::context> context_;  // declared first: its idle cores go before it
  std::vector<std::unique_ptr<z3::solver>> idle_cores_;
  ContextReuseScope* enclosing_;
  std::uint64_t made_ = 0;
  std::uint64_t reused_ = 0;
  std::uint64_t cores_reused_ = 0;
};

}  // namespace symref::solver
