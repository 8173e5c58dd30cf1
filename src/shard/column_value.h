// The values of partitioning columns as ordered keys: field text converted
// the way LOAD DATA stores it into an integer, DATE or DATETIME column, or
// refused when the server's result is not certain (src/shard/partitioning.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fastload::shard {

enum class ColumnKind { kSigned, kUnsigned, kDate, kDatetime };

// What a column stores, from information_schema.COLUMNS.
struct ColumnType {
  ColumnKind kind = ColumnKind::kSigned;
  std::uint64_t min_key = 0;  // the column's range, as keys (integers)
  std::uint64_t max_key = UINT64_MAX;
  int precision = 0;          // fractional digits of a DATETIME

  bool integer() const { return kind == ColumnKind::kSigned || kind == ColumnKind::kUnsigned; }
};

// The type of a column with that DATA_TYPE and COLUMN_TYPE ("int(10)
// unsigned", "datetime(3)"); nullopt unless an integer type, DATE or DATETIME.
std::optional<ColumnType> column_type(std::string_view data_type, std::string_view column_type);

// BIGINT and BIGINT UNSIGNED: the domain of the partition function of RANGE,
// LIST and HASH, whatever the integer column's own size.
ColumnType bigint_type(bool is_unsigned);

// Keys order values as the server compares them in the column: an unsigned
// integer is its own key, a signed one has its sign bit flipped (the order
// the server's RANGE and LIST search uses), a DATE or DATETIME is packed year
// first down to the microsecond.
enum class Conversion {
  kExact,         // the server stores this value, without a warning
  kNotCanonical,  // not a form fastload reads (the server may read it, but not certainly as fastload would)
  kOutOfRange,    // a plain integer outside the column's range: the server refuses it
  kInvalidDate,   // a zero or invalid date or time: stored or refused depending on the server's sql_mode
};

// Converts a field's text (LOAD DATA's value after unescaping) for a column
// of `type` into `key`. Accepted, as the server reads them without a warning:
// integers as digits with an optional sign (leading zeros, "-0"); dates as
// YYYY-MM-DD; datetimes as YYYY-MM-DD or YYYY-MM-DD HH:MM:SS with at most the
// column's fractional digits; each after optional leading spaces and tabs,
// which the server skips.
Conversion to_key(std::string_view text, const ColumnType& type, std::uint64_t& key);

// The integer a key of an integer column stands for, as the server's
// partition function value (val_int): unsigned values above 2^63 wrap
// negative, as they do in the server's HASH.
std::int64_t function_value(std::uint64_t key, ColumnKind kind);

// The integer a key stands for, written as the server writes it.
std::string integer_text(std::uint64_t key, ColumnKind kind);

// A value of a partitioning tuple: NULL sorts below every value and MAXVALUE
// above, as the server's cmp_rec_and_tuple has them.
struct Element {
  enum Rank : std::uint8_t { kNull, kValue, kMaxValue } rank = kValue;
  std::uint64_t key = 0;  // of a kValue
  auto operator<=>(const Element&) const = default;
};

}  // namespace fastload::shard
