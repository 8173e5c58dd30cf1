// The hot loop: finding row ends in a dialect, as the server's READ_INFO
// finds them (docs/design.md#dialects).
//
// Without an enclosure, whether a line terminator ends a row depends only on
// the run of escape bytes right before it (even: it does), so any offset can
// be scanned from: the split runs in parallel ("local" dialects). With an
// enclosure it depends on every quote before it, so rows are found by one
// scan from a known row start, which skips from one byte that can matter to
// the next with SIMD masks.
//
// With LINES STARTING BY, each row is preceded by a search for the prefix, as
// READ_INFO::find_start_of_fields does: the bytes before it (line ends too)
// are no row, and the row's fields begin after it. A line terminator outside
// a row is followed by that search as one ending a row is, and the dialect
// refuses prefixes holding its bytes, so the row starts of a local dialect
// (next_row_start) are still found from anywhere: after them the search for
// the prefix begins.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <span>
#include <string>
#include <string_view>

#include "base/base.h"
#include "text/dialect.h"
#include "text/enclosed_scan.h"

namespace fastload::text {

struct RangeCounts {
  std::uint64_t rows = 0;   // rows starting in the range (a last row without terminator included)
  std::uint64_t lines = 0;  // LF bytes in the range
};

// How a row ended. It matters: at end of file the server reads no field at
// all where a field would start, so "a\t" there is one field, not two.
enum class RowEnd { kNewline, kEndOfFile };  // kNewline: by the line terminator, whatever it is

// Where a row starts: its byte offset and line number.
struct RowPosition {
  std::uint64_t byte_offset = 0;
  std::uint64_t line = 0;
};

// on_row(text, offset, end): a row's bytes without its line terminator (and
// without its LINES STARTING BY prefix), where it starts in the bytes scanned
// (with a prefix: where its prefix starts), how it ended. Returns false to stop.
using OnRow = std::function<bool(std::string_view text, std::uint64_t offset, RowEnd end)>;

class RowScanner {
 public:
  explicit RowScanner(const Dialect& dialect);

  // True when the dialect's row ends can be found from any offset (see above).
  bool local() const { return local_; }
  const std::string& line_terminator() const { return line_; }
  const std::string& line_start() const { return start_; }

  // Where the first row starts: after the dialect's skip_rows header lines,
  // which end at line terminators not escaped (enclosures are not looked at,
  // as IGNORE N LINES does not). file.size() when the header is all there is.
  std::uint64_t first_row_start(std::string_view file) const;

  // Local dialects: the first offset at or after `from` that is 0 or follows a
  // row end (with a prefix: or a line terminator between rows), or file.size().
  std::uint64_t next_row_start(std::string_view file, std::uint64_t from) const;

  // Calls on_row for each row of `bytes`, which starts at a row start and
  // ends at a row end or at the end of the file.
  void for_each_row(std::string_view bytes, const OnRow& on_row) const;

  // Rows and lines in [begin, end): `begin` a row start, `end` a row start or file.size().
  RangeCounts count_rows(std::string_view file, std::uint64_t begin, std::uint64_t end) const;

  // Where the `row`-th row (1-based) of `chunk` starts (its prefix, if the
  // dialect has one). A row past the chunk's
  // last gives chunk.end and the line of the byte there; row 0 is taken as
  // row 1. Scans the chunk: meant for error paths.
  RowPosition locate_row(std::string_view file, const Chunk& chunk, std::uint64_t row) const;

  // The last row of `bytes` (which start at a row start and end where the
  // input ends) when no line terminator ends it: its text and offset. Looks
  // back from the end in local dialects; scans `bytes` in the others (a
  // quote decides, known only from the front). Meant for the input's last chunk.
  std::optional<std::pair<std::string_view, std::uint64_t>> unterminated_last_row(std::string_view bytes) const;

  // Calls on_row_ends(next_row_starts) with where each row of file[begin,
  // size) ends, in order and in batches, `begin` a row start (the last row
  // may end at file.size() without a terminator): the splitter's scan for
  // dialects that are not local. next_row_starts are where the search for a
  // prefix begins again.
  using OnRowEnds = std::function<void(std::span<const std::uint64_t> next_row_starts)>;
  void for_each_row_end(std::string_view file, std::uint64_t begin, const OnRowEnds& on_row_ends) const;

 private:
  // on_row_end(row_start, text_end, next_row_start) -> bool; row_start is
  // where the row's prefix starts (without one, where the row does).
  template <class OnRowEnd>
  void scan(std::string_view file, std::uint64_t begin, OnRowEnd&& on_row_end) const;
  template <class OnRowEnd>
  void scan_with_prefix(std::string_view file, std::uint64_t begin, OnRowEnd& on_row_end) const;
  template <class OnRowEnd>  // on_row_end(text_end, next_row_start) -> bool
  void scan_rows(std::string_view file, std::uint64_t begin, OnRowEnd&& on_row_end) const;
  template <class OnRowEnd>
  void scan_local(std::string_view file, std::uint64_t begin, OnRowEnd&& on_row_end,
                  std::uint64_t* candidates = nullptr) const;

  bool line_at(std::string_view file, std::uint64_t pos) const;
  bool ends_row_local(std::string_view file, std::uint64_t pos) const;

  std::string field_;
  std::string line_;
  std::string start_;  // LINES STARTING BY, or empty
  int quote_ = -1;   // the enclosure byte, or -1
  int escape_ = -1;  // the escape byte, or -1 (also when it is the enclosure: see the constructor)
  int line_escape_ = -1;  // the escape byte as header lines are skipped
  std::uint64_t skip_rows_ = 0;
  bool local_ = false;
  EnclosedDialect enclosed_;  // what the scan of a dialect that is not local needs

  static constexpr std::size_t kRowEndBatch = 4096;
};

// LF bytes in file[begin, end).
std::uint64_t count_lines(std::string_view file, std::uint64_t begin, std::uint64_t end);

}  // namespace fastload::text
