// The longest row fastload reads. Without a bound, an input with no line terminator (the wrong
// --lines-terminated-by, /dev/zero, a binary file) would make a stream's chunk grow until memory runs out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/base.h"
#include "text/dialect.h"
#include "text/row_scanner.h"

namespace fastload::text {

// 1 GiB, the ceiling of the server's max_allowed_packet: no mode can send a longer row (an INSERT or a LOAD
// DATA LOCAL value longer than max_allowed_packet is refused). FASTLOAD_MAX_ROW_BYTES=N lowers it, so that
// tests need not stream gigabytes; a larger value is ignored.
constexpr std::uint64_t kMaxRowBytes = 1ull << 30;
std::uint64_t max_row_bytes();

// Where the first row of `chunk` (over the whole `file`, chunk.first_line known) whose bytes without the line
// terminator are more than `limit` starts, if any. Scans the chunk: called for chunks longer than `limit`.
std::optional<RowPosition> find_long_row(std::string_view file, const Chunk& chunk, const Dialect& dialect,
                                         std::uint64_t limit);

// Failure(ExitCode::input) for the row of input `name` starting at `where` that runs on past `limit` bytes.
Failure row_too_long(const std::string& name, RowPosition where, std::uint64_t limit, const Dialect& dialect);

}  // namespace fastload::text
