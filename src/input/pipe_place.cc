// Standard input, a pipe or a FIFO: bytes that come once, in order, read with
// read(2) as they arrive; their size is not known until they end.
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <unistd.h>

#include "base/base.h"
#include "input/place.h"

namespace fastload::input {
namespace {

class PipePlace final : public Place {
 public:
  PipePlace(std::string name, int fd, bool owned) : Place(std::move(name)), fd_(fd), owned_(owned) {}
  ~PipePlace() override {
    if (owned_) ::close(fd_);
  }
  std::optional<std::uint64_t> size() const override { return std::nullopt; }
  bool random_access() const override { return false; }
  bool ended() const override { return ended_; }
  std::size_t read(char* into, std::size_t size, std::uint64_t reader_at) override;

 private:
  void wait_readable(std::uint64_t reader_at) const;

  const int fd_;
  const bool owned_;  // opened here, so closed here (not standard input)
  bool ended_ = false;
};

// A pipe that stays silent must not keep a stopped run (a signal does not end a read under SA_RESTART): the
// wait for its next bytes is a poll in slices of 0.1 s that looks at the stop request.
void PipePlace::wait_readable(std::uint64_t reader_at) const {
  struct pollfd wait {fd_, POLLIN, 0};
  for (;;) {
    const int ready = ::poll(&wait, 1, 100);  // a signal ends it with EINTR (poll is never restarted)
    if (ready > 0 || (ready < 0 && errno != EINTR)) return;  // read() says what went wrong
    if (int signal = stop_requested())
      throw Failure(ExitCode::interrupted, fmt::format("{}: stopped by signal {} while waiting for its bytes after "
                                                       "byte {}", name(), signal, reader_at));
  }
}

std::size_t PipePlace::read(char* into, std::size_t size, std::uint64_t reader_at) {
  for (;;) {
    wait_readable(reader_at);
    ssize_t got = ::read(fd_, into, size);
    if (got >= 0) {
      ended_ = got == 0 && size > 0;
      return static_cast<std::size_t>(got);
    }
    if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;  // EAGAIN: a non-blocking stdin
    throw Failure(ExitCode::input, fmt::format("{}: cannot read: {}", name(), std::strerror(errno)));
  }
}

}  // namespace

std::unique_ptr<Place> open_standard_input(const std::string&) {
  return std::make_unique<PipePlace>("standard input", STDIN_FILENO, false);
}

std::unique_ptr<Place> open_pipe(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw Failure(ExitCode::input, fmt::format("{}: cannot open: {}; check the path and that you may read it",
                                               path, std::strerror(errno)));
  return std::make_unique<PipePlace>(path, fd, true);
}

}  // namespace fastload::input
