// Writing to the user's terminal without throwing: a closed stderr or stdout
// (`fastload ... 2>&1 | head -2`) must not turn a load's exit code into an
// abort. fmt::print throws on a failed write; these ignore it, as there is
// nobody left to tell.
#pragma once

#include <cstdio>
#include <fmt/core.h>
#include <string_view>
#include <utility>

namespace fastload::report {

// Writes `text` to `stream`, ignoring a failed write.
void write_quietly(std::FILE* stream, std::string_view text) noexcept;

// fmt::print(stderr, ...) that never throws on a failed write.
template <typename... Args>
void say(fmt::format_string<Args...> format, Args&&... args) {
  write_quietly(stderr, fmt::format(format, std::forward<Args>(args)...));
}

// The same to stdout (machine-readable output: --json, --help).
template <typename... Args>
void say_out(fmt::format_string<Args...> format, Args&&... args) {
  write_quietly(stdout, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace fastload::report
