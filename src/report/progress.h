// The live progress line on stderr: percent of the input committed, rows/s,
// MB/s and ETA. It never shows 100% before the barrier has returned. The
// percent counts the input as read (a compressed file's compressed bytes), so
// it never passes 100%; a pipe's size is unknown, so it shows none.
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
  // total_input: input bytes, 0 when unknown; input_done: of those, the
  // committed chunks'; committed_bytes: the rows' bytes committed (for MB/s).
  ProgressLine(std::uint64_t total_input, const std::atomic<std::uint64_t>& input_done,
               const std::atomic<std::uint64_t>& committed_bytes, const std::atomic<std::uint64_t>& committed_rows);
  ~ProgressLine();  // stops the thread and ends the line
  // Shows 100% once the load is durable (call after the barrier).
  void complete();

 private:
  void run();
  void draw(bool complete);

  const bool terminal_ = progress_on_terminal();
  const std::uint64_t total_input_;
  const std::atomic<std::uint64_t>& input_done_;
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
