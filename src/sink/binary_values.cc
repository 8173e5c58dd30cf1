#include "sink/binary_values.h"

#include <charconv>
#include <climits>
#include <cmath>

namespace fastload::sink {

BinaryKind binary_kind(const table::Column& column) {
  if (column.integer) return BinaryKind::integer;
  if (column.type == "datetime" || column.type == "timestamp") return BinaryKind::datetime;
  if (column.type == "date") return BinaryKind::date;
  if (column.type == "double" || column.type == "float") return BinaryKind::real;
  return BinaryKind::text;
}

bool parse_integer(std::string_view text, const table::Column& column, long long& value) {
  // By hand, not std::from_chars: this runs for every integer value of a load.
  // Up to 19 digits fit an unsigned 64-bit integer; longer text (leading zeros)
  // just goes as text.
  const char* p = text.data();
  const char* end = p + text.size();
  bool negative = p != end && *p == '-' && !column.is_unsigned;
  p += negative;
  if (p == end || end - p > 19) return false;
  unsigned long long u = 0;
  if ((end - p) & 1) {  // an odd count: one digit first, then two a step (half the chain of multiplies)
    u = static_cast<unsigned char>(*p++) - unsigned{'0'};
    if (u > 9) return false;
  }
  for (; p != end; p += 2) {
    unsigned high = static_cast<unsigned char>(p[0]) - unsigned{'0'}, low = static_cast<unsigned char>(p[1]) - unsigned{'0'};
    if ((high > 9) | (low > 9)) return false;
    u = u * 100 + high * 10 + low;
  }
  constexpr auto kMax = static_cast<unsigned long long>(LLONG_MAX);
  if (u > kMax + negative) return false;
  value = negative ? static_cast<long long>(0 - u) : static_cast<long long>(u);
  return true;
}

namespace {

// `n` digits at `p` as a number; false when one is not a digit.
bool digits(const char* p, int n, unsigned& value) {
  value = 0;
  for (int i = 0; i < n; ++i) {
    const unsigned d = static_cast<unsigned char>(p[i]) - unsigned{'0'};
    if (d > 9) return false;
    value = value * 10 + d;
  }
  return true;
}

unsigned days_in(unsigned year, unsigned month) {
  static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  return month == 2 && leap ? 29 : kDays[month - 1];
}

}  // namespace

bool parse_temporal(std::string_view t, BinaryKind kind, unsigned fraction_digits, Temporal& v) {
  // A zero date (or a zero part) goes as text: whether the server takes it depends on its sql_mode.
  unsigned year, month, day;
  if (t.size() < 10 || t[4] != '-' || t[7] != '-' || !digits(t.data(), 4, year) || !digits(t.data() + 5, 2, month) ||
      !digits(t.data() + 8, 2, day) || year == 0 || month == 0 || month > 12 || day == 0 || day > days_in(year, month))
    return false;
  v = Temporal{static_cast<std::uint16_t>(year), static_cast<std::uint8_t>(month), static_cast<std::uint8_t>(day)};
  if (kind == BinaryKind::date) return t.size() == 10;
  unsigned hour, minute, second;
  if (kind != BinaryKind::datetime || t.size() < 19 || t[10] != ' ' || t[13] != ':' || t[16] != ':' ||
      !digits(t.data() + 11, 2, hour) || !digits(t.data() + 14, 2, minute) || !digits(t.data() + 17, 2, second) ||
      hour > 23 || minute > 59 || second > 59)
    return false;
  v.hour = static_cast<std::uint8_t>(hour);
  v.minute = static_cast<std::uint8_t>(minute);
  v.second = static_cast<std::uint8_t>(second);
  if (t.size() == 19) return true;
  // A fraction longer than the column keeps is rounded or cut by the server's rules: as text.
  const int n = static_cast<int>(t.size()) - 20;
  unsigned fraction;
  if (t[19] != '.' || n < 1 || n > static_cast<int>(fraction_digits) || !digits(t.data() + 20, n, fraction)) return false;
  for (int i = n; i < 6; ++i) fraction *= 10;
  v.micro = fraction;
  return true;
}

bool parse_real(std::string_view t, double& value) {
  // The server's own grammar is wider (".5", "5.", "+5", leading spaces); those rare forms go as text.
  std::size_t i = t.size() > 0 && t[0] == '-';
  if (i == t.size() || t[i] < '0' || t[i] > '9') return false;
  for (std::size_t j = i; j < t.size(); ++j) {
    const char c = t[j];
    if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+')) return false;
  }
  const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), value, std::chars_format::general);
  return error == std::errc() && end == t.data() + t.size() && std::isfinite(value);
}

}  // namespace fastload::sink
