// The pool of Z3 contexts and warm cvc5 solvers that a session's solvers share (context_pool.hpp; no § of a paper: speed).
#include "interp/solver/session/context_pool.hpp"

#include <z3++.h>

namespace symref::solver {

namespace {
constexpr std::size_t max_idle_contexts = 4;  // a case has at most a few solvers alive at once
}  // namespace

ContextPool::ContextPool() = default;

ContextPool::ContextPool(std::shared_ptr<ContextPool> run) : run_(std::move(run)) {}

ContextPool::~ContextPool() {
  if (run_ == nullptr) return;
  for (Lease& lease : idle_) {
    // Without its core: a core reused from case to case holds on to state of theirs, and freeing
    // it at the run's end would cost a good share of a short campaign.
    lease.core.reset();
    lease.core_rlimit = UINT64_MAX;
    run_->give_back(std::move(lease));
  }
}

ContextPool::Lease ContextPool::take() {
  std::vector<Lease>* idle = &idle_;
  if (idle->empty() && run_ != nullptr) idle = &run_->idle_;
  if (idle->empty()) {
    ++made_;
    return Lease{};
  }
  ++reused_;
  Lease lease = std::move(idle->back());
  idle->pop_back();
  if (lease.core) ++cores_reused_;
  return lease;
}

void ContextPool::give_back(Lease lease) {
  if (idle_.size() < max_idle_contexts) idle_.push_back(std::move(lease));
}

void ContextPool::give_back_backend(std::unique_ptr<IdleBackend> backend) {
  if (idle_backends_.size() < max_idle_contexts) idle_backends_.push_back(std::move(backend));
}

}  // namespace symref::solver
