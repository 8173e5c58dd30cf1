#include "input/byte_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/base.h"

namespace fastload::input {
namespace {

// Bytes copied or read at a time: large enough that system calls and page
// hand-backs are rare, small enough to stay in cache for the decoder.
constexpr std::size_t kRefill = 1 << 20;

Failure read_error(const std::string& name, const std::string& what) {
  return Failure(ExitCode::input, fmt::format("{}: {}", name, what));
}

}  // namespace

Source::Source(std::string name, std::uint64_t offset) : name_(std::move(name)), offset_(offset) {}

Source::~Source() {
  if (close_fd_) ::close(fd_);
}

std::shared_ptr<Source> Source::open(const std::string& path) {
  if (path == "-") {
    std::shared_ptr<Source> source(new Source("standard input", 0));
    source->fd_ = STDIN_FILENO;
    return source;
  }
  std::shared_ptr<Source> source(new Source(path, 0));
  struct stat st {};
  bool mappable = ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
  if (mappable) {  // MappedFile also words the errors for missing files and directories
    source->mapping_ = std::make_unique<MappedFile>(path);
    source->eof_ = source->mapping_->bytes().empty();
    return source;
  }
  source->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (source->fd_ < 0)
    throw read_error(path, fmt::format("cannot open: {}; check the path and that you may read it",
                                       std::strerror(errno)));
  source->close_fd_ = true;
  return source;
}

std::shared_ptr<Source> Source::from_memory(std::string name, std::string_view bytes, std::uint64_t offset) {
  std::shared_ptr<Source> source(new Source(std::move(name), offset));
  source->memory_ = bytes;
  source->eof_ = true;
  return source;
}

std::optional<std::uint64_t> Source::size() const {
  if (!mapping_) return std::nullopt;
  return mapping_->bytes().size();
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
    std::size_t got = read_more(buffer_.data() + had, want);
    buffer_.resize(had + got);
  }
}

std::size_t Source::read_more(char* into, std::size_t size) {
  std::size_t got = mapping_ ? copy_from_mapping(into, size) : read_fd(into, size);
  if (got == 0) eof_ = true;
  return got;
}

// Copies rather than decoding from the mapping in place: a file truncated
// under the mapping then fails here with a message instead of a SIGBUS deep
// in a library, and a memcpy costs little next to any decompressor.
std::size_t Source::copy_from_mapping(char* into, std::size_t size) {
  std::string_view all = mapping_->bytes();
  std::size_t n = std::min<std::uint64_t>(size, all.size() - mapped_);
  if (!guarded_copy(into, all.data() + mapped_, n))
    throw read_error(name_, fmt::format("the file shrank while being read (before byte {}); do not change it "
                                        "during a load", mapped_ + n));
  // Pages already copied go back, to keep the resident set small.
  static const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  mapping_->release(released_, mapped_);
  released_ = mapped_ / page * page;
  mapped_ += n;
  if (mapped_ == all.size()) eof_ = true;
  return n;
}

// A pipe that stays silent must not keep a stopped run (a signal does not end a read under SA_RESTART): the
// wait for its next bytes is a poll in slices of 0.1 s that looks at the stop request.
void Source::wait_readable() const {
  struct pollfd wait {fd_, POLLIN, 0};
  for (;;) {
    const int ready = ::poll(&wait, 1, 100);  // a signal ends it with EINTR (poll is never restarted)
    if (ready > 0 || (ready < 0 && errno != EINTR)) return;  // read() says what went wrong
    if (int signal = stop_requested())
      throw Failure(ExitCode::interrupted, fmt::format("{}: stopped by signal {} while waiting for its bytes after "
                                                       "byte {}", name_, signal, offset()));
  }
}

std::size_t Source::read_fd(char* into, std::size_t size) {
  for (;;) {
    wait_readable();
    ssize_t got = ::read(fd_, into, size);
    if (got >= 0) return static_cast<std::size_t>(got);
    if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;  // EAGAIN: a non-blocking stdin
    throw read_error(name_, fmt::format("cannot read: {}", std::strerror(errno)));
  }
}

}  // namespace fastload::input
