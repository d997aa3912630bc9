// Solver checks published to a supervising process that kills a stalled one (no § of a paper: fuzz speed).
#include "interp/solver/session/stall_watch.hpp"

#include <cstdlib>
#include <thread>

namespace symref::solver {

namespace {
std::int64_t now_nanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

PublishedCheck::PublishedCheck(StallBoard* board, unsigned time_limit_milliseconds) : board_(board) {
  if (board_ == nullptr) return;
  const std::uint32_t limit = time_limit_milliseconds != 0 ? time_limit_milliseconds : board_->default_limit_milliseconds.load();
  if (limit == 0) {
    board_ = nullptr;
    return;
  }
  const std::int64_t allowed = static_cast<std::int64_t>(limit) + board_->grace_milliseconds.load();
  const std::uint64_t number = board_->checks.fetch_add(1) + 1;
  board_->deadline.store(now_nanoseconds() + allowed * 1'000'000);
  const SimulatedTrouble& simulated = board_->simulated;
  if (number == simulated.at || (simulated.also_at != 0 && number == simulated.also_at)) [[unlikely]] {
    if (simulated.crash) std::abort();
    std::this_thread::sleep_for(simulated.stall);
  }
}

PublishedCheck::~PublishedCheck() {
  if (board_ != nullptr) board_->deadline.store(0);
}

}  // namespace symref::solver
