// A worker thread with a large stack that runs calls synchronously, for solver libraries whose
// recursion follows term depth (tooling for §2 path conditions of any length; no § of its own).
//
// cvc5 1.0.3 recurses once per nesting level when it checks and preprocesses a formula, so a
// path condition of depth 10^5 (a loop run 10^5 times) overflows the default 8 MiB stack.  Every
// call into such a library goes through run(): the caller blocks while the worker executes it,
// results and exceptions are handed back.  The stack is reserved address space; only the pages a
// deep recursion touches are ever backed by memory.
#pragma once

#include <pthread.h>

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>

namespace symref::solver {

class LargeStackThread {
 public:
  static constexpr std::size_t default_stack_bytes = std::size_t{1} << 30;

  explicit LargeStackThread(std::size_t stack_bytes = default_stack_bytes);
  ~LargeStackThread();
  LargeStackThread(const LargeStackThread&) = delete;
  LargeStackThread& operator=(const LargeStackThread&) = delete;

  // Runs `function` on the worker and returns its result or rethrows its exception.  A call made
  // from a large-stack thread — this worker or another one, such as the thread a whole command
  // runs on — runs directly, without the hand-over between threads.
  // Whether a call has needed the worker thread (made from a thread with a small stack).
  bool started() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return started_;
  }

  template <class Function>
  std::invoke_result_t<Function&> run(Function&& function) {
    using Result = std::invoke_result_t<Function&>;
    if (on_worker()) return function();
    struct Call {
      std::remove_reference_t<Function>* function = nullptr;
      std::conditional_t<std::is_void_v<Result>, bool, std::optional<Result>> result{};
      std::exception_ptr error;
      static void invoke(void* argument) {
        Call& call = *static_cast<Call*>(argument);
        try {
          if constexpr (std::is_void_v<Result>)
            (*call.function)();
          else
            call.result.emplace((*call.function)());
        } catch (...) {
          call.error = std::current_exception();
        }
      }
    } call;
    call.function = &function;
    execute(&Call::invoke, &call);
    if (call.error) std::rethrow_exception(call.error);
    if constexpr (!std::is_void_v<Result>) return std::move(*call.result);
  }

 private:
  bool on_worker() const;  // on this worker or on any other large-stack thread
  static thread_local bool current_thread_is_large_;
  void start();  // creates the worker thread
  void execute(void (*job)(void*), void* argument);  // blocks until the worker has run the job
  static void* loop(void* self);

  std::size_t stack_bytes_;
  pthread_t thread_{};
  bool started_ = false;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  void (*job_)(void*) = nullptr;
  void* argument_ = nullptr;
  bool stopping_ = false;
};

}  // namespace symref::solver
