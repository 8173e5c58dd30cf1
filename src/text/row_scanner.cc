#include "text/row_scanner.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "text/enclosed_scan.h"
#include "text/scan_blocks.h"

namespace fastload::text {

namespace {

// Lines counted with SSE2's byte sums: popcnt is not in baseline x86-64.
std::uint64_t count_byte(const char* data, std::uint64_t size, char byte) {
  std::uint64_t total = 0, i = 0;
#if defined(__SSE2__)
  const __m128i wanted = _mm_set1_epi8(byte);
  while (size - i >= 16) {
    __m128i sums = _mm_setzero_si128();  // per byte lane: matches so far, at most 255
    for (int k = 0; k < 255 && size - i >= 16; ++k, i += 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
      sums = _mm_sub_epi8(sums, _mm_cmpeq_epi8(v, wanted));
    }
    const __m128i halves = _mm_sad_epu8(sums, _mm_setzero_si128());
    total += static_cast<std::uint64_t>(_mm_cvtsi128_si32(halves)) +
             static_cast<std::uint64_t>(_mm_cvtsi128_si32(_mm_srli_si128(halves, 8)));
  }
#endif
  for (; i < size; ++i) total += data[i] == byte;
  return total;
}

}  // namespace

RowScanner::RowScanner(const Dialect& dialect)
    : field_(dialect.field_terminator),
      line_(dialect.line_terminator),
      start_(dialect.line_start),
      skip_rows_(dialect.skip_rows) {
  if (dialect.enclosure) quote_ = static_cast<unsigned char>(*dialect.enclosure);
  if (dialect.escape) line_escape_ = static_cast<unsigned char>(*dialect.escape);
  // An escape that is also the enclosure only doubles quotes, which end no row either way.
  if (dialect.escape && dialect.escape != dialect.enclosure) escape_ = static_cast<unsigned char>(*dialect.escape);
  // A line terminator that can overlap itself ("aa" in "aaa") or be eaten by a
  // field terminator sharing its bytes makes row ends depend on what came before.
  bool overlaps_itself = false;
  for (std::size_t k = 1; k < line_.size(); ++k) overlaps_itself |= line_.ends_with(line_.substr(0, k));
  local_ = quote_ < 0 && !overlaps_itself && field_.find_first_of(line_) == std::string::npos;
  enclosed_ = EnclosedDialect{field_, line_, quote_, escape_};
}

bool RowScanner::line_at(std::string_view file, std::uint64_t pos) const {
  return file[pos] == line_[0] && (line_.size() == 1 || file.substr(pos).starts_with(line_));
}

// Local dialects: the line terminator whose first byte is at `pos` ends a row
// when the run of escapes right before it has even length (a fresh run: no
// terminator holds an escape).
bool RowScanner::ends_row_local(std::string_view file, std::uint64_t pos) const {
  if (line_.size() > 1 && !file.substr(pos).starts_with(line_)) return false;  // the first byte is there
  if (escape_ < 0 || pos == 0 || file[pos - 1] != static_cast<char>(escape_)) return true;  // the usual case
  std::uint64_t run_start = pos - 1;
  while (run_start > 0 && file[run_start - 1] == static_cast<char>(escape_)) --run_start;
  return (pos - run_start) % 2 == 0;
}

// memchr skips to each candidate terminator at vector speed; `candidates`
// counts them (with "\n" as the terminator: the lines, at no extra cost).
template <class OnRowEnd>
void RowScanner::scan_local(std::string_view file, std::uint64_t begin, OnRowEnd&& on_row_end,
                            std::uint64_t* candidates) const {
  const char* const data = file.data();
  std::uint64_t pos = begin, row_start = begin;
  while (pos < file.size()) {
    const void* hit = std::memchr(data + pos, line_[0], file.size() - pos);
    if (hit == nullptr) break;
    const auto at = static_cast<std::uint64_t>(static_cast<const char*>(hit) - data);
    pos = at + 1;
    if (candidates) ++*candidates;
    if (!ends_row_local(file, at)) continue;
    pos = row_start = at + line_.size();
    if (!on_row_end(at, pos)) return;
  }
  if (row_start < file.size()) on_row_end(file.size(), file.size());
}

template <class OnRowEnd>
void RowScanner::scan_rows(std::string_view file, std::uint64_t begin, OnRowEnd&& on_row_end) const {
  if (local_) scan_local(file, begin, on_row_end);
  else EnclosedScan(file, begin, enclosed_).run(on_row_end);
}

template <class OnRowEnd>
void RowScanner::scan(std::string_view file, std::uint64_t begin, OnRowEnd&& on_row_end) const {
  if (!start_.empty()) return scan_with_prefix(file, begin, on_row_end);
  std::uint64_t row_start = begin;
  scan_rows(file, begin, [&](std::uint64_t text_end, std::uint64_t next) {
    const std::uint64_t start = row_start;
    row_start = next;
    return on_row_end(start, text_end, next);
  });
}

// READ_INFO::find_start_of_fields, then one row from just after the prefix:
// bytes without the prefix before the end are no row, nor is a prefix the
// file ends with (the server reads no field from nothing).
template <class OnRowEnd>
void RowScanner::scan_with_prefix(std::string_view file, std::uint64_t begin, OnRowEnd& on_row_end) const {
  bool go_on = true;
  for (std::uint64_t pos = begin; go_on;) {
    const std::size_t at = file.find(start_, pos);
    if (at == std::string_view::npos || at + start_.size() >= file.size()) return;
    scan_rows(file, at + start_.size(), [&](std::uint64_t text_end, std::uint64_t next) {
      go_on = on_row_end(std::uint64_t{at}, text_end, next);
      pos = next;
      return false;  // the next row begins with a search
    });
  }
}

// READ_INFO::next_line's reading: the escape (even one that is also the
// enclosure) takes the next byte, and nothing else but the line terminator matters.
std::uint64_t RowScanner::first_row_start(std::string_view file) const {
  std::uint64_t pos = 0;
  for (std::uint64_t line = 0; line < skip_rows_ && pos < file.size(); ++line) {
    while (pos < file.size() && !line_at(file, pos))
      pos += static_cast<unsigned char>(file[pos]) == line_escape_ ? 2 : 1;
    pos = std::min<std::uint64_t>(pos + line_.size(), file.size());
  }
  return pos;
}

std::uint64_t RowScanner::next_row_start(std::string_view file, std::uint64_t from) const {
  if (from == 0 || from >= file.size()) return std::min<std::uint64_t>(from, file.size());
  // A terminator may straddle `from`: start where one ending past it could begin.
  const std::uint64_t begin = from - std::min<std::uint64_t>(from, line_.size());
  std::uint64_t row_start = file.size();
  scan_local(file, begin, [&](std::uint64_t, std::uint64_t next) {
    if (next < from) return true;
    row_start = next;
    return false;
  });
  return row_start;
}

void RowScanner::for_each_row(std::string_view bytes, const OnRow& on_row) const {
  scan(bytes, 0, [&](std::uint64_t row_start, std::uint64_t text_end, std::uint64_t next) {
    const RowEnd end = next == text_end ? RowEnd::kEndOfFile : RowEnd::kNewline;
    const std::uint64_t text = row_start + start_.size();
    return on_row(bytes.substr(text, text_end - text), row_start, end);
  });
}

void RowScanner::for_each_row_end(std::string_view file, std::uint64_t begin, const OnRowEnds& on_row_ends) const {
  std::vector<std::uint64_t> batch;  // one call a batch: the scan itself costs a few ns a row
  batch.reserve(kRowEndBatch);
  scan(file, begin, [&](std::uint64_t, std::uint64_t, std::uint64_t next) {
    batch.push_back(next);
    if (batch.size() == kRowEndBatch) on_row_ends(batch), batch.clear();
    return true;
  });
  if (!batch.empty()) on_row_ends(batch);
}

RangeCounts RowScanner::count_rows(std::string_view file, std::uint64_t begin, std::uint64_t end) const {
  RangeCounts counts;
  if (local_ && line_ == "\n" && start_.empty()) {  // MySQL's default format: one pass, as fast as memchr
    scan_local(file.substr(0, end), begin, [&](std::uint64_t, std::uint64_t) { return ++counts.rows, true; },
               &counts.lines);
    return counts;
  }
  scan(file.substr(0, end), begin, [&](std::uint64_t, std::uint64_t, std::uint64_t) { return ++counts.rows, true; });
  counts.lines = count_lines(file, begin, end);
  return counts;
}

RowPosition RowScanner::locate_row(std::string_view file, const Chunk& chunk, std::uint64_t row) const {
  std::uint64_t offset = chunk.begin, rows_seen = 0;
  if (row > 1 || !start_.empty()) {  // without a prefix the first row starts where the chunk does
    offset = chunk.end;  // unless the row is found below
    scan(file.substr(0, chunk.end), chunk.begin, [&](std::uint64_t row_start, std::uint64_t, std::uint64_t) {
      if (++rows_seen < row) return true;
      offset = row_start;
      return false;
    });
  }
  return {offset, chunk.first_line + count_lines(file, chunk.begin, offset)};
}

std::uint64_t count_lines(std::string_view file, std::uint64_t begin, std::uint64_t end) {
  return count_byte(file.data() + begin, end - begin, '\n');
}

std::optional<std::pair<std::string_view, std::uint64_t>> RowScanner::unterminated_last_row(
    std::string_view bytes) const {
  if (bytes.empty()) return std::nullopt;
  if (local_ && start_.empty()) {
    const std::size_t n = line_.size();
    if (bytes.ends_with(line_) && ends_row_local(bytes, bytes.size() - n)) return std::nullopt;
    std::uint64_t start = 0;
    for (std::size_t pos = bytes.size(); pos > 0;) {
      pos = bytes.rfind(line_, pos - 1);
      if (pos == std::string_view::npos) break;
      if (ends_row_local(bytes, pos)) {
        start = pos + n;
        break;
      }
    }
    return std::pair{bytes.substr(start), start};
  }
  // The batched scan finds the last row's start; a scan of that row alone says how it ends.
  std::uint64_t start = 0;
  for_each_row_end(bytes, 0, [&](std::span<const std::uint64_t> next_row_starts) {
    for (std::uint64_t next : next_row_starts)
      if (next < bytes.size()) start = next;
  });
  std::optional<std::pair<std::string_view, std::uint64_t>> last;
  for_each_row(bytes.substr(start), [&](std::string_view text, std::uint64_t offset, RowEnd end) {
    if (end == RowEnd::kEndOfFile) last = std::pair{text, start + offset};
    return true;
  });
  return last;
}

}  // namespace fastload::text
