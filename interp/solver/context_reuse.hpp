// A scope in which Z3 solvers made one after another share their contexts (no § of a paper: speed).
//
// Making and freeing a Z3 context costs about a millisecond of CPU, more than most queries of a
// random test case; a fuzz case makes a hundred solvers.  While a ContextReuseScope is alive on a
// thread, a Z3 solver made on that thread takes a context an earlier solver of the scope left
// behind, and gives its own back when destroyed, unless a time-out interrupted it or Z3 reported an
// error in it.  The scope's end frees them.  What a reused context carries over is Z3's internal
// numbering of terms: it can change which model Z3 picks, or whether a hard query ends within its
// time limit, never what a sat or unsat answer says.  The same sequence of solvers in a new scope
// gets the same answers and models on every run (a fuzz case opens one scope per case).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace z3 {
class context;
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

  // A context left behind by an earlier solver, or a new one.
  std::unique_ptr<z3::context> take();
  // Keeps `context` for the next solver (the pool holds a few; more are freed).
  void give_back(std::unique_ptr<z3::context> context);

  std::uint64_t contexts_made() const { return made_; }
  std::uint64_t contexts_reused() const { return reused_; }

 private:
  std::vector<std::unique_ptr<z3::context>> idle_;
  ContextReuseScope* enclosing_;
  std::uint64_t made_ = 0;
  std::uint64_t reused_ = 0;
};

}  // namespace symref::solver
