// The one way the program starts threads. `Threads` owns the threads it
// starts, keeps the first exception a body throws, and joins them (at the
// latest when it goes); every thread beside the work (the progress line, the
// stop watcher, a gate's monitor, a stream's read-ahead and its decoders) is
// one of its. `run_workers` and `parallel_for` run a pool on it: `threads`
// threads take indexes 0..count-1 in order from an atomic counter; the first
// exception stops the others from taking new indexes (the ones running
// finish) and is re-thrown after every thread has joined.
// The one std::exception_ptr the program keeps (house_errors.sh checks it): the carrier of an exception across a
// thread, re-thrown as it was thrown, so that a caller after the join still catches it by its own type (a
// db::ServerError is not sliced into a copy of its Failure). Anywhere else a failure kept for later is a
// Result (base/result.h).
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace fastload {

class Threads {
 public:
  Threads() = default;
  Threads(const Threads&) = delete;
  Threads& operator=(const Threads&) = delete;
  ~Threads() { join(); }  // what a body threw is the owner's to ask for before

  // Starts a thread running `body()`; what it throws is kept (the first of all the bodies').
  template <class Body>
  void start(Body body) {
    threads_.emplace_back([this, body = std::move(body)]() mutable {
      try {
        body();
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!error_) error_ = std::current_exception();
      }
    });
  }
  bool started() const { return !threads_.empty(); }

  // Joins every thread started (telling them to end is the owner's: its flag and condition variable); returns
  // the first exception a body threw, or none.
  std::exception_ptr join() noexcept {
    for (std::thread& t : threads_) t.join();
    threads_.clear();
    std::lock_guard<std::mutex> lock(mutex_);
    return error_;
  }

 private:
  std::vector<std::thread> threads_;  // written by one thread at a time (the owner says which)
  std::mutex mutex_;                  // guards error_
  std::exception_ptr error_;          // the first exception a body threw
};

// `body(worker)` runs once on each of `threads` threads (on the calling one
// when there is one), worker numbered 0..threads-1. The first exception sets
// `stop` (which the bodies watch) and is re-thrown after every thread joined.
template <class Body>
void run_workers(unsigned threads, std::atomic<bool>& stop, Body&& body) {
  auto loop = [&](unsigned worker) {
    try {
      body(worker);
    } catch (...) {
      stop.store(true, std::memory_order_release);
      throw;
    }
  };
  if (threads == 1) return loop(0);
  Threads pool;
  for (unsigned w = 0; w < threads; ++w) pool.start([&loop, w] { loop(w); });
  if (std::exception_ptr error = pool.join()) std::rethrow_exception(error);
}

// `body(index, worker)` runs on worker number `worker` (0..threads-1).
// `stop` may also be set by the body (or by anyone) to stop taking indexes.
template <class Body>
void parallel_for(std::size_t count, unsigned threads, std::atomic<bool>& stop, Body&& body) {
  std::atomic<std::size_t> next{0};  // written by every worker, fetch_add only
  if (count <= 1) threads = 1;
  run_workers(threads == 0 ? 1 : threads, stop, [&](unsigned worker) {
    while (!stop.load(std::memory_order_acquire)) {
      std::size_t index = next.fetch_add(1, std::memory_order_relaxed);
      if (index >= count) return;
      body(index, worker);
    }
  });
}

template <class Body>
void parallel_for(std::size_t count, unsigned threads, Body&& body) {
  std::atomic<bool> stop{false};
  parallel_for(count, threads, stop, std::forward<Body>(body));
}

}  // namespace fastload
