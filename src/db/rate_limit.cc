#include "db/rate_limit.h"

#include <algorithm>
#include <map>
#include <memory>

#include "db/stop_signal.h"

namespace fastload::db {

RateLimiter::RateLimiter(std::uint64_t bytes_per_second)
    // After a stop signal the chunks in flight are sent without waiting: the run ends within a second.
    : RateLimiter(bytes_per_second, Clock::now, [](Clock::duration d) { sleep_unless_stopped(d); }) {}

RateLimiter::RateLimiter(std::uint64_t bytes_per_second, Now now, Sleep sleep)
    : rate_(std::max<std::uint64_t>(bytes_per_second, 1)),
      capacity_(static_cast<double>(rate_) / 10),
      now_(std::move(now)),
      sleep_(std::move(sleep)),
      updated_(now_()) {}

void RateLimiter::acquire(std::uint64_t bytes) noexcept {
  if (bytes == 0) return;  // nothing to send (the end of a LOAD DATA stream) waits for no one's debt
  double owed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const Clock::time_point now = std::max(now_(), updated_);
    // Time passed refills the bucket, but no more than its capacity: an idle
    // worker pool does not earn a burst over the rate later.
    tokens_ = std::min(capacity_, tokens_ + std::chrono::duration<double>(now - updated_).count() * rate_);
    updated_ = now;
    tokens_ -= static_cast<double>(bytes);
    owed = -tokens_;
  }
  // Sleeping outside the lock: the next caller adds its bytes to the debt and waits longer.
  if (owed > 0) sleep_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(owed / rate_)));
}

RateLimiter* shared_rate_limiter(std::uint64_t bytes_per_second) {
  if (bytes_per_second == 0) return nullptr;
  static std::mutex mutex;
  // One a rate, never freed: workers reconnecting mid-load get the bucket they had.
  static std::map<std::uint64_t, std::unique_ptr<RateLimiter>> limiters;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<RateLimiter>& limiter = limiters[bytes_per_second];
  if (!limiter) limiter = std::make_unique<RateLimiter>(bytes_per_second);
  return limiter.get();
}

}  // namespace fastload::db
