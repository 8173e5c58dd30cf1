// --max-rate: one token bucket for all workers, so the load as a whole sends at
// most RATE bytes a second to the server, whatever --threads is. Each worker
// takes the bytes it is about to send (a LOAD DATA LOCAL packet, an INSERT
// statement) and sleeps off any debt before sending them.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>

namespace fastload::db {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  using Now = std::function<Clock::time_point()>;
  using Sleep = std::function<void(Clock::duration)>;

  explicit RateLimiter(std::uint64_t bytes_per_second);  // the steady clock, real sleeps
  // A clock and a sleep of the caller's: tests run the bucket on a fake clock.
  RateLimiter(std::uint64_t bytes_per_second, Now now, Sleep sleep);

  // Returns once `bytes` may be sent. Thread-safe: callers share the bucket,
  // each waiting for the debt of everything taken before it, its own bytes included.
  void acquire(std::uint64_t bytes) noexcept;

  std::uint64_t rate() const { return rate_; }

 private:
  const std::uint64_t rate_;
  const double capacity_;  // most bytes saved up while nobody sends: a tenth of a second's worth
  Now now_;
  Sleep sleep_;
  std::mutex mutex_;   // guards the two below
  double tokens_ = 0;  // bytes that may be sent now; negative: owed. Starts empty: no burst at the start
  Clock::time_point updated_;
};

// The limiter of this process's load for --max-rate RATE, made on first use
// and shared by every worker's session (one fastload process runs one load);
// nullptr for 0 (no limit).
RateLimiter* shared_rate_limiter(std::uint64_t bytes_per_second);

}  // namespace fastload::db
