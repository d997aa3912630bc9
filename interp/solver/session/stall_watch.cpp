// Solver checks published to a supervising process that kills a stalled one (no § of a paper: fuzz speed).
#include "interp/solver/session/stall_watch.hpp"

#include <cstdlib>
#include <thread>

namespace symref::solver {

namespace {
StallBoard* current_board = nullptr;
SimulatedTrouble simulated;

std::int64_t now_nanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

void set_stall_board(StallBoard* board) { current_board = board; }

StallBoard* stall_board() { return current_board; }

PublishedCheck::PublishedCheck(unsigned time_limit_milliseconds) : board_(current_board) {
  if (board_ == nullptr) return;
  const std::uint32_t limit = time_limit_milliseconds != 0 ? time_limit_milliseconds : board_->default_limit_milliseconds.load();
  if (limit == 0) {
    board_ = nullptr;
    return;
  }
  const std::int64_t allowed = static_cast<std::int64_t>(limit) + board_->grace_milliseconds.load();
  const std::uint64_t number = board_->checks.fetch_add(1) + 1;
  board_->deadline.store(now_nanoseconds() + allowed * 1'000'000);
  if (number == simulated.at || (simulated.also_at != 0 && number == simulated.also_at)) [[unlikely]] {
    if (simulated.crash) std::abort();
    std::this_thread::sleep_for(simulated.stall);
  }
}

PublishedCheck::~PublishedCheck() {
  if (board_ != nullptr) board_->deadline.store(0);
}

void simulate_for_testing(SimulatedTrouble trouble) { simulated = trouble; }

}  // namespace symref::solver
