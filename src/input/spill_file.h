// A temporary file without a name: rows that do not fit in memory before
// they load (sorted runs, held chunks) are written to it and read back. It is
// created unlinked (O_TMPFILE, else mkstemp and unlink at once), so it
// vanishes when the process ends, however it ends: a SIGKILL leaves nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace fastload::input {

class SpillFile {
 public:
  // In directory `dir` (--tmpdir). Throws Failure(ExitCode::temp_space).
  explicit SpillFile(const std::string& dir);
  ~SpillFile();
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;

  // Appends `bytes`; returns the offset they start at. Not thread-safe
  // against other appends. Throws Failure(ExitCode::temp_space) (e.g. full).
  std::uint64_t append(std::string_view bytes);
  // Reads `size` bytes at `offset` (written before) into `out`. Thread-safe.
  void read(std::uint64_t offset, char* out, std::size_t size) const;
  std::uint64_t size() const { return size_; }
  int fd() const { return fd_; }  // to map what was written (MappedFile)

 private:
  const std::string dir_;
  int fd_ = -1;
  std::uint64_t size_ = 0;  // written by append only
};

}  // namespace fastload::input
