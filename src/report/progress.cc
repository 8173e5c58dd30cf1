#include "report/progress.h"
#include "report/say.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unistd.h>
#include <utility>

namespace fastload::report {
namespace {

constexpr auto kTick = std::chrono::milliseconds(500);  // the line's redraws; the JSON every other one
constexpr double kSmoothing = 10;  // seconds: the rates are an exponential moving average over about this long

// One reading of the counters, summed over the tables of the run.
struct Reading {
  double input_taken = 0, rows_taken = 0, input_bytes_done = 0, committed_input = 0, sent_bytes = 0,
         settled_sent = 0, committed_sent = 0, committed_bytes = 0, committed_rows = 0, chunks_in_flight = 0;
};

Reading read(const std::vector<const ProgressCounters*>& counters) {
  auto get = [](const std::atomic<std::uint64_t>& v) { return static_cast<double>(v.load(std::memory_order_relaxed)); };
  Reading r;
  for (const ProgressCounters* c : counters) {
    r.input_taken += get(c->input_taken), r.rows_taken += get(c->rows_taken);
    r.input_bytes_done += get(c->input_bytes_done), r.committed_input += get(c->committed_input);
    r.sent_bytes += get(c->sent_bytes), r.settled_sent += get(c->settled_sent);
    r.committed_sent += get(c->committed_sent), r.committed_bytes += get(c->committed_bytes);
    r.committed_rows += get(c->committed_rows), r.chunks_in_flight += get(c->chunks_in_flight);
  }
  return r;
}

}  // namespace

bool progress_on_terminal() { return ::isatty(STDERR_FILENO); }
bool progress_wanted(bool forced) { return forced || progress_on_terminal(); }

ProgressLine::ProgressLine(std::uint64_t total_input, const ProgressCounters& counters, ProgressOutputs outputs)
    : ProgressLine(total_input, std::vector<const ProgressCounters*>{&counters}, std::move(outputs)) {}

ProgressLine::ProgressLine(std::uint64_t total_input, std::vector<const ProgressCounters*> counters,
                           ProgressOutputs outputs)
    : total_input_(total_input), counters_(std::move(counters)), outputs_(std::move(outputs)) {
  thread_.start([this] { run(); });
}

ProgressLine::~ProgressLine() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ != ProgressState::done && outputs_.json) draw(ProgressState::stopped, true);  // the stream's end
  if (drawn_ && terminal_ && outputs_.line) write_quietly(stderr, "\n");
}

void ProgressLine::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  draw(state_, true);
  for (unsigned tick = 1; !wake_.wait_for(lock, kTick, [this] { return stopping_; }); ++tick) {
    if (state_ == ProgressState::done) continue;  // complete() drew the last line
    if (state_ == ProgressState::loading && outputs_.stopping()) state_ = ProgressState::stopping;
    draw(state_, tick % 2 == 0);
  }
}

void ProgressLine::finishing() {
  std::lock_guard<std::mutex> lock(mutex_);
  state_ = ProgressState::finishing;
}

void ProgressLine::complete() {
  std::lock_guard<std::mutex> lock(mutex_);
  state_ = ProgressState::done;
  draw(state_, true);
}

// The position is the input committed, and of the chunks in flight the bytes
// sent, as input bytes: a byte sent stands for as much input as it did in the
// chunks committed so far (an INSERT's text is longer than its row, a
// compressed file's input shorter). It never passes what the workers took.
ProgressSample ProgressLine::sample(ProgressState state) {
  const Reading c = read(counters_);
  ProgressSample s;
  s.state = state;
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  s.total = total_input_;
  s.read = static_cast<std::uint64_t>(c.input_taken);
  s.sent = static_cast<std::uint64_t>(c.sent_bytes);
  s.committed_bytes = static_cast<std::uint64_t>(c.committed_bytes);
  s.committed_rows = static_cast<std::uint64_t>(c.committed_rows);
  s.in_flight = static_cast<std::uint64_t>(c.chunks_in_flight);
  if (outputs_.paused && state == ProgressState::loading) s.paused = outputs_.paused();
  double per_sent = c.committed_sent > 0 ? c.committed_input / c.committed_sent : 1;
  double rows_per_input = c.committed_input > 0 ? s.committed_rows / c.committed_input  // before a commit: as taken
                          : s.read > 0          ? c.rows_taken / s.read
                                                : 0;
  double in_flight = std::max(0.0, s.sent - c.settled_sent) * per_sent;
  double done = c.input_bytes_done;
  s.position = std::max(last_position_, std::min(done + in_flight, std::max<double>(s.read, done)));
  double rows = s.committed_rows + in_flight * rows_per_input;
  if (double dt = s.seconds - last_seconds_; dt > 0) {
    double keep = std::exp(-dt / kSmoothing);
    position_sum_ = position_sum_ * keep + (1 - keep) * (s.position - last_position_) / dt;
    rows_sum_ = rows_sum_ * keep + (1 - keep) * std::max(0.0, rows - last_rows_) / dt;
    sent_sum_ = sent_sum_ * keep + (1 - keep) * std::max(0.0, s.sent - last_sent_) / dt;
    weight_ = weight_ * keep + (1 - keep);
    last_seconds_ = s.seconds;
    last_position_ = s.position;
    last_rows_ = std::max(rows, last_rows_);
    last_sent_ = static_cast<double>(s.sent);
  }
  double position_rate = weight_ > 0 ? position_sum_ / weight_ : 0;
  s.rows_per_second = weight_ > 0 ? rows_sum_ / weight_ : 0;
  s.sent_per_second = weight_ > 0 ? sent_sum_ / weight_ : 0;
  if (state == ProgressState::done) s.percent = 100.0, s.eta_seconds = 0.0;
  else if (s.total > 0) s.percent = std::min(100.0 * s.position / s.total, 99.9);  // 100 only once durable
  if (state != ProgressState::done && s.total > 0 && position_rate > 0)
    s.eta_seconds = std::max(0.0, (s.total - s.position) / position_rate);
  return s;
}

void ProgressLine::draw(ProgressState state, bool json) {
  ProgressSample s = sample(state);
  if (outputs_.json && json) say_out("{}\n", progress_json(s));
  if (!outputs_.line) return;
  // On a terminal the line redraws itself, never wider than the terminal (a wrapped line is not redrawn);
  // in a log file each update is a line.
  std::size_t width = terminal_ ? terminal_width() : 0;
  std::size_t room = width > kProgramPrefix.size() + 1 ? width - kProgramPrefix.size() - 1 : width ? 1 : 0;
  std::string line = prefixed(progress_text(s, room));
  write_quietly(stderr, terminal_ ? "\r" + line + "\x1b[K" : line + "\n");
  drawn_ = true;
}

}  // namespace fastload::report
