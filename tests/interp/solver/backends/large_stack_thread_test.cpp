// Tests of the large-stack worker thread that cvc5 runs on (tooling for deep §2 path conditions).
#include "interp/solver/backends/large_stack_thread.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace symref::solver::testing {
namespace {

// Not a tail call: every level keeps a frame of some 300 bytes.
int depth_of(int n) {
  volatile char frame[256];
  frame[0] = static_cast<char>(n);
  if (n == 0) return 0;
  return depth_of(n - 1) + 1 + (frame[0] == 1 ? 0 : 0);
}

TEST(LargeStackThread, ReturnsResultsAndRethrowsExceptions) {
  LargeStackThread worker;
  EXPECT_EQ(worker.run([] { return 6 * 7; }), 42);
  EXPECT_EQ(worker.run([] { return std::string("text"); }), "text");
  auto owned = worker.run([] { return std::make_unique<int>(5); });
  EXPECT_EQ(*owned, 5);
  int changed = 0;
  worker.run([&] { changed = 1; });
  EXPECT_EQ(changed, 1);
  EXPECT_THROW(worker.run([]() -> int { throw std::logic_error("inside"); }), std::logic_error);
  EXPECT_EQ(worker.run([&] { return worker.run([] { return 3; }); }), 3);  // nested: runs directly
}

TEST(LargeStackThread, RecursesFarBeyondTheDefaultStack) {
  LargeStackThread worker;
  // About 60 MB of frames: far more than the 8 MiB of an ordinary thread.
  EXPECT_EQ(worker.run([] { return depth_of(200000); }), 200000);
}

}  // namespace
}  // namespace symref::solver::testing
