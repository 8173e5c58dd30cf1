#include "chunks/read_ahead.h"

#include <chrono>
#include <limits>

namespace fastload::chunks {

ReadAhead::ReadAhead(chunks::StreamChunks& cutter, Limits limits) : cutter_(cutter), limits_(std::move(limits)) {}

ReadAhead::~ReadAhead() { stop(); }

void ReadAhead::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  std::call_once(started_, [] {});  // never started: nothing will start it now
  thread_.join();  // run() keeps what it meets for the workers: nothing is thrown
}

// Cut on while a chunk cut is not verified yet (its check lies ahead), or
// while fewer than `ready` chunks wait for the workers.
bool ReadAhead::wants_more() const {
  return !finished_ && (verified_ < cut_end_ || held_.size() < limits_.ready);
}

void ReadAhead::run() noexcept {
  try {
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return stopping_ || wants_more(); });
        if (stopping_) return;
      }
      std::optional<chunks::StreamChunk> chunk = cutter_.next();
      if (!chunk) return finish({}, std::numeric_limits<std::uint64_t>::max());
      hold(std::move(*chunk), cutter_.verified());
    }
  } catch (const Failure& failure) {
    finish(failure, cutter_.verified());  // member ends passed before the failure count
  } catch (const std::exception& e) {
    finish(internal_error(std::string("reading ahead: ") + e.what()), cutter_.verified());
  }
}

// Keeps `chunk` for a worker: in memory within the bound, else in the spill file.
void ReadAhead::hold(chunks::StreamChunk chunk, std::uint64_t verified) {
  const std::uint64_t size = chunk.bytes.size();
  bool in_memory = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    in_memory = in_memory_ + size <= limits_.memory;
    if (in_memory) in_memory_ += size;
  }
  std::optional<std::uint64_t> at;
  if (!in_memory) {
    if (!spill_) spill_ = std::make_unique<input::SpillFile>(limits_.tmpdir);
    at = spill_->append(chunk.bytes);
    std::string().swap(chunk.bytes);  // its memory back now
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (at) spilled_ += size;
  cut_end_ = chunk.chunk.end;
  verified_ = std::max(verified_, verified);
  held_.push_back({std::move(chunk), at});
  changed_.notify_all();
}

void ReadAhead::finish(Result<void> failure, std::uint64_t verified) {
  std::lock_guard<std::mutex> lock(mutex_);
  verified_ = std::max(verified_, verified);
  failure_ = std::move(failure);
  finished_ = true;
  changed_.notify_all();
}

std::optional<chunks::StreamChunk> ReadAhead::next() {
  std::call_once(started_, [this] { thread_.start([this] { run(); }); });
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return !held_.empty() || finished_ || stopping_; });
  // After a failure, a chunk past the last check that passed can never commit: it is not sent.
  if (held_.empty() || (failure_.failed() && held_.front().chunk.chunk.end > verified_)) {
    if (failure_.ok() || failure_told_) return std::nullopt;
    failure_told_ = true;
    failure_.or_throw();
  }
  Held held = std::move(held_.front());
  held_.pop_front();
  if (!held.spilled_at) in_memory_ -= held.chunk.bytes.size();
  held.chunk.verified = verified_ >= held.chunk.chunk.end;
  changed_.notify_all();  // room for the thread
  lock.unlock();
  if (held.spilled_at) {
    held.chunk.bytes.resize(held.chunk.chunk.size());
    spill_->read(*held.spilled_at, held.chunk.bytes.data(), held.chunk.bytes.size());
  }
  return std::move(held.chunk);
}

bool ReadAhead::wait_verified(std::uint64_t end, const std::function<bool()>& give_up) {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!changed_.wait_for(lock, std::chrono::milliseconds(200), [&] { return verified_ >= end || finished_; }))
    if (give_up()) return false;
  if (verified_ >= end) return true;
  failure_.or_throw();
  throw internal_error("a chunk past the end of its stream waited for its checks");
}

std::optional<Chunk> ReadAhead::unread() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (held_.empty()) return cutter_.unread();
  Chunk c = held_.front().chunk.chunk;
  c.end = c.begin;
  return c;
}

std::uint64_t ReadAhead::spilled() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return spilled_;
}

}  // namespace fastload::chunks
