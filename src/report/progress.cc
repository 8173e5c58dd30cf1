#include "report/progress.h"
#include "report/say.h"

#include <algorithm>
#include <cstdio>
#include <fmt/core.h>
#include <unistd.h>

namespace fastload::report {

bool progress_on_terminal() { return ::isatty(STDERR_FILENO); }
bool progress_wanted(bool forced) { return forced || progress_on_terminal(); }

ProgressLine::ProgressLine(std::uint64_t total_input, const std::atomic<std::uint64_t>& input_done,
                           const std::atomic<std::uint64_t>& committed_bytes,
                           const std::atomic<std::uint64_t>& committed_rows)
    : total_input_(total_input), input_done_(input_done), committed_bytes_(committed_bytes),
      committed_rows_(committed_rows), thread_([this] { run(); }) {}

ProgressLine::~ProgressLine() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  if (drawn_ && terminal_) write_quietly(stderr, "\n");
}

void ProgressLine::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  draw(false);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return stopping_; })) draw(false);
}

void ProgressLine::complete() {
  std::lock_guard<std::mutex> lock(mutex_);
  draw(true);
}

void ProgressLine::draw(bool complete) {
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::uint64_t bytes = committed_bytes_.load(std::memory_order_relaxed);
  std::uint64_t rows = committed_rows_.load(std::memory_order_relaxed);
  std::uint64_t done = std::min(input_done_.load(std::memory_order_relaxed), total_input_);
  // All bytes committed is still not done until the barrier says so.
  double percent = complete ? 100.0 : total_input_ ? std::min(100.0 * done / total_input_, 99.9) : 0;
  double input_rate = seconds > 0 ? done / seconds : 0;
  std::string eta = complete          ? "  done"
                    : total_input_ == 0 ? ""
                    : input_rate > 0    ? fmt::format("  ETA {:.0f} s", (total_input_ - done) / input_rate)
                                        : "  ETA ?";
  std::string share = total_input_ || complete ? fmt::format("{:5.1f}%  ", percent) : "";
  // On a terminal the line redraws itself; in a log file each update is a line.
  std::string line = fmt::format("{}{} rows  {:.0f} rows/s  {:.1f} MB/s{}", share, rows,
                                 seconds > 0 ? rows / seconds : 0, seconds > 0 ? bytes / seconds / 1e6 : 0, eta);
  write_quietly(stderr, (terminal_ ? "\r" : "") + prefixed(line) + (terminal_ ? "\x1b[K" : "\n"));
  drawn_ = true;
}

}  // namespace fastload::report
