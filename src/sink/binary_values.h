// Values the insert sink sends in their column's binary form, not as text the
// server parses: integers, DATETIME/TIMESTAMP/DATE and DOUBLE/FLOAT. A value
// goes binary only when its text is exactly the canonical form of one value
// of the column's type (what the server would store from the text without a
// word); any other text goes as text, and the server judges it as LOAD DATA
// would. The values' check (load/) has run on the text before either.
#pragma once

#include <cstdint>
#include <string_view>

#include "table/table.h"

namespace fastload::sink {

// How a column's values can travel binary.
enum class BinaryKind : std::uint8_t {
  text,      // as text
  integer,   // MYSQL_TYPE_LONGLONG (parse_integer)
  datetime,  // MYSQL_TYPE_DATETIME: a DATETIME or TIMESTAMP column
  date,      // MYSQL_TYPE_DATE
  real,      // MYSQL_TYPE_DOUBLE: a DOUBLE or FLOAT column
};

BinaryKind binary_kind(const table::Column& column);

// An integer column's text as the binary value, when it is exactly one.
bool parse_integer(std::string_view text, const table::Column& column, long long& value);

// The binary protocol's date and time: 4 bytes (a date), 7 (and a time) or 11 (and microseconds).
struct Temporal {
  std::uint16_t year = 0;
  std::uint8_t month = 0, day = 0, hour = 0, minute = 0, second = 0;
  std::uint32_t micro = 0;
};

// `YYYY-MM-DD` (a date column) or `YYYY-MM-DD hh:mm:ss[.f]` with at most the column's fraction digits (a
// datetime column), no part zero in the date; false for any other text.
bool parse_temporal(std::string_view text, BinaryKind kind, unsigned fraction_digits, Temporal& value);

// `[-]digits[.digits][(e|E)[+|-]digits]` that is a finite double; false for any other text.
bool parse_real(std::string_view text, double& value);

}  // namespace fastload::sink
