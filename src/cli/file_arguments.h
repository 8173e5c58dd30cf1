// The options read from option files as arguments for CLI11, placed before the command line's so that the
// command line wins (the last of a repeated option wins), as the mysql tools place them. Which keys a group
// may hold is decided here (docs/design.md#option-files).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

#include "cli/option_files.h"

namespace fastload::cli {

struct FileArguments {
  std::vector<std::string> args;   // for CLI11: "--name=value", "--name" "" for an empty value, "--flag"
  std::vector<std::string> shown;  // as --print-defaults prints them: "--name=value", the password as *****
  // The client library's options fastload has no flag for (ssl-cert, tls-version, ...): name, value.
  std::vector<std::pair<std::string, std::string>> library;
  std::size_t given = 0;  // options in `args` (an empty value takes two arguments)
  std::vector<FileOption> sources;  // the lines `args` came from, to name one whose value CLI11 refuses
};

// "option file F line L: " when `message` (CLI11's refusal of a value: "--NAME: 'VALUE' ...") is about a value an
// option file gave and `command_line` did not; "" otherwise.
std::string file_place(const std::string& message, const FileArguments& read,
                       const std::vector<std::string>& command_line);

// Throws Failure(ExitCode::usage) naming the file and line of a key its group may not hold: in [fastload]
// one that is not a long option of fastload's nor one the client library takes; in [client],
// [client-server] and [client-mariadb] one the mariadb client refuses too. A "loose-" key is never refused.
FileArguments file_arguments(const CLI::App& app, const std::vector<FileOption>& options);

// The client library's options that an option file may give (session.cc hands them to the library).
const std::vector<std::string>& library_option_names();

}  // namespace fastload::cli
