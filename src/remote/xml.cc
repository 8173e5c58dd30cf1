#include "remote/xml.h"

#include <charconv>
#include <cstdint>
#include <fmt/core.h>

namespace fastload::remote {
namespace {

// A character reference's code point as UTF-8.
void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | code >> 6);
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | code >> 12);
    out += static_cast<char>(0x80 | (code >> 6 & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | code >> 18);
    out += static_cast<char>(0x80 | (code >> 12 & 0x3F));
    out += static_cast<char>(0x80 | (code >> 6 & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

// The text an entity stands for (without its & and ;), or none when it is not one XML defines.
bool decode_entity(std::string_view entity, std::string& out) {
  static constexpr std::pair<std::string_view, char> kNamed[] = {
      {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
  for (const auto& [name, c] : kNamed)
    if (entity == name) return out += c, true;
  if (!entity.starts_with('#')) return false;
  const bool hex = entity.starts_with("#x");
  const std::string_view digits = entity.substr(hex ? 2 : 1);
  std::uint32_t code = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), code, hex ? 16 : 10);
  if (ec != std::errc{} || end != digits.data() + digits.size() || digits.empty() || code > 0x10FFFF) return false;
  append_utf8(out, code);
  return true;
}

// An element's text with its entities and character references decoded (one not XML's is kept as written).
std::string xml_text(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t end = text[i] == '&' ? text.find(';', i) : std::string_view::npos;
    if (end == std::string_view::npos || !decode_entity(text.substr(i + 1, end - i - 1), out)) {
      out += text[i];
      continue;
    }
    i = end;
  }
  return out;
}

}  // namespace

std::vector<std::string> xml_elements(std::string_view body, std::string_view name) {
  const std::string open = fmt::format("<{}>", name), close = fmt::format("</{}>", name);
  std::vector<std::string> found;
  for (std::size_t at = body.find(open); at != std::string_view::npos; at = body.find(open, at)) {
    const std::size_t end = body.find(close, at);
    if (end == std::string_view::npos) break;
    found.push_back(xml_text(body.substr(at + open.size(), end - at - open.size())));
    at = end;
  }
  return found;
}

std::string xml_element(std::string_view body, std::string_view name) {
  std::vector<std::string> all = xml_elements(body, name);
  return all.empty() ? std::string() : std::move(all.front());
}

}  // namespace fastload::remote
