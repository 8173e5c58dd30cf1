#include "input/parallel_stream.h"

#include <cstring>

#include "input/byte_source.h"
#include "input/formats.h"

namespace fastload::input {
namespace {

constexpr std::size_t kOutputStep = 1 << 20;

}  // namespace

ParallelStream::ParallelStream(std::shared_ptr<Source> source, Format format, unsigned threads, Limits limits)
    : ByteStream(std::move(source), format),
      limits_(limits),
      in_flight_(std::size_t{threads} * limits.pieces_per_thread),
      consumed_(this->source().offset()) {
  for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

ParallelStream::~ParallelStream() { stop_workers(); }

std::uint64_t ParallelStream::consumed() const {
  return falling_back_.load() ? source().offset() : consumed_.load(std::memory_order_relaxed);
}

std::uint64_t ParallelStream::verified() const {
  return delivered_ + (sequential_ ? sequential_->verified() : 0);
}

std::size_t ParallelStream::read(char* into, std::size_t size) {
  std::span<char> out(into, size);
  while (!out.empty() && !sequential_) {
    cut_pieces();
    if (queue_.empty()) break;  // the end
    if (!deliver(out)) fall_back();
  }
  if (sequential_) out = out.subspan(sequential_->read(out.data(), out.size()));
  return size - out.size();
}

// Keeps the workers busy: pieces up to the bound, unless the file is all cut.
void ParallelStream::cut_pieces() {
  while (!cut_all_ && queue_.size() < in_flight_) {
    Piece piece;
    piece.begin = source().offset();
    if (!cut(piece.input)) {
      piece.state = State::failed;  // too large: decoded sequentially when its turn comes
      cut_all_ = true;
    }
    if (piece.input.empty()) {
      cut_all_ = true;
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(piece));
    }
    work_ready_.notify_one();
  }
}

// Moves the bytes up to the next member's magic (or the end) into `input`;
// false when they are more than a piece may have.
bool ParallelStream::cut(std::string& input) {
  for (;;) {
    std::string_view bytes = source().peek(kMagicBytes);
    if (bytes.size() < kMagicBytes) {  // the end: no magic fits
      input.append(bytes);
      source().advance(bytes.size());
      return input.size() <= limits_.piece_bytes;
    }
    std::size_t at = find_bzip2_stream(bytes, input.empty() ? 1 : 0);
    // Without magic, keep the last bytes: they may begin one that the next peek completes.
    std::size_t take = at != std::string_view::npos ? at : bytes.size() - (kMagicBytes - 1);
    input.append(bytes.substr(0, take));
    source().advance(take);
    if (input.size() > limits_.piece_bytes) return false;
    if (at != std::string_view::npos) return true;
  }
}

// Hands out the front piece's content; false when it has to be decoded sequentially.
bool ParallelStream::deliver(std::span<char>& out) {
  Piece& piece = queue_.front();
  {
    std::unique_lock<std::mutex> lock(mutex_);
    piece_done_.wait(lock, [&] { return piece.state == State::done || piece.state == State::failed; });
  }
  if (piece.state == State::failed) return false;
  std::size_t n = std::min(out.size(), piece.output.size() - piece.delivered);
  std::memcpy(out.data(), piece.output.data() + piece.delivered, n);
  piece.delivered += n;
  delivered_ += n;
  out = out.subspan(n);
  if (piece.delivered == piece.output.size()) {
    consumed_.store(piece.begin + piece.input.size(), std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.pop_front();
    --next_job_;
  }
  return true;
}

void ParallelStream::fall_back() {
  stop_workers();
  std::string rest;  // from the failed piece on: the last bytes taken from the source
  for (const Piece& piece : queue_) rest += piece.input;
  queue_.clear();
  source().unread(rest);
  falling_back_.store(true);
  sequential_ = std::make_unique<DecodingStream>(shared_source(), format(), 1);
}

void ParallelStream::work() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [&] { return stopping_ || next_job_ < queue_.size(); });
    if (stopping_) return;
    Piece& piece = queue_[next_job_++];  // deque references survive push_back and pop_front of others
    if (piece.state != State::queued) continue;
    piece.state = State::running;
    lock.unlock();
    bool decoded = decode(piece);
    lock.lock();
    piece.state = decoded ? State::done : State::failed;
    piece_done_.notify_all();
  }
}

// Decodes a piece on its own; false when it must be decoded in sequence instead.
bool ParallelStream::decode(Piece& piece) const {
  try {
    DecodingStream stream(Source::from_memory(name(), piece.input, piece.begin), format(), 1);
    for (;;) {  // reads one byte past the limit at most, to know it is passed
      std::size_t had = piece.output.size();
      std::size_t step = std::min(kOutputStep, limits_.piece_output + 1 - had);
      piece.output.resize(had + step);
      std::size_t got = stream.read(piece.output.data() + had, step);
      piece.output.resize(had + got);
      if (piece.output.size() > limits_.piece_output) return false;
      if (got < step) return true;
    }
  } catch (const std::exception&) {
    return false;  // the sequential decoding that follows reports it, at its exact offset
  }
}

void ParallelStream::stop_workers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& worker : workers_) worker.join();
  workers_.clear();
}

}  // namespace fastload::input
