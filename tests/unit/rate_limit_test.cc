#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "db/db.h"

namespace fastload {
namespace {

using db::RateLimiter;
using Clock = db::RateLimiter::Clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

// A clock that only moves when someone sleeps on it, for one thread.
struct FakeClock {
  Clock::time_point now{};
  Clock::duration slept{};
  db::RateLimiter limiter(std::uint64_t rate) {
    return db::RateLimiter(
        rate, [this] { return now; },
        [this](Clock::duration d) {
          now += d;
          slept += d;
        });
  }
};

double seconds_of(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

TEST(RateLimiter, SendingNBytesTakesNOverRate) {
  FakeClock clock;
  db::RateLimiter limiter = clock.limiter(1000);
  for (int i = 0; i < 100; ++i) limiter.acquire(50);  // 5,000 bytes at 1,000 a second
  EXPECT_NEAR(seconds_of(clock.now.time_since_epoch()), 5.0, 1e-6);
}

TEST(RateLimiter, TheFirstBytesWaitToo) {
  // The bucket starts empty: no burst at the start, so a load of N bytes takes at least N / RATE.
  FakeClock clock;
  db::RateLimiter limiter = clock.limiter(1 << 20);
  limiter.acquire(1 << 20);
  EXPECT_NEAR(seconds_of(clock.slept), 1.0, 1e-6);
}

TEST(RateLimiter, TimeSpentElsewhereCounts) {
  // A worker that waited for the server 2 s has earned tokens, but at most a tenth of a second's.
  FakeClock clock;
  db::RateLimiter limiter = clock.limiter(1000);
  clock.now += seconds(2);
  limiter.acquire(100);  // covered by the capacity: no wait
  EXPECT_EQ(clock.slept, Clock::duration::zero());
  limiter.acquire(1000);  // the whole second
  EXPECT_NEAR(seconds_of(clock.slept), 1.0, 1e-6);
}

TEST(RateLimiter, ABigPieceIsPaidAfterwards) {
  // A statement larger than the bucket is sent after its debt is slept off, never refused.
  FakeClock clock;
  db::RateLimiter limiter = clock.limiter(10);
  limiter.acquire(1000);
  EXPECT_NEAR(seconds_of(clock.slept), 100.0, 1e-6);
  limiter.acquire(0);
  EXPECT_NEAR(seconds_of(clock.slept), 100.0, 1e-6);
}

TEST(RateLimiter, NothingToSendWaitsForNoOne) {
  FakeClock clock;
  db::RateLimiter limiter = clock.limiter(10);
  limiter.acquire(100);  // 10 s owed; a worker at the end of its stream must not wait for it
  clock.now -= clock.slept;  // as if another thread were still sleeping it off
  Clock::duration before = clock.slept;
  limiter.acquire(0);
  EXPECT_EQ(clock.slept, before);
}

TEST(RateLimiter, ThreadsShareOneBucket) {
  // Four threads taking 25,000 bytes each at 200,000 a second: 0.5 s together, not 0.125 s each.
  db::RateLimiter limiter(200000);
  auto start = Clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 25; ++i) limiter.acquire(1000);
    });
  for (auto& t : threads) t.join();
  EXPECT_GE(seconds_of(Clock::now() - start), 0.5 - 1e-3);
}

TEST(RateLimiter, SharedLimiterIsOneAProcessAndRate) {
  EXPECT_EQ(db::shared_rate_limiter(0), nullptr);
  db::RateLimiter* a = db::shared_rate_limiter(12345);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a, db::shared_rate_limiter(12345));
  EXPECT_EQ(a->rate(), 12345u);
  EXPECT_NE(a, db::shared_rate_limiter(54321));
}

}  // namespace
}  // namespace fastload
