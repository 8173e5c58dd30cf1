// FILE, read-only and memory-mapped: the splitter and the workers read its
// bytes in place, and pages are handed back once a chunk is done with so the
// resident set stays bounded on files larger than memory.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#include <string_view>

namespace fastload::input {

class SpillFile;

class MappedFile {
 public:
  // Throws Failure(ExitCode::input) naming the file and what to do.
  explicit MappedFile(const std::string& path);
  // A stream's content written to `spill` (the sort of an unsorted stream: run/sort_pass.cc), mapped under
  // `name`. Nothing else writes to it, so changed() is always empty. The mapping outlives `spill`.
  MappedFile(const SpillFile& spill, std::string name);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::string_view bytes() const { return {data_, size_}; }
  const std::string& path() const { return path_; }

  // Drops the pages of [begin, end) from this process (they stay in the page
  // cache); rounded inwards to whole pages. Safe from any thread.
  void release(std::uint64_t begin, std::uint64_t end) const;
  // Whether `part` lies inside the mapping (then its offset is part.data() - bytes().data()).
  bool holds(std::string_view part) const {
    return data_ && part.data() >= data_ && part.data() + part.size() <= data_ + size_;
  }

  // Whether bytes()[0, end) may no longer be the file's: empty when not, else
  // what happened, as a sentence for a message ("the file shrank from X to Y
  // bytes while it loaded"). One stat(2) of the path: it names another file
  // (device, inode), the file is shorter than `end` (the kernel reads the cut
  // part of the last page as zeros, and raises SIGBUS past it), or it was
  // written to (its modification time moved). Safe from any thread.
  std::string changed(std::uint64_t end) const;

 private:
  std::string path_;
  const char* data_ = nullptr;
  std::size_t size_ = 0;
  std::uint64_t device_ = 0, inode_ = 0;  // as opened
  std::int64_t mtime_ns_ = 0;              // as opened, in nanoseconds
  bool spooled_ = false;                   // a SpillFile's: no path to examine

  void map(int fd, const std::string& name);
};

// Checks FILE can be opened for reading before anything else is done, so a
// typo fails in milliseconds rather than after connecting: a regular file, or
// a pipe or FIFO to stream from.
void check_readable(const std::string& path);

// Copies from a mapping; returns false instead of crashing when the mapped
// file was truncated under us (SIGBUS). Safe to call from any thread.
bool guarded_copy(char* to, const char* from, std::size_t size) noexcept;
// The same for many pieces (from, size) under one guard, copied one after the other to `to`.
bool guarded_gather(char* to, const std::vector<std::pair<const char*, std::size_t>>& pieces) noexcept;

}  // namespace fastload::input
