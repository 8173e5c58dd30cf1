// The format check: the first rows of each input read as the load would read
// them, before anything is sent. It refuses only what the load would refuse
// anyway (half the rows or more with the wrong field count, beyond what
// --max-errors lets through: the format is wrong, not a row), or what the
// server would store without a word but hardly anyone means (a CR ending every
// row of an LF file, the column names loaded as a row), and says what to do:
// the options of the dialect the file is in, a header to skip, --columns.
// A few bad rows among good ones are the load's to name. docs/design.md#the-format-check.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "text/chunk_rows.h"
#include "text/dialect.h"

namespace fastload::text {

// What the rows must look like, from the table and the options.
struct FormatExpectation {
  RowWidth width;
  std::vector<std::string> names;  // what each field fills, in order: a column's name, or "" for a @variable
  bool cr_meant = false;           // a CR before the line end is data: the line terminator holds one, or the
                                   // last field goes to a @variable that --set reads
  bool header_given = false;       // --skip-rows was given (0 too): a first row of column names is data
  std::uint64_t max_errors = 0;    // --max-errors: bad rows the load would leave out rather than fail
};

// The first rows of an input: bytes from a row start, ending at a row end or the end of the input.
struct FormatSample {
  std::string_view bytes;
  std::string file;              // for the message
  std::uint64_t first_byte = 0;  // of `bytes` in the input
  std::uint64_t first_line = 1;  // of `bytes`
  bool starts_input = true;      // the rows are the input's first (after --skip-rows): a header can be there
};

// Why the input is refused before the load: where, what, and what to do.
struct FormatMismatch {
  Location where;
  std::string message;
};

// At most this many rows (and bytes) of an input are read.
inline constexpr std::size_t kFormatSampleRows = 1000;
inline constexpr std::size_t kFormatSampleBytes = 4 << 20;

std::optional<FormatMismatch> check_format(const Dialect& dialect, const FormatSample& sample,
                                           const FormatExpectation& expected);

}  // namespace fastload::text
