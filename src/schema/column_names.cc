#include "schema/column_names.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "schema/value_shape.h"

namespace fastload::schema {
namespace {

constexpr std::size_t kMaxNameCharacters = 64;  // MariaDB's NAME_CHAR_LEN

// The first `characters` code points of valid UTF-8 text.
std::string_view utf8_prefix(std::string_view text, std::size_t characters) {
  std::size_t at = 0;
  for (std::size_t seen = 0; at < text.size(); ++at) {
    if ((static_cast<unsigned char>(text[at]) & 0xC0) != 0x80 && seen++ == characters) break;
  }
  return text.substr(0, at);
}

std::string_view without_trailing_spaces(std::string_view text) {
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// The header's name made valid, and why it changed; empty when nothing of it is usable.
ColumnName cleaned(std::string_view name) {
  if (!measure_utf8(name).valid) return {"", "header name not UTF-8"};
  // MariaDB's names are utf8mb3: no character past U+FFFF (no 4-byte sequence).
  if (std::ranges::any_of(name, [](char c) { return static_cast<unsigned char>(c) >= 0xF0; }))
    return {"", "header name has a character past U+FFFF"};
  std::string_view kept = without_trailing_spaces(name);
  std::string why = kept.size() < name.size() ? "trailing spaces dropped from the header name" : "";
  if (measure_utf8(kept).characters > kMaxNameCharacters) {
    kept = without_trailing_spaces(utf8_prefix(kept, kMaxNameCharacters));
    why = "header name cut to 64 characters";
  }
  if (kept.empty()) return {"", "header name empty"};
  return {std::string(kept), why};
}

// A code point's upper case where MariaDB's column name comparison (utf8mb3_general_ci's case table) folds it:
// ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic; others as they are. (Measured on MariaDB 10.11: the
// final sigma is a name of its own.)
char32_t upper(char32_t c) {
  const bool greek = c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2;
  if ((c >= U'a' && c <= U'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7) || greek || (c >= 0x430 && c <= 0x44F))
    return c - 0x20;
  if (c == 0xFF) return 0x178;
  if (c >= 0x450 && c <= 0x45F) return c - 0x50;
  const bool even_upper = (c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177);
  const bool odd_upper = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
  if ((even_upper && c % 2 == 1) || (odd_upper && c % 2 == 0)) return c - 1;
  return c;
}

// Valid UTF-8 as upper-cased code points.
std::u32string folded(std::string_view name) {
  std::u32string out;
  for (std::size_t at = 0; at < name.size();) {
    const auto lead = static_cast<unsigned char>(name[at]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t c = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t i = 1; i < length && at + i < name.size(); ++i) c = c << 6 | (name[at + i] & 0x3F);
    out += upper(c);
    at += length;
  }
  return out;
}

bool taken(const std::vector<ColumnName>& names, std::string_view name) {
  const std::u32string wanted = folded(name);
  return std::ranges::any_of(names, [&](const ColumnName& n) { return folded(n.name) == wanted; });
}

// stem + tag, then stem + tag + _2, _3, ... until one is free; the stem cut to leave room for the rest.
std::string unique_name(const std::vector<ColumnName>& names, std::string_view stem, std::string_view tag) {
  for (unsigned n = 1;; ++n) {
    const std::string suffix = std::string(tag) + (n == 1 ? "" : "_" + std::to_string(n));
    std::string name = std::string(utf8_prefix(stem, kMaxNameCharacters - suffix.size())) + suffix;
    if (!taken(names, name)) return name;
  }
}

}  // namespace

std::vector<ColumnName> column_names(const std::vector<std::string>& header, std::size_t count) {
  std::vector<ColumnName> names(count);
  std::vector<bool> repeated(count, false);
  // The header's own names first, so that a made-up name never takes one a later column has.
  for (std::size_t i = 0; i < count && i < header.size(); ++i) {
    names[i] = cleaned(header[i]);
    repeated[i] = !names[i].name.empty() && taken({names.begin(), names.begin() + i}, names[i].name);
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (!names[i].name.empty() && !repeated[i]) continue;
    const std::string k = std::to_string(i + 1);
    names[i].name = repeated[i] ? unique_name(names, names[i].name, "_" + k) : unique_name(names, "c" + k, "");
    if (repeated[i]) names[i].why = "header name repeated";
    else if (i >= header.size() && !header.empty()) names[i].why = "no header name";
    if (!names[i].why.empty()) names[i].why += ": named " + names[i].name;
  }
  return names;
}

}  // namespace fastload::schema
