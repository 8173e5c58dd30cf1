// The password prompt of `-p` without a value: read from the terminal without
// echo, as the mysql client does.
#pragma once

#include <string>

namespace fastload::db {

// Throws Failure(ExitCode::usage) when there is no terminal to ask on.
std::string read_password(const char* prompt);

}  // namespace fastload::db
