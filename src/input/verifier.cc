#include "input/verifier.h"

#include <chrono>
#include <limits>
#include <vector>

namespace fastload::input {

Verifier::Verifier(std::string path, const StreamOptions& options) : path_(std::move(path)), options_(options) {}

Verifier::~Verifier() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  if (thread_.joinable()) thread_.join();
}

void Verifier::run() noexcept {
  std::optional<Failure> failure;
  std::unique_ptr<ByteStream> stream;
  try {
    stream = open_stream(path_, options_);
    std::vector<char> scratch(1 << 20);
    while (stream->read(scratch.data(), scratch.size()) > 0) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return;
      if (stream->verified() > verified_) {
        verified_ = stream->verified();
        changed_.notify_all();
      }
    }
  } catch (const Failure& f) {
    failure = f;
  } catch (const std::exception& e) {
    failure = Failure(ExitCode::input, path_ + ": cannot verify: " + e.what());
  }
  std::lock_guard<std::mutex> lock(mutex_);
  // A read that failed may have passed member ends first: they count.
  verified_ = failure ? (stream ? stream->verified() : 0) : std::numeric_limits<std::uint64_t>::max();
  failure_ = std::move(failure);
  finished_ = true;
  changed_.notify_all();
}

bool Verifier::wait_verified(std::uint64_t end, const std::function<bool()>& give_up) {
  std::call_once(started_, [this] { thread_ = std::thread([this] { run(); }); });
  std::unique_lock<std::mutex> lock(mutex_);
  while (!changed_.wait_for(lock, std::chrono::milliseconds(200), [&] { return verified_ >= end || finished_; }))
    if (give_up()) return false;
  if (verified_ < end && failure_) throw *failure_;
  return true;
}

}  // namespace fastload::input
