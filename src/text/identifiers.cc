#include "text/identifiers.h"

#include <algorithm>
#include <cctype>

namespace fastload::text {

std::string quote_identifier(std::string_view name) {
  std::string quoted = "`";
  for (char c : name) {
    if (c == '`') quoted += '`';
    quoted += c;
  }
  return quoted + "`";
}

namespace {
// Not std::tolower: a locale must not make other bytes equal.
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
}  // namespace

bool same_name(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) { return lower(x) == lower(y); });
}

std::string folded_name(std::string_view name) {
  std::string folded(name);
  for (char& c : folded) c = lower(c);
  return folded;
}

std::optional<NameRead> read_name(std::string_view text, std::size_t pos, std::string_view stops) {
  NameRead read;
  if (pos >= text.size() || text[pos] != '`') {
    read.end = std::min(text.find_first_of(stops, pos), text.size());
    read.name = text.substr(pos, read.end - pos);
    return read;
  }
  for (std::size_t i = pos + 1; i < text.size(); ++i) {
    if (text[i] != '`') {
      read.name += text[i];
    } else if (i + 1 < text.size() && text[i + 1] == '`') {
      read.name += '`';
      ++i;
    } else {
      read.end = i + 1;
      return read;
    }
  }
  return std::nullopt;
}

bool parse_name(std::string_view text, std::string& name) {
  auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  const std::optional<NameRead> read = read_name(text, 0);
  if (!read || read->end != text.size() || read->name.empty()) return false;
  name = read->name;
  return true;
}

std::vector<std::string> split_names(std::string_view text) {
  std::vector<std::string> entries(1);
  bool quoted = false;
  for (char c : text) {
    if (c == '`') quoted = !quoted;  // a doubled backtick toggles twice
    if (c == ',' && !quoted) entries.emplace_back();
    else entries.back() += c;
  }
  return entries;
}

}  // namespace fastload::text
