#include "shard/column_value.h"

#include <utility>

namespace fastload::shard {
namespace {

constexpr std::uint64_t kSignBit = std::uint64_t{1} << 63;

ColumnType integer_type(int bits, bool is_unsigned) {
  if (is_unsigned) return {ColumnKind::kUnsigned, 0, UINT64_MAX >> (64 - bits), 0};
  const std::uint64_t half = std::uint64_t{1} << (bits - 1);
  return {ColumnKind::kSigned, (0 - half) ^ kSignBit, (half - 1) ^ kSignBit, 0};
}

// "datetime" or "datetime(N)": N fractional digits (0 to 6).
std::optional<int> datetime_precision(std::string_view column_type) {
  if (column_type == "datetime") return 0;
  if (column_type.size() == 11 && column_type.starts_with("datetime(") && column_type[9] >= '0' &&
      column_type[9] <= '6' && column_type[10] == ')')
    return column_type[9] - '0';
  return std::nullopt;
}

// Leading spaces and tabs, which the server skips before a number or a date.
// It skips \v, \f, \r and \n too; those are refused, as files hardly hold
// them and the forms accepted are the ones tested against the server.
std::string_view skip_blanks(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  return text;
}

Conversion integer_key(std::string_view text, const ColumnType& type, std::uint64_t& key) {
  const bool negative = text.starts_with('-');
  if (negative || text.starts_with('+')) text.remove_prefix(1);
  if (text.empty()) return Conversion::kNotCanonical;
  std::uint64_t magnitude = 0;
  bool overflow = false;
  for (char c : text) {
    if (c < '0' || c > '9') return Conversion::kNotCanonical;
    const unsigned digit = static_cast<unsigned>(c - '0');
    overflow = overflow || magnitude > (UINT64_MAX - digit) / 10;
    if (!overflow) magnitude = magnitude * 10 + digit;
  }
  if (overflow) return Conversion::kOutOfRange;
  if (type.kind == ColumnKind::kUnsigned) {
    if (negative && magnitude != 0) return Conversion::kOutOfRange;  // "-0" is 0, without a warning
    key = magnitude;
  } else {
    if (magnitude > (negative ? kSignBit : kSignBit - 1)) return Conversion::kOutOfRange;
    key = (negative ? 0 - magnitude : magnitude) ^ kSignBit;
  }
  return key < type.min_key || key > type.max_key ? Conversion::kOutOfRange : Conversion::kExact;
}

struct DateTime {
  unsigned year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, microsecond = 0;
};

// Reads exactly `count` digits at text[pos] into `value`.
bool read_digits(std::string_view text, std::size_t& pos, std::size_t count, unsigned& value) {
  if (text.size() - pos < count) return false;
  value = 0;
  for (std::size_t end = pos + count; pos < end; ++pos) {
    if (text[pos] < '0' || text[pos] > '9') return false;
    value = value * 10 + static_cast<unsigned>(text[pos] - '0');
  }
  return true;
}

// Reads `separator` then `count` digits.
bool read_part(std::string_view text, std::size_t& pos, char separator, std::size_t count, unsigned& value) {
  return pos < text.size() && text[pos++] == separator && read_digits(text, pos, count, value);
}

// " HH:MM:SS" and, when the column keeps them, "." and 1 to `precision` digits.
bool read_time(std::string_view text, std::size_t& pos, int precision, DateTime& t) {
  if (!read_part(text, pos, ' ', 2, t.hour) || !read_part(text, pos, ':', 2, t.minute) ||
      !read_part(text, pos, ':', 2, t.second))
    return false;
  if (pos == text.size()) return true;
  const std::size_t digits = text.size() - pos - 1;
  if (digits == 0 || digits > static_cast<std::size_t>(precision)) return false;  // more would be cut or rounded
  if (!read_part(text, pos, '.', digits, t.microsecond)) return false;
  for (std::size_t i = digits; i < 6; ++i) t.microsecond *= 10;
  return true;
}

// MariaDB's calendar: year 0 is no leap year (calc_days_in_year).
unsigned days_in_month(unsigned year, unsigned month) {
  static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = year % 4 == 0 && (year % 100 != 0 || (year % 400 == 0 && year != 0));
  return month == 2 && leap ? 29 : kDays[month - 1];
}

bool valid(const DateTime& t) {
  return t.month >= 1 && t.month <= 12 && t.day >= 1 && t.day <= days_in_month(t.year, t.month) &&
         t.hour <= 23 && t.minute <= 59 && t.second <= 59;
}

Conversion temporal_key(std::string_view text, const ColumnType& type, std::uint64_t& key) {
  DateTime t;
  std::size_t pos = 0;
  if (!read_digits(text, pos, 4, t.year) || !read_part(text, pos, '-', 2, t.month) ||
      !read_part(text, pos, '-', 2, t.day))
    return Conversion::kNotCanonical;
  if (pos < text.size() && (type.kind == ColumnKind::kDate || !read_time(text, pos, type.precision, t)))
    return Conversion::kNotCanonical;
  if (!valid(t)) return Conversion::kInvalidDate;
  key = std::uint64_t{t.year} << 46 | std::uint64_t{t.month} << 42 | std::uint64_t{t.day} << 37 |
        std::uint64_t{t.hour} << 32 | std::uint64_t{t.minute} << 26 | std::uint64_t{t.second} << 20 |
        t.microsecond;
  return Conversion::kExact;
}

}  // namespace

std::optional<ColumnType> column_type(std::string_view data_type, std::string_view column_type) {
  static constexpr std::pair<std::string_view, int> kIntegers[] = {
      {"tinyint", 8}, {"smallint", 16}, {"mediumint", 24}, {"int", 32}, {"bigint", 64}};
  for (const auto& [name, bits] : kIntegers)
    if (data_type == name) return integer_type(bits, column_type.find("unsigned") != std::string_view::npos);
  if (data_type == "date" && column_type == "date") return ColumnType{ColumnKind::kDate};
  if (data_type != "datetime") return std::nullopt;
  const std::optional<int> precision = datetime_precision(column_type);
  if (!precision) return std::nullopt;
  return ColumnType{ColumnKind::kDatetime, 0, UINT64_MAX, *precision};
}

ColumnType bigint_type(bool is_unsigned) { return integer_type(64, is_unsigned); }

Conversion to_key(std::string_view text, const ColumnType& type, std::uint64_t& key) {
  text = skip_blanks(text);
  return type.integer() ? integer_key(text, type, key) : temporal_key(text, type, key);
}

std::int64_t function_value(std::uint64_t key, ColumnKind kind) {
  return static_cast<std::int64_t>(kind == ColumnKind::kSigned ? key ^ kSignBit : key);
}

std::string integer_text(std::uint64_t key, ColumnKind kind) {
  return kind == ColumnKind::kSigned ? std::to_string(function_value(key, kind)) : std::to_string(key);
}

}  // namespace fastload::shard
