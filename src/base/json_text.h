// JSON text's pieces shared by the readers that write it (Parquet's nested values) and the rejects file (typed
// inputs' rows as JSON lines): a string escaped as RFC 8259 asks, and whether bytes are UTF-8, which JSON text is.
#pragma once

#include <string>
#include <string_view>

namespace fastload {

// `value` as a JSON string: '"', '\' and control characters escaped, other bytes (UTF-8) kept as they are.
inline void append_json_string(std::string& out, std::string_view value) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (const char c : value) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u >= 0x20) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      ((out += "\\u00") += kHex[u >> 4]) += kHex[u & 15];
    }
  }
  out += '"';
}

// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF).
inline bool is_utf8(std::string_view bytes) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t n = bytes.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char b = p[i];
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t length;
    unsigned char low = 0x80, high = 0xbf;  // the second byte's range
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) length = 3, low = b == 0xe0 ? 0xa0 : 0x80, high = b == 0xed ? 0x9f : 0xbf;
    else if (b >= 0xf0 && b <= 0xf4) length = 4, low = b == 0xf0 ? 0x90 : 0x80, high = b == 0xf4 ? 0x8f : 0xbf;
    else return false;
    if (n - i < length || p[i + 1] < low || p[i + 1] > high) return false;
    for (std::size_t k = 2; k < length; ++k)
      if ((p[i + k] & 0xc0) != 0x80) return false;
    i += length;
  }
  return true;
}

}  // namespace fastload
