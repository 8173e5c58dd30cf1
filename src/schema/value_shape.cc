#include "schema/value_shape.h"

#include <algorithm>
#include <cstddef>

namespace fastload::schema {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::size_t skip_digits(std::string_view text, std::size_t at) {
  while (at < text.size() && is_digit(text[at])) ++at;
  return at;
}

// The number of `count` digits at text[at] (the caller checked they are digits).
unsigned digits_at(std::string_view text, std::size_t at, std::size_t count) {
  unsigned value = 0;
  for (std::size_t i = at; i < at + count; ++i) value = value * 10 + static_cast<unsigned>(text[i] - '0');
  return value;
}

// Whether text matches `pattern`, where '9' stands for any digit and other bytes for themselves.
bool matches(std::string_view text, std::string_view pattern) {
  return text.size() == pattern.size() &&
         std::equal(pattern.begin(), pattern.end(), text.begin(),
                    [](char p, char c) { return p == '9' ? is_digit(c) : p == c; });
}

// The magnitude of the digits in text[begin, end), or wide when it passes 64 bits.
void read_magnitude(std::string_view text, std::size_t begin, std::size_t end, ValueShape& out) {
  for (std::size_t i = begin; i < end && !out.wide; ++i) {
    const auto digit = static_cast<std::uint64_t>(text[i] - '0');
    if (out.magnitude > (UINT64_MAX - digit) / 10) out.wide = true;
    else out.magnitude = out.magnitude * 10 + digit;
  }
  if (out.wide) out.magnitude = 0;
}

// -?digits[.digits]; nullopt-like kText when the text is not that.
ValueShape number_shape(std::string_view text) {
  ValueShape out;
  std::size_t at = 0;
  out.negative = text[0] == '-';
  if (out.negative) ++at;
  const std::size_t whole = at, whole_end = skip_digits(text, at);
  if (whole_end == whole) return out;
  std::size_t end = whole_end;
  if (end < text.size() && text[end] == '.') {
    end = skip_digits(text, end + 1);
    if (end == whole_end + 1) return out;  // "5.": no digit after the point
    out.fraction_digits = end - whole_end - 1;
  }
  if (end != text.size()) return out;
  const bool zero_whole = text[whole] == '0';
  if (zero_whole && whole_end - whole > 1) return {.shape = Shape::kLeadingZeros};
  const bool all_zero = text.find_first_not_of("0.", whole) == std::string_view::npos;
  if (out.negative && all_zero) return {.shape = Shape::kNegativeZero};
  out.whole_digits = zero_whole ? 0 : whole_end - whole;
  out.shape = out.fraction_digits > 0 ? Shape::kDecimal : Shape::kInteger;
  if (out.shape == Shape::kInteger) read_magnitude(text, whole, whole_end, out);
  return out;
}

bool leap(unsigned year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

bool real_date(std::string_view ymd) {
  static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const unsigned year = digits_at(ymd, 0, 4), month = digits_at(ymd, 5, 2), day = digits_at(ymd, 8, 2);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= kDays[month - 1] + (month == 2 && leap(year) ? 1 : 0);
}

// ".f{1,6}" or nothing at text[at]: the fraction's digits, or -1 when it is something else.
int fraction_at(std::string_view text, std::size_t at) {
  if (at == text.size()) return 0;
  if (text[at] != '.') return -1;
  const std::size_t end = skip_digits(text, at + 1);
  if (end != text.size() || end == at + 1) return -1;
  return end - at - 1 <= 6 ? static_cast<int>(end - at - 1) : 7;
}

ValueShape date_shape(std::string_view text) {
  if (text.size() < 10 || !matches(text.substr(0, 10), "9999-99-99")) return {};
  const bool is_datetime = text.size() > 10;
  if (is_datetime && (text.size() < 19 || !matches(text.substr(10, 9), " 99:99:99"))) return {};
  const int fraction = is_datetime ? fraction_at(text, 19) : 0;
  if (fraction < 0) return {};
  const bool clock_ok = !is_datetime || (digits_at(text, 11, 2) < 24 && digits_at(text, 14, 2) < 60 &&
                                         digits_at(text, 17, 2) < 60);
  if (!real_date(text) || !clock_ok || fraction > 6) return {.shape = Shape::kBadTemporal};
  return {.shape = is_datetime ? Shape::kDateTime : Shape::kDate,
          .fraction_digits = static_cast<std::uint64_t>(fraction)};
}

ValueShape time_shape(std::string_view text) {
  const std::size_t at = !text.empty() && text[0] == '-' ? 1 : 0;
  const std::size_t hours = skip_digits(text, at) - at;
  if (hours < 2 || hours > 3 || !matches(text.substr(at + hours, 6), ":99:99")) return {};
  const int fraction = fraction_at(text, at + hours + 6);
  if (fraction < 0) return {};
  if (hours == 3 && text[at] == '0') return {.shape = Shape::kLeadingZeros};
  const unsigned h = digits_at(text, at, hours), m = digits_at(text, at + hours + 1, 2),
                 s = digits_at(text, at + hours + 4, 2);
  if (h > 838 || m > 59 || s > 59 || fraction > 6) return {.shape = Shape::kBadTemporal};
  if (at == 1 && text.find_first_not_of("0:.", 1) == std::string_view::npos) return {.shape = Shape::kNegativeZero};
  return {.shape = Shape::kTime, .fraction_digits = static_cast<std::uint64_t>(fraction)};
}

// What the server's number reading takes as a number although it does not give it back as written:
// [blanks][+-](digits[.digits*] | .digits)[e[+-]digits][blanks], or NaN and infinities.
bool number_like(std::string_view text) {
  auto skip = [&](std::size_t at, std::string_view bytes) {
    while (at < text.size() && bytes.find(text[at]) != std::string_view::npos) ++at;
    return at;
  };
  std::size_t at = skip(0, " \t");
  if (at < text.size() && (text[at] == '+' || text[at] == '-')) ++at;
  const std::string_view word = text.substr(at, skip(at, "nafityNAFITY") - at);
  for (std::string_view name : {"nan", "inf", "infinity"})
    if (std::ranges::equal(word, name, [](char c, char w) { return (c | 0x20) == w; }) &&
        skip(at + word.size(), " \t") == text.size())
      return true;
  const std::size_t whole = at;
  at = skip_digits(text, at);
  std::size_t digits = at - whole;
  if (at < text.size() && text[at] == '.') {
    const std::size_t fraction = at + 1;
    at = skip_digits(text, fraction);
    digits += at - fraction;
  }
  if (digits == 0) return false;
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    std::size_t exponent = at + 1;
    if (exponent < text.size() && (text[exponent] == '+' || text[exponent] == '-')) ++exponent;
    at = skip_digits(text, exponent);
    if (at == exponent) return false;
  }
  return skip(at, " \t") == text.size();
}

}  // namespace

ValueShape shape_of(std::string_view text) {
  if (text.empty()) return {.shape = Shape::kEmpty};
  for (auto shape_from : {number_shape, date_shape, time_shape}) {
    if (ValueShape s = shape_from(text); s.shape != Shape::kText) return s;
  }
  return {.shape = number_like(text) ? Shape::kNumberLike : Shape::kText};
}

Utf8Measure measure_utf8(std::string_view text) {
  Utf8Measure m;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  while (p < end) {
    const unsigned c = *p;
    std::size_t length = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                                                                : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (length == 0 || static_cast<std::size_t>(end - p) < length) return {m.characters, false};
    for (std::size_t i = 1; i < length; ++i)
      if ((p[i] & 0xC0) != 0x80) return {m.characters, false};
    // The second byte's range closes overlong forms, surrogates and code points past U+10FFFF.
    if ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] > 0x9F) || (c == 0xF0 && p[1] < 0x90) ||
        (c == 0xF4 && p[1] > 0x8F))
      return {m.characters, false};
    p += length;
    ++m.characters;
  }
  return m;
}

}  // namespace fastload::schema
