#include "input/byte_source.h"

#include <algorithm>

namespace fastload::input {
namespace {

// Bytes copied or read at a time: large enough that system calls and page
// hand-backs are rare, small enough to stay in cache for the decoder.
constexpr std::size_t kRefill = 1 << 20;

}  // namespace

Source::Source(std::unique_ptr<Place> place, std::uint64_t offset)
    : place_(std::move(place)), eof_(place_->ended()), offset_(offset) {
  if (std::optional<std::string_view> bytes = place_->in_memory()) memory_ = *bytes;
}

std::shared_ptr<Source> Source::open(const std::string& path) {
  return std::make_shared<Source>(open_place(path), 0);
}

std::shared_ptr<Source> Source::from_memory(std::string name, std::string_view bytes, std::uint64_t offset) {
  return std::make_shared<Source>(memory_place(std::move(name), bytes), offset);
}

std::string_view Source::peek(std::size_t min) {
  min = std::max<std::size_t>(min, 1);
  if (memory_.data()) return memory_.substr(pos_);
  if (buffer_.size() - pos_ < min && !eof_) refill(min);
  return std::string_view(buffer_).substr(pos_);
}

void Source::advance(std::size_t n) {
  pos_ += n;
  offset_.store(offset() + n, std::memory_order_relaxed);
}

std::uint64_t Source::skip(std::uint64_t n) {
  std::uint64_t passed = 0;
  while (passed < n) {
    const std::size_t buffered = (memory_.data() ? memory_.size() : buffer_.size()) - pos_;
    if (buffered == 0 && !memory_.data() && !eof_) {
      const std::uint64_t unread = place_->skip(n - passed);  // a regular file: no byte of it copied
      offset_.store(offset() + unread, std::memory_order_relaxed);
      passed += unread;
      eof_ = place_->ended();
      if (passed == n) break;
    }
    const std::size_t step = std::min<std::uint64_t>(n - passed, peek().size());
    if (step == 0) break;
    advance(step);
    passed += step;
  }
  return passed;
}

void Source::unread(std::string_view bytes) {
  if (memory_.data()) {  // they stand right before pos_
    pos_ -= bytes.size();
  } else {
    buffer_.replace(0, pos_, bytes);
    pos_ = 0;
  }
  offset_.store(offset() - bytes.size(), std::memory_order_relaxed);
}

void Source::refill(std::size_t min) {
  buffer_.erase(0, pos_);
  pos_ = 0;
  while (buffer_.size() < min && !eof_) {
    std::size_t had = buffer_.size();
    std::size_t want = std::max(kRefill, min - had);
    buffer_.resize(had + want);
    std::size_t got = place_->read(buffer_.data() + had, want, offset());
    buffer_.resize(had + got);
    eof_ = got == 0 || place_->ended();
  }
}

}  // namespace fastload::input
