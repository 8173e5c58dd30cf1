#include "input/spill_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include "base/base.h"

namespace fastload::input {

namespace {

Failure temp_failure(const std::string& dir, const char* doing, int error) {
  return Failure(ExitCode::temp_space,
                 fmt::format("cannot {} a temporary file in {}: {}. Give --tmpdir a directory with room (about the "
                             "input's uncompressed size), or raise --sort-memory", doing, dir, std::strerror(error)));
}

int open_unnamed(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
  if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) throw temp_failure(dir, "create", errno);
  std::string path = dir + "/fastload-XXXXXX";  // a filesystem without O_TMPFILE: unlinked at once
  fd = ::mkostemp(path.data(), O_CLOEXEC);
  if (fd < 0) throw temp_failure(dir, "create", errno);
  ::unlink(path.c_str());
  return fd;
}

}  // namespace

SpillFile::SpillFile(const std::string& dir) : dir_(dir), fd_(open_unnamed(dir)) {}

SpillFile::~SpillFile() { ::close(fd_); }

std::uint64_t SpillFile::append(std::string_view bytes) {
  const std::uint64_t at = size_;
  while (!bytes.empty()) {
    const ssize_t n = ::pwrite(fd_, bytes.data(), bytes.size(), static_cast<off_t>(size_));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw temp_failure(dir_, "write", n < 0 ? errno : ENOSPC);
    size_ += static_cast<std::uint64_t>(n);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return at;
}

void SpillFile::read(std::uint64_t offset, char* out, std::size_t size) const {
  while (size > 0) {
    const ssize_t n = ::pread(fd_, out, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw temp_failure(dir_, "read back", n < 0 ? errno : EIO);
    out += n;
    offset += static_cast<std::uint64_t>(n);
    size -= static_cast<std::size_t>(n);
  }
}

}  // namespace fastload::input
