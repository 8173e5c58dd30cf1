// The live progress line on stderr: percent of bytes committed, rows/s, MB/s
// and ETA. It never shows 100% before the barrier has returned.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace fastload::report {

// True when the progress line should be shown: stderr is a terminal, or forced.
bool progress_wanted(bool forced);
bool progress_on_terminal();

class ProgressLine {
 public:
  // Reads the counters while it runs; they must outlive it.
  ProgressLine(std::uint64_t total_bytes, const std::atomic<std::uint64_t>& committed_bytes,
               const std::atomic<std::uint64_t>& committed_rows);
  ~ProgressLine();  // stops the thread and ends the line
  // Shows 100% once the load is durable (call after the barrier).
  void complete();

 private:
  void run();
  void draw(bool complete);

  const bool terminal_ = progress_on_terminal();
  std::uint64_t total_bytes_;
  const std::atomic<std::uint64_t>& committed_bytes_;
  const std::atomic<std::uint64_t>& committed_rows_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;                 // guards stopping_ and drawing
  std::condition_variable wake_;
  bool stopping_ = false;            // written by the owner under mutex_
  bool drawn_ = false;               // written under mutex_
  std::thread thread_;
};


}  // namespace fastload::report
