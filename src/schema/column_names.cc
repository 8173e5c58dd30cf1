#include "schema/column_names.h"

#include <algorithm>
#include <string_view>

#include "schema/value_shape.h"
#include "text/identifiers.h"

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
  std::string_view kept = without_trailing_spaces(name);
  std::string why = kept.size() < name.size() ? "trailing spaces dropped from the header name" : "";
  if (measure_utf8(kept).characters > kMaxNameCharacters) {
    kept = without_trailing_spaces(utf8_prefix(kept, kMaxNameCharacters));
    why = "header name cut to 64 characters";
  }
  if (kept.empty()) return {"", "header name empty"};
  return {std::string(kept), why};
}

bool taken(const std::vector<ColumnName>& names, std::string_view name) {
  return std::ranges::any_of(names, [&](const ColumnName& n) { return load::same_name(n.name, name); });
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
