#include "text/long_rows.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fmt/core.h>

namespace fastload::text {

std::uint64_t max_row_bytes() {
  static const std::uint64_t limit = [] {
    const char* text = std::getenv("FASTLOAD_MAX_ROW_BYTES");  // read once
    std::uint64_t value = 0;
    if (text == nullptr || std::from_chars(text, text + std::strlen(text), value).ec != std::errc() || value == 0)
      return kMaxRowBytes;
    return std::min(value, kMaxRowBytes);
  }();
  return limit;
}

std::optional<RowPosition> find_long_row(std::string_view file, const Chunk& chunk, const Dialect& dialect,
                                         std::uint64_t limit) {
  std::optional<RowPosition> found;
  RowScanner(dialect).for_each_row(file.substr(chunk.begin, chunk.size()),
                                   [&](std::string_view text, std::uint64_t offset, RowEnd) {
    if (text.size() <= limit) return true;
    found = RowPosition{chunk.begin + offset, chunk.first_line + count_lines(file, chunk.begin, chunk.begin + offset)};
    return false;
  });
  return found;
}

Failure row_too_long(const std::string& name, RowPosition where, std::uint64_t limit, const Dialect& dialect) {
  return Failure(ExitCode::input, fmt::format(
      "{}:{} (byte {}): this row runs on for more than {} bytes without ending (read as {}); fastload "
      "reads rows of up to 1G, the ceiling of the server's max_allowed_packet, so the file is probably not in "
      "that format. Check "
      "--lines-terminated-by (e.g. '\\r\\n' or '\\r') and an enclosure or escape that is never closed "
      "(--fields-enclosed-by, --fields-escaped-by, --csv); nothing of that row or after it was loaded",
      name, where.line, where.byte_offset, limit, describe(dialect)));
}

}  // namespace fastload::text
