// The raw bytes of FILE in order, from any Place (place.h: a mapped regular
// file, a pipe, memory), through one buffer: a decoder can look ahead (format
// magic) and give bytes back (a parallel decoder falling back to sequential
// decoding) whatever the bytes came from.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "input/place.h"

namespace fastload::input {

class Source {
 public:
  // Opens PATH as the place table says ("-": standard input). Throws
  // Failure(ExitCode::input) naming the file and what to do.
  static std::shared_ptr<Source> open(const std::string& path);
  // `bytes` found at `offset` of the file called `name`, not copied: they must outlive the source.
  static std::shared_ptr<Source> from_memory(std::string name, std::string_view bytes, std::uint64_t offset);
  Source(std::unique_ptr<Place> place, std::uint64_t offset);
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  // The unread bytes buffered: at least `min` of them unless the file ends
  // first; empty at the end. Valid until the next call on this source.
  std::string_view peek(std::size_t min = 1);
  // Marks the first `n` bytes peek() returned as read.
  void advance(std::size_t n);
  // Passes over the next `n` bytes (fewer when the file ends first), unread where the place allows: how many.
  std::uint64_t skip(std::uint64_t n);
  // Puts back `bytes`, which must be the last ones read, in front of the rest.
  void unread(std::string_view bytes);
  // True when nothing follows what peek() returned.
  bool exhausted() const { return eof_; }

  // Bytes read from the start of the file. May be called from any thread.
  std::uint64_t offset() const { return offset_.load(std::memory_order_relaxed); }
  const std::string& name() const { return place_->name(); }
  // Where the bytes are: asked for its size and whether it can be read at any offset.
  const Place& place() const { return *place_; }
  // The size of a regular file; none for stdin and pipes.
  std::optional<std::uint64_t> size() const { return place_->size(); }

 private:
  void refill(std::size_t min);

  std::unique_ptr<Place> place_;
  bool eof_ = false;                     // nothing more to buffer
  std::string buffer_;
  std::string_view memory_;              // the place's bytes when in memory, instead of buffer_
  std::size_t pos_ = 0;                  // buffer_[pos_, end) or memory_[pos_, end) is unread
  std::atomic<std::uint64_t> offset_;    // written by the reading thread only
};

}  // namespace fastload::input
