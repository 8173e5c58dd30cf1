// The live progress: a line on stderr (percent of the input, rows, rows/s,
// MB/s, ETA) and, with --progress-json, a JSON object a second on stdout for
// orchestrators. It moves by the bytes handed to the server, not only when a
// chunk commits, and never shows 100% before the barrier has returned. The
// percent counts the input as read (a compressed file's compressed bytes), so
// it never passes 100%; a pipe's size is unknown, so it shows none.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include "base/base.h"
#include <vector>

namespace fastload::report {

// True when the progress line should be shown: stderr is a terminal, or forced.
bool progress_wanted(bool forced);
bool progress_on_terminal();
std::size_t terminal_width();  // stderr's columns; 0 when it is no terminal

// What the workers count for the progress while they load (the load's
// counters, load/outcome.h, hold these). Relaxed atomics, bumped per chunk,
// but sent_bytes per packet or statement.
struct ProgressCounters {
  std::atomic<std::uint64_t> input_taken{0};      // input bytes of the chunks workers took: read
  std::atomic<std::uint64_t> rows_taken{0};       // their rows
  std::atomic<std::uint64_t> input_bytes_done{0};  // of those, the settled chunks' (committed, another part's)
  std::atomic<std::uint64_t> committed_input{0};  // of those, the committed chunks'
  std::atomic<std::uint64_t> sent_bytes{0};       // bytes handed to the server (data packets, statements)
  std::atomic<std::uint64_t> settled_sent{0};     // of those, the ones of chunks no longer in flight
  std::atomic<std::uint64_t> committed_sent{0};   // of those, the committed chunks'
  std::atomic<std::uint64_t> committed_bytes{0};  // the committed rows' bytes
  std::atomic<std::uint64_t> committed_rows{0};
  std::atomic<std::uint64_t> chunks_in_flight{0};  // taken, not settled
};

// Where the load stands, as the line and the JSON say it.
enum class ProgressState { loading, stopping, finishing, done, stopped };
const char* name(ProgressState state);

// One reading of the counters, with the smoothed rates.
struct ProgressSample {
  ProgressState state = ProgressState::loading;
  double seconds = 0;                  // since the load started
  std::uint64_t total = 0;             // input bytes, 0 when unknown
  std::uint64_t read = 0, sent = 0, committed_bytes = 0, committed_rows = 0;
  double position = 0;                 // input bytes sent, estimated: committed, and in flight by bytes sent
  std::uint64_t in_flight = 0;         // chunks
  double rows_per_second = 0, sent_per_second = 0;  // smoothed over ~10 s
  std::optional<double> percent;       // none: the size is unknown
  std::optional<double> eta_seconds;   // none: unknown
  std::optional<std::string> paused;   // why the workers wait; none: they do not
};

// "1:02:03": an ETA as h:mm:ss.
std::string clock_text(double seconds);
// The terminal line for `sample` (without the program prefix), at most `width` columns (0: no limit).
std::string progress_text(const ProgressSample& sample, std::size_t width);
// The --progress-json object for `sample`, one line.
std::string progress_json(const ProgressSample& sample);

struct ProgressOutputs {
  bool line = false;  // the line on stderr
  bool json = false;  // --progress-json on stdout
  std::function<bool()> stopping = [] { return false; };  // a stop signal arrived: chunks in flight finish
  // Why the workers wait before their next chunk (--max-lag, --max-load), or none; unset: they never do.
  std::function<std::optional<std::string>()> paused;
};

class ProgressLine {
 public:
  // Reads the counters while it runs; they must outlive it. total_input: input bytes, 0 when unknown.
  ProgressLine(std::uint64_t total_input, const ProgressCounters& counters, ProgressOutputs outputs);
  // A run of many tables: one line for all, their counters summed.
  ProgressLine(std::uint64_t total_input, std::vector<const ProgressCounters*> counters, ProgressOutputs outputs);
  ~ProgressLine();  // stops the thread and ends the line (a last JSON object says "stopped" unless complete)
  // After the load pass: the indexes, the publish and the barrier are what is left.
  void finishing();
  // Shows 100% once the load is durable (call after the barrier).
  void complete();

 private:
  void run();
  ProgressSample sample(ProgressState state);
  void draw(ProgressState state, bool json);

  const bool terminal_ = progress_on_terminal();
  const std::uint64_t total_input_;
  const std::vector<const ProgressCounters*> counters_;
  const ProgressOutputs outputs_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;                 // guards everything below, and drawing
  std::condition_variable wake_;
  bool stopping_ = false;            // written by the owner
  bool drawn_ = false;
  ProgressState state_ = ProgressState::loading;
  // The smoothing: the last reading, and the rates' weighted sums (an exponential moving average).
  double last_seconds_ = 0, last_position_ = 0, last_rows_ = 0, last_sent_ = 0;
  double rows_sum_ = 0, sent_sum_ = 0, position_sum_ = 0, weight_ = 0;
  Threads thread_;
};

}  // namespace fastload::report
