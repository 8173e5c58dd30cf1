// The hot loop: finding row ends in MySQL's default text format.
// An LF ends a row only when the run of escape bytes right before it has even
// length; that rule is local, so any offset can be scanned from without
// knowing what came before it.
#pragma once

#include <cstdint>
#include <string_view>

#include "fastload/chunk.h"

namespace fastload::split {

struct RangeCounts {
  std::uint64_t rows = 0;   // row ends in the range, plus a final row without LF at end of file
  std::uint64_t lines = 0;  // LF bytes in the range
};

// True when the LF at `file[pos]` ends a row.
bool ends_row(std::string_view file, std::uint64_t pos);

// The start of the first row that begins at or after `from`: `from` itself
// when it is 0 or follows a row end, else one past the next row end; file.size()
// when no row starts there.
std::uint64_t next_row_start(std::string_view file, std::uint64_t from);

// Rows and lines in [begin, end). `end` must be a row start or file.size().
RangeCounts count_rows(std::string_view file, std::uint64_t begin, std::uint64_t end);

// Where the `row`-th row (1-based) of `chunk` starts: its byte offset and line number.
// A row past the chunk's last row gives chunk.end and the line of the byte there;
// row 0 is taken as row 1. Scans the chunk: meant for error paths.
struct RowPosition {
  std::uint64_t byte_offset = 0;
  std::uint64_t line = 0;
};
RowPosition locate_row(std::string_view file, const Chunk& chunk, std::uint64_t row);

}  // namespace fastload::split
