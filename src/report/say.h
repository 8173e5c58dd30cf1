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

// --quiet: from now on `note` writes nothing on stderr (`tell` still does). Set once, before the run.
void set_quiet(bool quiet) noexcept;
bool quiet() noexcept;

// Writes `message` on stderr, each line prefixed (unless `on_stderr` is false: --quiet).
void write_message(std::string_view message, bool on_stderr) noexcept;

// A message for the user on stderr (an error, a refused row: --quiet keeps it): each line prefixed, the last
// one ended; never throws on a failed write.
template <typename... Args>
void tell(fmt::format_string<Args...> format, Args&&... args) {
  write_message(fmt::format(format, std::forward<Args>(args)...), true);
}

// What the user may not need to read (the summary, a note): as `tell`, but not with --quiet.
template <typename... Args>
void note(fmt::format_string<Args...> format, Args&&... args) {
  write_message(fmt::format(format, std::forward<Args>(args)...), !quiet());
}

// Machine-readable output on stdout (--json, --help, --version), as it is.
template <typename... Args>
void say_out(fmt::format_string<Args...> format, Args&&... args) {
  write_quietly(stdout, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace fastload::report
