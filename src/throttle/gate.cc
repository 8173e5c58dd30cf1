#include "throttle/gate.h"

#include <algorithm>
#include <fmt/core.h>

namespace fastload::throttle {

// What is committed but not applied, in flight and about to be taken, at the replica's pace: when that reaches
// the limit, the next chunk waits (the monitor's samples come every 200 ms; workers pass in between).
// Until the replica's pace is measured, one chunk at a time: it lands, and the pace is known.
bool Gate::over_lag() const {
  if (max_lag_ <= 0) return false;
  const double ahead = backlog_ + unsampled_ + in_flight_ + passing_ * last_chunk_;
  if (rate_ <= 0) return ahead > 0 || passing_ > 0;
  return ahead / rate_ >= max_lag_;
}

bool Gate::pass(const std::function<bool()>& stopping) {
  std::unique_lock<std::mutex> lock(mutex_);
  while ((pause_ || over_lag()) && !account_.stopped && !stopping())
    opened_.wait_for(lock, std::chrono::milliseconds(100));
  const bool go = !account_.stopped && !stopping();
  if (go && max_lag_ > 0) ++passing_;
  return go;
}

void Gate::taken(std::uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (passing_ > 0) --passing_;
  in_flight_ += static_cast<double>(bytes);
  if (bytes > 0) last_chunk_ = static_cast<double>(bytes);
}

void Gate::settled(std::uint64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    in_flight_ = std::max(0.0, in_flight_ - static_cast<double>(bytes));
    unsampled_ += static_cast<double>(bytes);
  }
  opened_.notify_all();
}

void Gate::update(const Reading& reading) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (reading.lag) account_.highest_lag = std::max(account_.highest_lag.value_or(0), *reading.lag);
    if (reading.stop && !account_.stopped) account_.stopped = reading.stop;
    const Clock::time_point now = Clock::now();
    if (reading.pause && !closed_at_) {
      closed_at_ = now;
      if (account_.first_pause.empty()) account_.first_pause = *reading.pause;
    } else if (!reading.pause && closed_at_) {
      account_.paused_seconds += std::chrono::duration<double>(now - *closed_at_).count();
      closed_at_.reset();
    }
    pause_ = reading.pause;
    backlog_ = reading.backlog, rate_ = reading.rate;
    unsampled_ = 0;  // the sample's backlog counts them now
  }
  opened_.notify_all();
}

std::optional<std::string> Gate::paused() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pause_;
}

std::optional<std::string> Gate::stopped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return account_.stopped;
}

Account Gate::account() const {
  std::lock_guard<std::mutex> lock(mutex_);
  Account a = account_;
  if (closed_at_) a.paused_seconds += std::chrono::duration<double>(Clock::now() - *closed_at_).count();
  return a;
}

void Gate::set_marks(std::string table, std::uint64_t first_id, double max_lag) {
  std::lock_guard<std::mutex> lock(mutex_);
  mark_table_ = std::move(table);
  first_mark_ = first_id;
  max_lag_ = max_lag;
}

std::optional<std::string> Gate::mark(std::uint64_t bytes) {
  if (mark_table_.empty()) return std::nullopt;
  return fmt::format("INSERT INTO {} (id, beat, applied) VALUES ({}, 0, {})", mark_table_,
                     first_mark_ + next_mark_.fetch_add(1), bytes);
}

}  // namespace fastload::throttle
