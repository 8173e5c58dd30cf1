// A field's bytes read as UTF-8, for the check of a dump's text read as the bytes its columns store
// (load/dump_charset.h): whether they are UTF-8, and where they first hold a multi-byte character or a byte
// that begins none. Pure functions of the bytes; ASCII is skipped a word at a time.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fastload::text {

// Whether any byte is above 0x7F: ASCII text is the same in every charset a dump is written in, and needs no check.
bool has_high_byte(std::string_view bytes);

// The length (2 to 4) of the well-formed UTF-8 multi-byte character at bytes[at], as MariaDB's utf8mb4 reads it: a
// lead byte C2-F4 and the continuation bytes it needs, no overlong form, nothing past U+10FFFF (F4 90); 0 when
// there is none there (an ASCII byte, a stray continuation byte, a character cut short). A surrogate's encoding
// (ED A0-BF ..) is one: MariaDB 10.11 stores it in a utf8mb4 column, from INSERT and LOAD DATA alike.
std::size_t utf8_character(std::string_view bytes, std::size_t at);

// What UTF-8 makes of a field.
struct Utf8Reading {
  static constexpr std::size_t npos = std::string_view::npos;
  std::size_t first_character = npos;  // offset of its first multi-byte character
  std::size_t first_invalid = npos;    // offset of its first byte in no character
  bool valid() const { return first_invalid == npos; }
  // Valid, with at least one multi-byte character: text a server converted to UTF-8 reads so throughout.
  bool is_multibyte_text() const { return valid() && first_character != npos; }
};
Utf8Reading read_utf8(std::string_view bytes);

// `bytes` for a message, quoted: printable ASCII and well-formed UTF-8 characters as they are, any other byte as
// \xHH (a terminal or a JSON summary then shows them all); at most `most` bytes of the field, "..." after.
std::string shown_bytes(std::string_view bytes, std::size_t most = 40);

// The `n` bytes at bytes[at] in hex, "C3 A9".
std::string hex_bytes(std::string_view bytes, std::size_t at, std::size_t n);

}  // namespace fastload::text
