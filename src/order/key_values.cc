// The value encoders of order/index_key.h for numbers and dates: each reads the text as the server converts it
// into the column (2.0, +2 and 2e0 are one INT; 2024-1-1 and 20240101 one DATE) and appends bytes that are
// equal for equal values and compare as the values do. Anything outside the plain forms read here is left
// unread (false): fastload then treats the row as one that may hold any key, which is slow but never wrong.
#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdint>
#include <string>

#include "order/index_key.h"

namespace fastload::order {
namespace {

void put_u64(std::uint64_t v, std::string& out) {
  char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>(v >> (56 - 8 * i));
  out.append(bytes, 8);
}

std::string_view trim_spaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A number written [sign] digits [. digits] [e [sign] digits]: its significant digits (no leading zeros) and
// where the point goes (value = 0.DIGITS x 10^point).
struct Number {
  bool negative = false;
  std::string digits;
  long point = 0;
};

bool read_number(std::string_view text, Number& n) {
  text = trim_spaces(text);
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) n.negative = text[i++] == '-';
  long point = 0;
  bool any = false, after_point = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !after_point) {
      after_point = true;
      continue;
    }
    if (!is_digit(c)) break;
    any = true;
    if (n.digits.empty() && c == '0') {
      if (after_point) --point;  // 0.05: the first significant digit is one place further right
      continue;
    }
    n.digits.push_back(c);
    if (!after_point) ++point;
  }
  if (!any) return false;
  if (i < text.size()) {
    if (text[i] != 'e' && text[i] != 'E') return false;
    long exponent = 0;
    const char* from = text.data() + i + 1 + (i + 1 < text.size() && text[i + 1] == '+');
    auto [end, error] = std::from_chars(from, text.data() + text.size(), exponent);
    if (error != std::errc() || end != text.data() + text.size() || exponent > 400 || exponent < -400) return false;
    point += exponent;
  }
  while (!n.digits.empty() && n.digits.back() == '0') n.digits.pop_back();
  if (n.digits.empty()) n.negative = false, point = 0;  // -0 is 0
  n.point = point;
  return true;
}

// `n` rounded to `scale` digits after the point, half away from zero, as the server stores it.
void round_to(Number& n, unsigned scale) {
  const long keep = n.point + static_cast<long>(scale);  // significant digits that stay
  if (keep >= static_cast<long>(n.digits.size())) return;
  const bool up = keep >= 0 && n.digits[static_cast<std::size_t>(keep)] >= '5';
  n.digits.resize(static_cast<std::size_t>(std::max(keep, 0L)));
  if (up) {
    std::size_t i = n.digits.size();
    while (i > 0 && n.digits[i - 1] == '9') n.digits[--i] = '0';
    if (i == 0) n.digits.insert(n.digits.begin(), '1'), ++n.point;
    else ++n.digits[i - 1];
  }
  while (!n.digits.empty() && n.digits.back() == '0') n.digits.pop_back();
  if (n.digits.empty()) n.negative = false, n.point = 0;
}

// DD, D: one or two digits at `i`.
bool read_digits(std::string_view s, std::size_t& i, std::size_t min, std::size_t max, unsigned& value) {
  std::size_t n = 0;
  value = 0;
  while (i < s.size() && n < max && is_digit(s[i])) value = value * 10 + static_cast<unsigned>(s[i++] - '0'), ++n;
  return n >= min;
}

struct Moment {
  unsigned year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, micro = 0, fraction_digits = 0;
};

unsigned full_year(unsigned year, std::size_t digits) {
  return digits > 2 ? year : year < 70 ? 2000 + year : 1900 + year;  // the server's two-digit years
}

// YYYYMMDD[hhmmss], YYMMDD[hhmmss]: digits only.
bool read_packed(std::string_view s, Moment& m) {
  const std::size_t year_digits = s.size() == 8 || s.size() == 14 ? 4 : s.size() == 6 || s.size() == 12 ? 2 : 0;
  if (year_digits == 0 || !std::all_of(s.begin(), s.end(), is_digit)) return false;
  std::size_t i = 0;
  read_digits(s, i, year_digits, year_digits, m.year);
  m.year = full_year(m.year, year_digits);
  read_digits(s, i, 2, 2, m.month), read_digits(s, i, 2, 2, m.day);
  if (i < s.size()) read_digits(s, i, 2, 2, m.hour), read_digits(s, i, 2, 2, m.minute), read_digits(s, i, 2, 2, m.second);
  return true;
}

// Y-M-D[( |T)h:m:s[.f]] with '-', '/' or '.' between the date's parts, the year of 2 or 4 digits.
bool read_delimited(std::string_view s, Moment& m) {
  std::size_t i = 0;
  const std::size_t year_from = i;
  if (!read_digits(s, i, 2, 4, m.year) || i - year_from == 3) return false;
  m.year = full_year(m.year, i - year_from);
  const auto delimiter = [&] { return i < s.size() && (s[i] == '-' || s[i] == '/' || s[i] == '.') && ++i; };
  if (!delimiter() || !read_digits(s, i, 1, 2, m.month) || !delimiter() || !read_digits(s, i, 1, 2, m.day))
    return false;
  if (i == s.size()) return true;
  if (s[i] != ' ' && s[i] != 'T') return false;
  ++i;
  const auto colon = [&] { return i < s.size() && s[i] == ':' && ++i; };
  if (!read_digits(s, i, 1, 2, m.hour) || !colon() || !read_digits(s, i, 1, 2, m.minute) || !colon() ||
      !read_digits(s, i, 1, 2, m.second))
    return false;
  if (i < s.size() && s[i] == '.') {
    const std::size_t from = ++i;
    if (!read_digits(s, i, 1, 6, m.micro)) return false;
    m.fraction_digits = static_cast<unsigned>(i - from);
    for (std::size_t d = m.fraction_digits; d < 6; ++d) m.micro *= 10;
  }
  return i == s.size();
}

}  // namespace

bool put_integer(std::string_view text, bool is_unsigned, std::string& out) {
  Number n;
  if (!read_number(text, n)) return false;
  round_to(n, 0);
  if (n.point > 20) return false;  // beyond any integer column: refused by the server
  std::uint64_t v = 0;
  for (long i = 0; i < n.point; ++i) {
    const unsigned d = i < static_cast<long>(n.digits.size()) ? static_cast<unsigned>(n.digits[i] - '0') : 0;
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  if (is_unsigned) {
    if (n.negative && v != 0) return false;
    put_u64(v, out);
    return true;
  }
  if (v > (n.negative ? (1ull << 63) : (1ull << 63) - 1)) return false;
  const auto s = n.negative ? static_cast<std::uint64_t>(-static_cast<__int128>(v)) : v;
  put_u64(s ^ (1ull << 63), out);
  return true;
}

bool put_decimal(std::string_view text, unsigned scale, std::string& out) {
  Number n;
  if (!read_number(text, n)) return false;
  round_to(n, scale);
  if (n.digits.empty()) {
    out.push_back(0x02);
    return true;
  }
  const auto point = static_cast<unsigned char>(std::clamp(n.point + 128, 1L, 254L));
  if (!n.negative) {  // 0x03, where the point is, the digits, then 0x00: a shorter run of digits sorts first
    out.push_back(0x03);
    out.push_back(static_cast<char>(point));
    out += n.digits;
    out.push_back(0x00);
    return true;
  }
  out.push_back(0x01);  // all of it complemented, so that a larger magnitude sorts first
  out.push_back(static_cast<char>(255 - point));
  for (char d : n.digits) out.push_back(static_cast<char>('9' - d + '0'));
  out.push_back(static_cast<char>(0xff));
  return true;
}

bool put_real(std::string_view text, bool single, std::string& out) {
  text = trim_spaces(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string_view::npos) return false;
  double v = 0;
  auto [at, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc() || at != text.data() + text.size()) return false;
  if (single) v = static_cast<double>(static_cast<float>(v));
  if (v == 0) v = 0;  // -0 and 0 are one value
  auto bits = std::bit_cast<std::uint64_t>(v);
  put_u64(bits >> 63 ? ~bits : bits | (1ull << 63), out);  // IEEE order as unsigned order
  return true;
}

bool put_temporal(std::string_view text, bool date_only, unsigned scale, std::string& out) {
  Moment m;
  if (!read_packed(text, m) && !read_delimited(text, (m = Moment{}))) return false;
  if (m.month > 12 || m.day > 31 || m.hour > 23 || m.minute > 59 || m.second > 59) return false;
  if (date_only) m.hour = m.minute = m.second = m.micro = 0;  // a DATE keeps the day
  else if (m.fraction_digits > scale) return false;  // cut or rounded as sql_mode says: not read here
  const std::uint64_t day = (static_cast<std::uint64_t>(m.year) * 13 + m.month) * 32 + m.day;
  const std::uint64_t second = ((day * 24 + m.hour) * 60 + m.minute) * 60 + m.second;
  put_u64(second * 1000000 + m.micro, out);
  return true;
}

}  // namespace fastload::order
