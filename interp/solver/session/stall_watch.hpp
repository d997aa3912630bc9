// Solver checks published to a supervising process that kills a stalled one (no § of a paper: fuzz speed).
//
// Z3 4.8.12 stalls on some nonlinear queries: for seconds, sometimes minutes, it computes with
// ever larger numbers without counting work and without looking at its interrupt flag, so neither
// the rlimit nor the watchdog's interrupt ends the check.  Only a process boundary bounds such a
// check.  A supervisor (fuzz/campaign_workers.hpp) forks worker processes and shares a StallBoard
// with each; the worker's session (solver_session.hpp) holds it, and while a Z3 or cvc5 check of
// one of its solvers runs, the board holds the moment by which it must have stopped (its time
// limit plus the board's grace); the supervisor kills the worker once that moment has passed.
// Without a board (every session that is not such a worker's) publishing costs a null test.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace symref::solver {

// For tests: the at-th check published on a board (counting from 1 over the board's life, so the
// worker that replaces a stopped one does not meet it again) first sleeps `stall`, deaf to
// interrupts as Z3 is when it stalls, or crashes the process (abort).  at = 0: off.
struct SimulatedTrouble {
  std::uint64_t at = 0;
  std::chrono::milliseconds stall{0};
  bool crash = false;
  std::uint64_t also_at = 0;  // a second check that stalls likewise (0: none)
};

// Memory shared between a supervisor and its child (mapped before the fork).
struct StallBoard {
  std::atomic<std::int64_t> deadline{0};  // steady_clock nanoseconds; 0: no check running
  std::atomic<std::uint32_t> grace_milliseconds{0};
  // The limit of a check that has none of its own (0: such checks are not published).
  std::atomic<std::uint32_t> default_limit_milliseconds{0};
  std::atomic<std::uint64_t> checks{0};   // checks published so far (for tests and statistics)
  SimulatedTrouble simulated;             // set by the supervisor before the fork
};

// Publishes one check on `board` for its lifetime, with its time limit, or the board's default
// when it has none (0); nothing when neither is set or `board` is null.
class PublishedCheck {
 public:
  PublishedCheck(StallBoard* board, unsigned time_limit_milliseconds);
  ~PublishedCheck();
  PublishedCheck(const PublishedCheck&) = delete;
  PublishedCheck& operator=(const PublishedCheck&) = delete;

 private:
  StallBoard* board_;
};

}  // namespace symref::solver
