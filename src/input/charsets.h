// The file charsets whose bytes cannot be split or parsed as they are: a
// multi-byte character of sjis, cp932, gbk or big5 can hold bytes that look like
// ASCII ('\\', '|', letters), and a ucs2, utf16 or utf32 line ends in two or
// four bytes. fastload converts them to utf8mb4 with glibc's iconv before
// cutting rows, reading each character as the server's charset does
// (docs/design.md, "Charsets").
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace fastload::input {

// A 2-byte code whose server reading is not iconv's: the server's UTF-8, or nullptr where it cannot convert it.
struct Correction {
  std::uint16_t code;
  const char* utf8;
};
extern const std::span<const Correction> kBig5Corrections;  // sorted by code (input/big5_corrections.cc)

struct FileCharset {
  const char* name;   // the server's
  const char* iconv;  // glibc's, chosen because its mapping is the server's (tests/integration/charsets_iconv.sh)
  unsigned unit;      // 1: ASCII bytes stand for themselves, other characters take 2 bytes; 2 or 4: UCS units
  bool (*head)(unsigned char);         // unit 1: a byte that begins a 2-byte character
  bool (*tail)(unsigned char);         // unit 1: a byte that may end one
  bool (*single)(unsigned char);       // unit 1: a byte above 0x7F that is a character alone
  std::span<const Correction> corrections = {};  // unit 1: pairs converted from this table, not by iconv
};

// The correction for the pair at `p` (2 bytes there), or nullptr if iconv reads it as the server does.
const Correction* correction(const FileCharset& cs, const unsigned char* p);

// The charset named `name` (any case) if fastload converts it, else nullptr.
const FileCharset* converted_charset(std::string_view name);

// The server's reading of the character at `p` (`size` bytes there, size > 0), for unit-1 charsets: its
// length (1 or 2) when well formed, -1 when `p[0]` is a byte that begins no character (the server reads it
// alone and cannot convert it), 0 when only more bytes can tell.
int char_length(const FileCharset& cs, const unsigned char* p, std::size_t size);

}  // namespace fastload::input
