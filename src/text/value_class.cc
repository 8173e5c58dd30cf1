#include "text/value_class.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace fastload::text {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
// The blanks the server's number reading skips before a number (my_isspace).
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

std::size_t skip_blanks(std::string_view text, std::size_t at = 0) {
  while (at < text.size() && is_blank(text[at])) ++at;
  return at;
}

std::string_view without_trailing_spaces(std::string_view text) {
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

std::size_t skip_digits(std::string_view text, std::size_t at) {
  while (at < text.size() && is_digit(text[at])) ++at;
  return at;
}

// The exponent of "e[+-]digits" at `at`, clamped far beyond any digit count; `at` moves past it. Nothing (0,
// `at` unchanged) when no digit follows the e.
long exponent_at(std::string_view text, std::size_t& at) {
  if (at >= text.size() || (text[at] != 'e' && text[at] != 'E')) return 0;
  std::size_t i = at + 1;
  bool negative = i < text.size() && text[i] == '-';
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  if (i >= text.size() || !is_digit(text[i])) return 0;
  long value = 0;
  for (; i < text.size() && is_digit(text[i]); ++i) value = std::min(value * 10 + (text[i] - '0'), 1000000L);
  at = i;
  return negative ? -value : value;
}

}  // namespace

bool integer_loses_fraction(std::string_view text) {
  // Nearly every value is an optional minus and digits: nothing to lose, known in one pass.
  const std::size_t first = !text.empty() && text[0] == '-';
  if (first < text.size() && skip_digits(text, first) == text.size()) return false;
  std::size_t at = skip_blanks(text);
  if (at < text.size() && (text[at] == '-' || text[at] == '+')) ++at;
  const std::size_t whole = at;
  at = skip_digits(text, at);
  const std::size_t whole_digits = at - whole;
  std::size_t fraction = at, fraction_digits = 0;
  if (at < text.size() && text[at] == '.') {
    fraction = at + 1;
    at = skip_digits(text, fraction);
    fraction_digits = at - fraction;
  }
  if (whole_digits + fraction_digits == 0) return false;
  const long exponent = exponent_at(text, at);
  if (at != text.size()) return false;  // not a number the server reads silently
  // The lowest nonzero digit's place (10^place): below 10^0 after the exponent, a fraction is lost.
  for (std::size_t k = fraction_digits; k > 0; --k)
    if (text[fraction + k - 1] != '0') return -static_cast<long>(k) + exponent < 0;
  for (std::size_t k = 0; k < whole_digits; ++k)
    if (text[whole + whole_digits - 1 - k] != '0') return static_cast<long>(k) + exponent < 0;
  return false;  // zero
}

bool fraction_beyond(std::string_view text, unsigned precision, bool time) {
  // Nearly every value has no dot at all: known at memchr's speed.
  if (text.empty() || std::memchr(text.data(), '.', text.size()) == nullptr) return false;
  text = without_trailing_spaces(text.substr(skip_blanks(text)));
  const std::size_t dot = text.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || !is_digit(text[dot - 1]) || dot + 1 == text.size() ||
      skip_digits(text, dot + 1) != text.size())
    return false;
  if (!time) {
    // Before a fraction: year, month, day, hours, minutes, seconds, or one run of 12 or 14 digits.
    std::size_t groups = 0, longest = 0;
    for (std::size_t i = 0; i < dot;) {
      std::size_t end = skip_digits(text, i);
      if (end > i) ++groups, longest = std::max(longest, end - i), i = end;
      else ++i;
    }
    if (groups < 6 && !(groups == 1 && longest >= 12)) return false;
  }
  std::string_view digits = text.substr(dot + 1);
  return digits.size() > precision && digits.find_first_not_of('0', precision) != std::string_view::npos;
}

bool only_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), is_digit);
}

bool number_not_member(std::string_view text, const std::vector<std::string>& members) {
  const std::string_view name = without_trailing_spaces(text);
  std::size_t at = skip_blanks(name);
  if (at < name.size() && (name[at] == '-' || name[at] == '+')) ++at;
  if (at == name.size() || skip_digits(name, at) != name.size()) return false;
  return std::none_of(members.begin(), members.end(),
                      [&](const std::string& m) { return without_trailing_spaces(m) == name; });
}

std::vector<std::string> type_members(std::string_view column_type) {
  std::vector<std::string> members;
  std::size_t at = column_type.find('(');
  if (at == std::string_view::npos) return members;
  for (++at; at < column_type.size() && column_type[at] == '\'';) {
    std::string member;
    for (++at; at < column_type.size(); ++at) {
      if (column_type[at] == '\'' && at + 1 < column_type.size() && column_type[at + 1] == '\'') {
        member += '\'';
        ++at;
      } else if (column_type[at] == '\'') {
        break;
      } else {
        member += column_type[at];
      }
    }
    members.push_back(std::move(member));
    at += 2;  // the closing quote and the comma (or the closing parenthesis)
  }
  return members;
}

}  // namespace fastload::text
