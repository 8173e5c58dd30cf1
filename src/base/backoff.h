// The pace of every retry, of a chunk's transaction and of a remote object's read alike: how long to wait
// before trying again, and a wait that a stop request (or the caller's own cancel) ends early.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "base/stop_request.h"

namespace fastload {

// Before retry `retry` (0: the first): 0.25 s, 0.5 s, 1 s, ... at most 8 s; about 16 s over 5 retries, long
// enough for a server restart.
inline std::chrono::milliseconds backoff(unsigned retry) {
  return std::chrono::milliseconds(250 << std::min(retry, 5u));
}

// Sleeps for `duration`, or until a stop request or `cancel` (returns at once when one came before), looking
// every 50 ms.
inline void sleep_unless_stopped(std::chrono::steady_clock::duration duration,
                                 const std::atomic<bool>* cancel = nullptr) {
  const auto until = std::chrono::steady_clock::now() + duration;
  while (stop_requested() == 0 && !(cancel && cancel->load(std::memory_order_relaxed))) {
    const auto left = until - std::chrono::steady_clock::now();
    if (left <= std::chrono::steady_clock::duration::zero()) return;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(left, std::chrono::milliseconds(50)));
  }
}

}  // namespace fastload
