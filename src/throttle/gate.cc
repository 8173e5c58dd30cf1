#include "throttle/gate.h"

#include <algorithm>
#include <fmt/core.h>

namespace fastload::throttle {

// What is committed but not applied, in flight and about to be taken, at the replica's pace: when that with the
// next chunk reaches the limit, the next chunk waits (the monitor's samples come every 200 ms; workers pass in
// between).
// Until the replica's pace is measured, one chunk at a time: it lands, and the pace is known.
// The chunk the asking worker would take counts too (as big as the last one taken): else a replica could be
// handed the limit plus that chunk. With nothing ahead, a chunk goes alone, however long it takes to apply.
bool Gate::over_lag() const {
  if (max_lag_ <= 0) return false;
  const double ahead = backlog_ + unsampled_ + in_flight_ + passing_ * last_chunk_;
  if (rate_ <= 0) return ahead > 0 || passing_ > 0;
  return ahead > 0 && (ahead + last_chunk_) / rate_ >= max_lag_;
}

// Galera: each chunk is one write-set in every node's receive queue once it commits; the sample said how many
// more fit, and the chunks taken or committed since count against that.
bool Gate::over_room() const {
  return room_ && chunks_in_flight_ + chunks_unsampled_ + passing_ >= *room_;
}

std::optional<std::string> Gate::why_closed() const {
  if (pause_) return pause_;
  if (!over_lag() && !over_room()) return std::nullopt;
  return hold_.empty() ? "the chunks in flight are all the replicas can take now" : hold_;
}

bool Gate::pass(const std::function<bool()>& stopping) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (std::optional<std::string> why = why_closed(); why && !account_.stopped && !stopping()) {
    if (waiting_++ == 0) waiting_since_ = Clock::now();
    if (account_.first_pause.empty()) account_.first_pause = *why;
    while ((pause_ || over_lag() || over_room()) && !account_.stopped && !stopping())
      opened_.wait_for(lock, std::chrono::milliseconds(100));
    if (--waiting_ == 0)
      account_.paused_seconds += std::chrono::duration<double>(Clock::now() - waiting_since_).count();
  }
  const bool go = !account_.stopped && !stopping();
  if (go) ++passing_;
  return go;
}

void Gate::taken(std::uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (passing_ > 0) --passing_;
  in_flight_ += static_cast<double>(bytes);
  if (bytes > 0) last_chunk_ = static_cast<double>(bytes), ++chunks_in_flight_;
}

void Gate::settled(std::uint64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    in_flight_ = std::max(0.0, in_flight_ - static_cast<double>(bytes));
    unsampled_ += static_cast<double>(bytes);
    if (bytes > 0 && chunks_in_flight_ > 0) --chunks_in_flight_, ++chunks_unsampled_;
  }
  opened_.notify_all();
}

void Gate::update(const Reading& reading) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (reading.lag) account_.highest_lag = std::max(account_.highest_lag.value_or(0), *reading.lag);
    if (reading.stop && !account_.stopped) account_.stopped = reading.stop;
    pause_ = reading.pause;
    hold_ = reading.hold;
    backlog_ = reading.backlog, rate_ = reading.rate;
    room_ = reading.room;
    unsampled_ = 0, chunks_unsampled_ = 0;  // the sample's backlog and queues count them now
  }
  opened_.notify_all();
}

std::optional<std::string> Gate::paused() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pause_ ? pause_ : waiting_ > 0 ? why_closed() : std::nullopt;
}

std::optional<std::string> Gate::stopped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return account_.stopped;
}

Account Gate::account() const {
  std::lock_guard<std::mutex> lock(mutex_);
  Account a = account_;
  if (waiting_ > 0) a.paused_seconds += std::chrono::duration<double>(Clock::now() - waiting_since_).count();
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
