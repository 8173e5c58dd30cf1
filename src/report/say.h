// Writing to the user's terminal without throwing: a closed stderr or stdout
// (`fastload ... 2>&1 | head -2`) must not turn a load's exit code into an
// abort. fmt::print throws on a failed write; these ignore it, as there is
// nobody left to tell.
//
// Messages are kept without the program's name (a Failure's what(), a
// Problem, the summary's lines); `tell` is the one place that puts
// "fastload: " before each line the user reads on stderr.
#pragma once

#include <cstdio>
#include <fmt/core.h>
#include <string>
#include <string_view>
#include <utility>

namespace fastload::report {

// What every line fastload writes to stderr starts with (the logger's pattern uses it too).
inline constexpr std::string_view kProgramPrefix = "fastload: ";

// `message` with kProgramPrefix before each of its lines ('\n' separates them).
std::string prefixed(std::string_view message);

// Writes `text` to `stream`, ignoring a failed write.
void write_quietly(std::FILE* stream, std::string_view text) noexcept;

// A message for the user on stderr: each line prefixed, the last one ended; never throws on a failed write.
template <typename... Args>
void tell(fmt::format_string<Args...> format, Args&&... args) {
  write_quietly(stderr, prefixed(fmt::format(format, std::forward<Args>(args)...)) + "\n");
}

// Machine-readable output on stdout (--json, --help, --version), as it is.
template <typename... Args>
void say_out(fmt::format_string<Args...> format, Args&&... args) {
  write_quietly(stdout, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace fastload::report
