#include "split/row_scanner.h"

#include <algorithm>
#include <cstring>

#include "fastload/dialect.h"

namespace fastload::split {

namespace {

constexpr Dialect kFormat{};

// Length of the run of escape bytes that ends right before `pos`.
std::uint64_t escape_run_before(std::string_view file, std::uint64_t pos) {
  std::uint64_t run_start = pos;
  while (run_start > 0 && file[run_start - 1] == kFormat.escape) --run_start;
  return pos - run_start;
}

// Calls `on_newline(pos)` for each LF in [begin, end), in order, until it
// returns false. memchr skips the bytes between LFs at vector speed.
template <class OnNewline>
void for_each_newline(std::string_view file, std::uint64_t begin, std::uint64_t end,
                      OnNewline&& on_newline) {
  const char* const data = file.data();
  std::uint64_t pos = begin;
  while (pos < end) {
    const void* hit = std::memchr(data + pos, kFormat.line_terminator, end - pos);
    if (hit == nullptr) return;
    pos = static_cast<std::uint64_t>(static_cast<const char*>(hit) - data);
    if (!on_newline(pos)) return;
    ++pos;
  }
}

// True when the byte before `pos` is an LF that ends a row, so that `pos`
// starts a row or is the end of the file.
bool follows_row_end(std::string_view file, std::uint64_t pos) {
  return pos > 0 && file[pos - 1] == kFormat.line_terminator && ends_row(file, pos - 1);
}

}  // namespace

bool ends_row(std::string_view file, std::uint64_t pos) {
  // Fast path inside: a byte before the LF that is not an escape ends the loop at once.
  return escape_run_before(file, pos) % 2 == 0;
}

std::uint64_t next_row_start(std::string_view file, std::uint64_t from) {
  if (from == 0 || from >= file.size()) return std::min<std::uint64_t>(from, file.size());
  if (follows_row_end(file, from)) return from;
  std::uint64_t row_start = file.size();
  for_each_newline(file, from, file.size(), [&](std::uint64_t pos) {
    if (!ends_row(file, pos)) return true;
    row_start = pos + 1;
    return false;
  });
  return row_start;
}

RangeCounts count_rows(std::string_view file, std::uint64_t begin, std::uint64_t end) {
  RangeCounts counts;
  for_each_newline(file, begin, end, [&](std::uint64_t pos) {
    ++counts.lines;
    counts.rows += ends_row(file, pos);
    return true;
  });
  // A last row without a final LF still counts.
  if (end == file.size() && begin < end && !follows_row_end(file, end)) ++counts.rows;
  return counts;
}

RowPosition locate_row(std::string_view file, const Chunk& chunk, std::uint64_t row) {
  RowPosition position{chunk.begin, chunk.first_line};
  if (row <= 1) return position;
  position.byte_offset = chunk.end;  // unless the row is found below
  std::uint64_t rows_started = 1;
  for_each_newline(file, chunk.begin, chunk.end, [&](std::uint64_t pos) {
    ++position.line;
    if (!ends_row(file, pos) || ++rows_started < row) return true;
    position.byte_offset = pos + 1;
    return false;
  });
  return position;
}

}  // namespace fastload::split
