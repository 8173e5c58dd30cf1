#include "text/utf8_text.h"

#include <cstdint>
#include <cstring>
#include <fmt/core.h>

namespace fastload::text {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ull;

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The first offset at or after `at` whose byte is above 0x7F, or bytes.size(): eight bytes a step.
std::size_t skip_ascii(std::string_view bytes, std::size_t at) {
  for (; at + 8 <= bytes.size(); at += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + at, 8);
    if (word & kHighBits) break;
  }
  while (at < bytes.size() && static_cast<unsigned char>(bytes[at]) < 0x80) ++at;
  return at;
}

}  // namespace

bool has_high_byte(std::string_view bytes) { return skip_ascii(bytes, 0) < bytes.size(); }

std::size_t utf8_character(std::string_view bytes, std::size_t at) {
  auto byte = [&](std::size_t i) { return at + i < bytes.size() ? static_cast<unsigned char>(bytes[at + i]) : 0; };
  const unsigned char lead = byte(0);
  // The second byte's range: narrower after E0 (overlong), F0 (overlong), F4 (past U+10FFFF).
  unsigned char least = 0x80, most = 0xBF;
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
  else return 0;
  if (lead == 0xE0) least = 0xA0;
  if (lead == 0xF0) least = 0x90;
  if (lead == 0xF4) most = 0x8F;
  if (byte(1) < least || byte(1) > most) return 0;
  for (std::size_t i = 2; i < length; ++i)
    if (!continuation(byte(i))) return 0;
  return length;
}

Utf8Reading read_utf8(std::string_view bytes) {
  Utf8Reading r;
  for (std::size_t at = skip_ascii(bytes, 0); at < bytes.size(); at = skip_ascii(bytes, at)) {
    const std::size_t n = utf8_character(bytes, at);
    if (n == 0) {
      r.first_invalid = at;
      return r;  // the first is all a check needs
    }
    if (r.first_character == Utf8Reading::npos) r.first_character = at;
    at += n;
  }
  return r;
}

std::string shown_bytes(std::string_view bytes, std::size_t most) {
  std::string out = "'";
  std::size_t at = 0;
  while (at < bytes.size() && at < most) {
    const unsigned char c = static_cast<unsigned char>(bytes[at]);
    if (const std::size_t n = utf8_character(bytes, at)) {
      out.append(bytes.substr(at, n));
      at += n;
      continue;
    }
    if (c >= 0x20 && c < 0x7F && c != '\\') out += static_cast<char>(c);
    else if (c == '\\') out += "\\\\";
    else out += fmt::format("\\x{:02X}", c);
    ++at;
  }
  return out + (at < bytes.size() ? "'..." : "'");
}

std::string hex_bytes(std::string_view bytes, std::size_t at, std::size_t n) {
  std::string out;
  for (std::size_t i = at; i < at + n && i < bytes.size(); ++i)
    out += fmt::format("{}{:02X}", i == at ? "" : " ", static_cast<unsigned char>(bytes[i]));
  return out;
}

}  // namespace fastload::text
