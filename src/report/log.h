// Where fastload's messages go: stderr (less with --quiet) and, with
// --log-file, a file that keeps every message with the time it was written.
#pragma once

#include <string>
#include <string_view>

namespace fastload::report {

// The program's logger (spdlog's default: warnings, --verbose's notes) and the
// message writers' settings, once, before the run. `log_file` empty: none;
// else appended to, each line timestamped. Throws Failure when it cannot be opened.
void setup_output(bool quiet, bool verbose, const std::string& log_file);

// Appends each line of `message` to the --log-file, if any, timestamped. Never throws.
void log_message(std::string_view message) noexcept;

}  // namespace fastload::report
