// The values of command-line options: sizes, whole numbers, K/N, NAME=WHERE, DB.TABLE, lists of names. A bad value is a
// Failure(ExitCode::usage) whose message names the option where the caller gives it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/base.h"
#include "request/request.h"

namespace fastload::cli {

// A whole number written in decimal digits only, from `least` to `most`; nullopt otherwise. No sign, blank,
// "0x" or octal reading of a leading 0: "-1" must never wrap to 2^64 - 1 ("010" is 10).
std::optional<std::uint64_t> parse_whole_number(std::string_view text, std::uint64_t least, std::uint64_t most);

// "64M" -> 67108864. K, M, G (and KB/MB/GB, KiB...) are powers of 1024. `option` (e.g. "--chunk-size")
// is named in the message when given.
std::uint64_t parse_size(const std::string& text, const std::string& option = "");

// "db.table", "`my.db`.`t``x`" -> {db, table}: unquoted names split at the first dot. `option` (e.g. "--ledger")
// is named in the message when given.
std::pair<std::string, std::string> parse_table_name(const std::string& text, const std::string& option = "");

// The target: DB.TABLE as parse_table_name reads it, or a database alone ("db", "`my.db`") -> {db, ""}: then each
// FILE loads into the table named after it (dump/tables.h).
std::pair<std::string, std::string> parse_target(const std::string& text);

// --part "K/N" with 1 <= K <= N <= 65535 -> {K, N}.
std::pair<unsigned, unsigned> parse_part(const std::string& text);

// --columns "a,@x,`b,c`" -> {a}, {x, variable}, {b,c}: entries split at commas
// outside backticks. Throws Failure(ExitCode::usage) for an empty or malformed entry.
std::vector<request::ColumnEntry> parse_columns(const std::string& text);

// --partition "p1,`p 2`" -> {p1, p 2}: names split at commas outside backticks. Throws
// Failure(ExitCode::usage) for an empty or malformed name.
std::vector<std::string> parse_partitions(const std::string& text);

// --shard NAME=WHERE: an option file (*.cnf) or [user@]host[:port] / [user@]/socket.
request::ShardConnection parse_shard(const std::string& text);
// --replica [NAME=]WHERE, WHERE as for --shard; NAME defaults to WHERE.
request::ShardConnection parse_replica(const std::string& text);

// throttle_values.cc: --max-load / --critical-load "Threads_running=40,Threads_connected=500" (`option` names it
// in messages); --max-lag's seconds ("2", "0.5": more than 0, at most a day).
std::vector<request::StatusLimit> parse_status_limits(const std::string& text, const std::string& option);
double parse_seconds(const std::string& text, const std::string& option);

// --accept-conversion's names -> their Conversion bits: int-fraction, time-fraction, timestamp-null, bit-text,
// enum-index, all. Another name is refused naming the option, the name and every name it takes.
unsigned parse_conversions(const std::vector<std::string>& names);

// A flag's value, as `--resume=VALUE` or `resume=VALUE` in an option file gives it: 1, true, yes, on -> true;
// 0, false, no, off -> false (case-insensitive); anything else -> nullopt, refused
// (docs/design.md#command-line-values).
std::optional<bool> parse_flag_value(std::string_view text);
// Those words, for messages.
inline constexpr const char* kFlagWords = "1/0, true/false, yes/no, on/off";

// An option's value as --help names it (N, FILE), for messages: VALUE for none ("", CLI11's TEXT).
std::string value_name(const std::string& type);
// An option that takes a value, given without one: "--threads needs a value: give --threads N".
Failure value_missing(const std::string& option, const std::string& type);

// --set "c = UPPER(@x)" -> {c, "UPPER(@x)"}. Throws Failure(ExitCode::usage)
// unless it is one column name, one '=' outside parentheses, CASE ... END,
// literals and comments, and an expression without top-level ',' or '?'.
request::Assignment parse_assignment(const std::string& text);

}  // namespace fastload::cli
