// argv -> request::Request. Pure: no I/O here beyond what CLI11 prints for --help.
#pragma once

#include <string>
#include <vector>

#include "cli/cli_values.h"
#include "request/request.h"

namespace fastload::cli {

// Throws Failure(ExitCode::usage) on bad arguments. Returns nullopt-like
// `help_shown` when --help or --version was printed (exit 0).
struct ParsedArgs {
  request::Request options;
  bool exit_now = false;  // --help or --version was printed
};
ParsedArgs parse_args(std::vector<std::string> args);

// The connection an option file gives, as --defaults-file FILE reads it: a --shard NAME=FILE.cnf, a Spider
// link's default_file. Throws Failure(ExitCode::usage) as parse_args does.
request::ConnectionOptions read_connection_file(const std::string& path);

// Blanks the password in the process's own argv so `ps` does not show it.
void hide_password_in_argv(int argc, char** argv);

}  // namespace fastload::cli
