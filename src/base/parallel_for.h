// The one way work runs in parallel here: `threads` plain threads take indexes
// 0..count-1 in order from an atomic counter. The first exception stops the
// others from taking new indexes (the ones running finish) and is re-thrown
// after every thread has joined.
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace fastload {

// `body(worker)` runs once on each of `threads` threads (on the calling one
// when there is one), worker numbered 0..threads-1. The first exception sets
// `stop` (which the bodies watch) and is re-thrown after every thread joined.
template <class Body>
void run_workers(unsigned threads, std::atomic<bool>& stop, Body&& body) {
  std::exception_ptr first_error;  // written once, under error_mutex
  std::mutex error_mutex;
  auto loop = [&](unsigned worker) {
    try {
      body(worker);
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!first_error) first_error = std::current_exception();
      stop.store(true, std::memory_order_release);
    }
  };
  if (threads == 1) {
    loop(0);
  } else {
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (unsigned w = 0; w < threads; ++w) pool.emplace_back(loop, w);
    for (auto& t : pool) t.join();
  }
  if (first_error) std::rethrow_exception(first_error);
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
