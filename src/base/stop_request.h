// The stop that SIGINT or SIGTERM asks for, as every layer sees it: the
// signal's number and when it came. db/stop_signal.h installs the handlers
// that write it and the watcher that acts on it; a layer below (reading a pipe)
// only looks.
#pragma once

#include <atomic>
#include <cstdint>
#include <time.h>

namespace fastload {

namespace stop_request_detail {
inline std::atomic<int> signal{0};          // written by the signal handler; lock-free, so safe there
inline std::atomic<std::int64_t> at_ns{0};  // CLOCK_MONOTONIC (as std::chrono::steady_clock here)
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<std::int64_t>::is_always_lock_free);
}  // namespace stop_request_detail

// From a signal handler: async-signal-safe (clock_gettime is).
inline void request_stop(int signal) noexcept {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  stop_request_detail::at_ns.store(std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec, std::memory_order_relaxed);
  stop_request_detail::signal.store(signal, std::memory_order_release);
}

// The signal that asked to stop, or 0.
inline int stop_requested() { return stop_request_detail::signal.load(std::memory_order_acquire); }

// When it came, in steady-clock nanoseconds; read after stop_requested() said one came.
inline std::int64_t stop_requested_at() { return stop_request_detail::at_ns.load(std::memory_order_relaxed); }

}  // namespace fastload
