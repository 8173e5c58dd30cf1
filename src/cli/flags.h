// The options as CLI11 registers them (names, help, groups) and what argv gave
// them, turned into the request's values. No rule between options here: request/validate.cc.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "request/request.h"
#include "request/request.h"
#include "text/text.h"

namespace fastload::cli {

// The --help section of the options that an option file's [client] groups may give too.
inline constexpr const char* kConnectionGroup = "Connection (as the mysql client)";

// A string option whose value counts only when given: '' is a value.
struct GivenString {
  std::string text;
  CLI::Option* option = nullptr;
  std::optional<std::string> value() const;
};

// What CLI11 fills in besides the Request fields it sets itself. Registered
// options point into it: it stays where it was made until parsed.
struct Flags {
  Flags() = default;
  Flags(const Flags&) = delete;
  Flags& operator=(const Flags&) = delete;

  std::vector<std::string> positional;  // FILE... DB.TABLE
  text::DialectOptions dialect;               // the flags go straight in, the strings after parsing
  GivenString fields_terminated_by, fields_enclosed_by, fields_escaped_by, lines_terminated_by, lines_starting_by;
  GivenString chunk_size, sort_memory, columns, partitions, ledger, max_rate, part, password;
  GivenString max_lag, max_load, critical_load;
  std::vector<std::string> set, accepted, shards, replicas;
  bool no_array_binding = false, no_sort = false;
  CLI::Option *threads = nullptr, *batch_rows = nullptr, *no_array = nullptr, *skip_rows = nullptr,
              *charset = nullptr;
};

// Registers every option of fastload --help on `app`, writing into `o` and `f`.
void add_options(CLI::App& app, request::Request& o, Flags& f);

// The options of remote inputs (remote_flags.cc).
void add_remote_options(CLI::App& app, request::Request& o);
// The options of typed inputs (typed_flags.cc).
void add_typed_options(CLI::App& app, request::Request& o);
// Throws Failure(ExitCode::usage) for a remote credential given on the command line (option files only).
void refuse_secrets_on_command_line(const std::vector<std::string>& command_line);

// The positional arguments, FILE... DB.TABLE, given without a file or without the table.
Failure files_and_table_missing();

// After parsing: the strings in `f` as the Request's values (a bad value is a usage
// Failure naming its option), and which options were given.
request::Given read_flags(Flags& f, request::Request& o);

}  // namespace fastload::cli
