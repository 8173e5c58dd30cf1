#include "report/say.h"

#include "report/log.h"

#include <atomic>

namespace fastload::report {
namespace {

std::atomic<bool> quiet_output{false};

}  // namespace

void set_quiet(bool quiet) noexcept { quiet_output.store(quiet, std::memory_order_relaxed); }
bool quiet() noexcept { return quiet_output.load(std::memory_order_relaxed); }

void write_message(std::string_view message, bool on_stderr) noexcept {
  try {
    if (on_stderr) write_quietly(stderr, prefixed(message) + "\n");
    log_message(message);
  } catch (...) {  // std::bad_alloc: nobody to tell
  }
}

std::string prefixed(std::string_view message) {
  std::string out;
  out.reserve(message.size() + kProgramPrefix.size());
  for (std::size_t begin = 0;;) {
    std::size_t end = message.find('\n', begin);
    out += kProgramPrefix;
    out += message.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
    if (end == std::string_view::npos) return out;
    out += '\n';
    begin = end + 1;
  }
}

void write_quietly(std::FILE* stream, std::string_view text) noexcept {
  if (std::fwrite(text.data(), 1, text.size(), stream) != text.size()) std::clearerr(stream);
  std::fflush(stream);
}

}  // namespace fastload::report
