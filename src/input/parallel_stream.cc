#include "input/parallel_stream.h"

#include <cstring>

#include "input/byte_source.h"
#include "input/member_walker.h"

namespace fastload::input {
namespace {

// Bytes taken from the source at least at a time while cutting: fewer calls
// where members or blocks are tiny; what passes the piece's end goes back.
constexpr std::size_t kTakeStep = 64 << 10;

// The last of `spares`, or a new one when there is none.
template <class T>
T reuse(std::vector<T>& spares) {
  if (spares.empty()) return T();
  T spare = std::move(spares.back());
  spares.pop_back();
  return spare;
}

}  // namespace

ParallelStream::ParallelStream(std::shared_ptr<Source> source, Format format, unsigned threads, Limits limits)
    : ByteStream(std::move(source), format),
      limits_(limits),
      in_flight_(std::size_t{threads} * limits.pieces_per_thread),
      consumed_(this->source().offset()) {
  for (unsigned i = 0; i < threads; ++i) workers_.start([this] { work(); });
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
    piece.input = reuse(spare_inputs_);
    piece.input.clear();  // its capacity stays
    piece.input.reserve(limits_.piece_bytes + kTakeStep);  // no copies as it grows; untouched pages cost nothing
    bool whole = cut(piece.input);
    cut_all_ = !whole || piece.input.empty();
    if (whole && piece.input.empty()) return;  // the end
    if (!whole) piece.state = State::failed;   // decoded sequentially when its turn comes
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(piece));
    }
    work_ready_.notify_one();
  }
}

// Moves whole members from the source into `input` until it holds
// piece_target bytes or the input ends; false when the rest of the file must
// decode sequentially: a member larger than a piece, or bytes that are no member.
bool ParallelStream::cut(std::string& input) {
  std::size_t start = 0;  // of the member being walked
  MemberWalker walker(format());
  for (;;) {
    MemberWalker::Found found = walker.walk(std::string_view(input).substr(start));
    if (found == MemberWalker::Found::invalid) return false;
    std::size_t end = start + walker.size();  // the member's end, or as far as the walk must see
    if (end > limits_.piece_bytes) {
      if (start == 0) return false;
      give_back(input, start);
      return true;
    }
    if (found == MemberWalker::Found::more) {
      if (!take(input, end - input.size())) return true;  // the input's end: decoding judges the last member
      continue;
    }
    if (end >= limits_.piece_target) {
      give_back(input, end);
      return true;
    }
    start = end;
    walker = MemberWalker(format());
  }
}

// Appends at least `n` more bytes from the source to `input` (fewer at its end); false when none are left.
bool ParallelStream::take(std::string& input, std::size_t n) {
  std::string_view bytes = source().peek(n);
  bytes = bytes.substr(0, std::max(n, kTakeStep));
  input.append(bytes);
  source().advance(bytes.size());
  return !bytes.empty();
}

// Returns the bytes of `input` from `from` on to the source: they begin the next piece.
void ParallelStream::give_back(std::string& input, std::size_t from) {
  source().unread(std::string_view(input).substr(from));
  input.resize(from);
}

// Hands out the front piece's content; false when it has to be decoded sequentially.
bool ParallelStream::deliver(std::span<char>& out) {
  Piece& piece = queue_.front();
  {
    std::unique_lock<std::mutex> lock(mutex_);
    piece_done_.wait(lock, [&] { return piece.state == State::done || piece.state == State::failed; });
  }
  if (piece.state == State::failed) return false;
  std::size_t n = std::min(out.size(), piece.decoded - piece.delivered);
  std::memcpy(out.data(), piece.output.get() + piece.delivered, n);
  piece.delivered += n;
  delivered_ += n;
  out = out.subspan(n);
  if (piece.delivered == piece.decoded) {
    consumed_.store(piece.begin + piece.input.size(), std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(mutex_);
    spare_outputs_.push_back(std::move(piece.output));
    spare_inputs_.push_back(std::move(piece.input));
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
  std::unique_ptr<Decoder> decoder;  // kept from piece to piece, as its buffers are
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [&] { return stopping_ || next_job_ < queue_.size(); });
    if (stopping_) return;
    Piece& piece = queue_[next_job_++];  // deque references survive push_back and pop_front of others
    if (piece.state != State::queued) continue;
    piece.state = State::running;
    piece.output = reuse(spare_outputs_);
    lock.unlock();
    bool decoded = decode(piece, decoder);
    lock.lock();
    piece.state = decoded ? State::done : State::failed;
    piece_done_.notify_all();
  }
}

// Decodes a piece on its own; false when it must be decoded in sequence instead.
bool ParallelStream::decode(Piece& piece, std::unique_ptr<Decoder>& decoder) const {
  // Room for one byte past the limit, to know it is passed; pages not written to are never touched.
  if (!piece.output) piece.output = std::make_unique_for_overwrite<char[]>(limits_.piece_output + 1);
  try {
    DecodingStream stream(Source::from_memory(name(), piece.input, piece.begin), format(), 1, std::move(decoder));
    piece.decoded = stream.read(piece.output.get(), limits_.piece_output + 1);
    decoder = stream.release_decoder();
    return piece.decoded <= limits_.piece_output;
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
  workers_.join();
}

}  // namespace fastload::input
