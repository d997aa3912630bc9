// The large-stack worker thread that solver calls run on (large_stack_thread.hpp; tooling, no §).
#include "interp/solver/backends/large_stack_thread.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

namespace symref::solver {

LargeStackThread::LargeStackThread(std::size_t stack_bytes) : stack_bytes_(stack_bytes) {}

void LargeStackThread::start() {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  int error = pthread_attr_setstacksize(&attributes, stack_bytes_);
  if (error == 0) error = pthread_create(&thread_, &attributes, &LargeStackThread::loop, this);
  pthread_attr_destroy(&attributes);
  if (error != 0) throw std::runtime_error(std::string("cannot start a solver thread: ") + std::strerror(error));
  started_ = true;
}

LargeStackThread::~LargeStackThread() {
  if (!started_) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  pthread_join(thread_, nullptr);
}

thread_local bool LargeStackThread::current_thread_is_large_ = false;

bool LargeStackThread::on_worker() const { return current_thread_is_large_; }

void LargeStackThread::execute(void (*job)(void*), void* argument) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!started_) start();  // the worker exists only once a call needs the hand-over
  changed_.wait(lock, [this] { return job_ == nullptr; });  // one job at a time
  job_ = job;
  argument_ = argument;
  changed_.notify_all();
  changed_.wait(lock, [this] { return job_ == nullptr; });
}

void* LargeStackThread::loop(void* self) {
  auto& thread = *static_cast<LargeStackThread*>(self);
  current_thread_is_large_ = true;
  std::unique_lock<std::mutex> lock(thread.mutex_);
  for (;;) {
    thread.changed_.wait(lock, [&] { return thread.job_ != nullptr || thread.stopping_; });
    if (thread.job_ == nullptr) return nullptr;  // stopping, nothing pending
    void (*job)(void*) = thread.job_;
    void* argument = thread.argument_;
    lock.unlock();
    job(argument);  // never throws: run() wraps the call
    lock.lock();
    thread.job_ = nullptr;
    thread.changed_.notify_all();
  }
}

}  // namespace symref::solver
