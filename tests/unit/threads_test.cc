// base/parallel_for.h: Threads (every thread the program starts), run_workers and parallel_for on it.
#include "base/base.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <stdexcept>
#include <string>

namespace fastload {
namespace {

TEST(Threads, RunsEveryBodyAndJoinsThem) {
  std::atomic<int> ran{0};
  Threads threads;
  EXPECT_FALSE(threads.started());
  for (int i = 0; i < 5; ++i) threads.start([&ran] { ++ran; });
  EXPECT_TRUE(threads.started());
  EXPECT_EQ(threads.join(), nullptr);
  EXPECT_EQ(ran.load(), 5);
  EXPECT_FALSE(threads.started());
  EXPECT_EQ(threads.join(), nullptr);  // joining again, with nothing started, is nothing
}

TEST(Threads, KeepsWhatABodyThrewAndTheOthersRunOn) {
  std::atomic<int> ran{0};
  Threads threads;
  threads.start([] { throw std::runtime_error("the first"); });
  for (int i = 0; i < 3; ++i) threads.start([&ran] { ++ran; });
  std::exception_ptr error = threads.join();
  ASSERT_NE(error, nullptr);
  try {
    std::rethrow_exception(error);
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "the first");
  }
  EXPECT_EQ(ran.load(), 3);
}

TEST(RunWorkers, RethrowsTheFirstErrorAfterEveryWorkerStopped) {
  std::atomic<bool> stop{false};
  std::atomic<int> finished{0};
  EXPECT_THROW(run_workers(4, stop,
                           [&](unsigned worker) {
                             if (worker == 2) throw std::runtime_error("worker 2");
                             while (!stop.load()) {
                             }
                             ++finished;
                           }),
               std::runtime_error);
  EXPECT_TRUE(stop.load());
  EXPECT_EQ(finished.load(), 3);  // the others saw the stop and ended before the error came back
}

TEST(ParallelFor, EachIndexOnce) {
  std::mutex mutex;
  std::multiset<std::size_t> seen;
  parallel_for(100, 3, [&](std::size_t index, unsigned worker) {
    EXPECT_LT(worker, 3u);
    std::lock_guard<std::mutex> lock(mutex);
    seen.insert(index);
  });
  ASSERT_EQ(seen.size(), 100u);
  for (std::size_t i = 0; i < 100; ++i) EXPECT_EQ(seen.count(i), 1u) << i;
}

}  // namespace
}  // namespace fastload
