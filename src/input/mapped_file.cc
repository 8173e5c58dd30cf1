#include "input/mapped_file.h"

#include <atomic>
#include <cerrno>
#include <csetjmp>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fmt/core.h>
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/base.h"
#include "input/spill_file.h"

namespace fastload::input {
namespace {

Failure input_error(const std::string& path, const std::string& what) {
  return Failure(ExitCode::input, fmt::format("{}: {}", path, what));
}

struct OpenFile {
  int fd = -1;
  ~OpenFile() { if (fd >= 0) ::close(fd); }
};

OpenFile open_regular(const std::string& path, struct stat& st) {
  OpenFile file;
  file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (file.fd < 0)
    throw input_error(path, fmt::format("cannot open: {}; check the path and that you may read it",
                                        std::strerror(errno)));
  if (::fstat(file.fd, &st) != 0) throw input_error(path, fmt::format("cannot stat: {}", std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) throw input_error(path, "is a directory; name a file");
  if (!S_ISREG(st.st_mode))
    throw input_error(path, "is not a regular file (pipes and devices cannot be mapped); save it to a file first");
  return file;
}

// SIGBUS on a mapping means the file shrank under us. A thread inside
// guarded_copy() jumps back and reports a read error; anywhere else the
// signal keeps its default action.
// volatile: the compiler must not drop the store around memcpy, which it
// knows cannot read this variable (only the signal handler does).
thread_local sigjmp_buf* volatile copy_guard = nullptr;

void on_sigbus(int signal, siginfo_t*, void*) {
  if (copy_guard) siglongjmp(*copy_guard, 1);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

void install_sigbus_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, nullptr);
  });
}

std::int64_t nanoseconds(const struct timespec& t) {
  return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

}  // namespace

void check_readable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode))) {
    if (::access(path.c_str(), R_OK) != 0)
      throw input_error(path, fmt::format("cannot open: {}; check that you may read it", std::strerror(errno)));
    return;  // opened when the load reads it: opening a FIFO waits for its writer
  }
  open_regular(path, st);
}

MappedFile::MappedFile(const std::string& path) : path_(path) {
  struct stat st {};
  OpenFile file = open_regular(path, st);
  size_ = static_cast<std::size_t>(st.st_size);
  device_ = st.st_dev;
  inode_ = st.st_ino;
  mtime_ns_ = nanoseconds(st.st_mtim);
  map(file.fd, path);
}

MappedFile::MappedFile(const SpillFile& spill, std::string name)
    : path_(std::move(name)), size_(static_cast<std::size_t>(spill.size())), spooled_(true) {
  map(spill.fd(), path_);
}

void MappedFile::map(int fd, const std::string& name) {
  if (size_ == 0) return;  // mmap refuses length 0; an empty file is an empty view
  void* at = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd, 0);
  if (at == MAP_FAILED) throw input_error(name, fmt::format("cannot map: {}", std::strerror(errno)));
  data_ = static_cast<const char*>(at);
  ::madvise(at, size_, MADV_SEQUENTIAL);
  install_sigbus_handler();
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(const_cast<char*>(data_), size_);
}

std::string MappedFile::changed(std::uint64_t end) const {
  // The path, not a descriptor kept open: a load of thousands of files keeps
  // them all mapped, and the path also tells when it names another file now.
  if (spooled_) return {};
  struct stat now {};
  if (::stat(path_.c_str(), &now) != 0)
    return fmt::format("the file cannot be examined any more ({}): moved or deleted while it loaded",
                       std::strerror(errno));
  if (now.st_dev != device_ || now.st_ino != inode_)
    return "the file was replaced while it loaded (its path names another file now)";
  const auto size = static_cast<std::uint64_t>(now.st_size);
  if (size < end) return fmt::format("the file shrank from {} to {} bytes while it loaded", size_, size);
  if (nanoseconds(now.st_mtim) != mtime_ns_)
    return fmt::format("the file was written to while it loaded (its modification time changed; it is {} bytes, "
                       "was {})", size, size_);
  return {};
}

void MappedFile::release(std::uint64_t begin, std::uint64_t end) const {
  static const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  std::uint64_t first = (begin + page - 1) / page * page;
  std::uint64_t last = end >= size_ ? (size_ + page - 1) / page * page : end / page * page;
  if (data_ && first < last) ::madvise(const_cast<char*>(data_) + first, last - first, MADV_DONTNEED);
}

namespace {

// Runs `copy` (memcpy from the mapping) with SIGBUS turned into a false return.
template <class Copy>
bool guarded(Copy&& copy) noexcept {
  sigjmp_buf guard;
  if (sigsetjmp(guard, 1) != 0) {
    copy_guard = nullptr;
    return false;
  }
  copy_guard = &guard;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  copy();
  std::atomic_signal_fence(std::memory_order_seq_cst);
  copy_guard = nullptr;
  return true;
}

}  // namespace

bool guarded_copy(char* to, const char* from, std::size_t size) noexcept {
  return guarded([&] { std::memcpy(to, from, size); });
}

bool guarded_gather(char* to, const std::vector<std::pair<const char*, std::size_t>>& pieces) noexcept {
  return guarded([&] {
    for (const auto& [from, size] : pieces) {
      std::memcpy(to, from, size);
      to += size;
    }
  });
}

}  // namespace fastload::input
