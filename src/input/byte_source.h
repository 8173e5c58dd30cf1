// The raw bytes of FILE in order, from a mapping (a regular file), a file
// descriptor (stdin, a pipe) or memory, through one buffer: a decoder can look
// ahead (format magic) and give bytes back (a parallel decoder falling back to
// sequential decoding) whatever the bytes came from.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "input/mapped_file.h"

namespace fastload::input {

class Source {
 public:
  // "-" is standard input; a regular file is mapped; anything else is read().
  // Throws Failure(ExitCode::input) naming the file and what to do.
  static std::shared_ptr<Source> open(const std::string& path);
  // `bytes` found at `offset` of the file called `name`, not copied: they must outlive the source.
  static std::shared_ptr<Source> from_memory(std::string name, std::string_view bytes, std::uint64_t offset);
  ~Source();
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  // The unread bytes buffered: at least `min` of them unless the file ends
  // first; empty at the end. Valid until the next call on this source.
  std::string_view peek(std::size_t min = 1);
  // Marks the first `n` bytes peek() returned as read.
  void advance(std::size_t n);
  // Puts back `bytes`, which must be the last ones read, in front of the rest.
  void unread(std::string_view bytes);
  // True when nothing follows what peek() returned.
  bool exhausted() const { return eof_; }

  // Bytes read from the start of the file. May be called from any thread.
  std::uint64_t offset() const { return offset_.load(std::memory_order_relaxed); }
  const std::string& name() const { return name_; }
  // The size of a regular file; none for stdin and pipes.
  std::optional<std::uint64_t> size() const;

 private:
  Source(std::string name, std::uint64_t offset);
  void refill(std::size_t min);
  std::size_t read_more(char* into, std::size_t size);
  std::size_t copy_from_mapping(char* into, std::size_t size);
  std::size_t read_fd(char* into, std::size_t size);
  void wait_readable() const;

  std::string name_;
  std::unique_ptr<MappedFile> mapping_;  // a regular file, else fd_
  std::uint64_t mapped_ = 0;             // bytes of the mapping copied into buffer_
  std::uint64_t released_ = 0;           // pages before this were handed back
  int fd_ = -1;
  bool close_fd_ = false;
  bool eof_ = false;                     // nothing more to buffer
  std::string buffer_;
  std::string_view memory_;              // from_memory's bytes, instead of buffer_
  std::size_t pos_ = 0;                  // buffer_[pos_, end) or memory_[pos_, end) is unread
  std::atomic<std::uint64_t> offset_;    // written by the reading thread only
};

}  // namespace fastload::input
