#include "input/charsets.h"

#include <algorithm>
#include <iterator>

#include "text/text.h"

namespace fastload::input {
namespace {

// The byte classes of MariaDB's strings/ctype-sjis.c, ctype-cp932.c, ctype-gbk.c and ctype-big5.c (big5's
// checked with the server's LOAD DATA, docs/design.md): a head byte followed by a tail byte is one character
// (which may still be unassigned: the server then refuses it, error 1366).
bool sjis_head(unsigned char c) { return (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC); }
bool sjis_tail(unsigned char c) { return (c >= 0x40 && c <= 0x7E) || (c >= 0x80 && c <= 0xFC); }
bool sjis_single(unsigned char c) { return c >= 0xA1 && c <= 0xDF; }  // half-width katakana
bool gbk_head(unsigned char c) { return c >= 0x81 && c <= 0xFE; }
bool gbk_tail(unsigned char c) { return (c >= 0x40 && c <= 0x7E) || (c >= 0x80 && c <= 0xFE); }
bool big5_head(unsigned char c) { return c >= 0xA1 && c <= 0xF9; }
bool big5_tail(unsigned char c) { return (c >= 0x40 && c <= 0x7E) || (c >= 0xA1 && c <= 0xFE); }
bool none(unsigned char) { return false; }

// iconv names: glibc's SJIS maps 0x5C and 0x7E to YEN SIGN and OVERLINE where the server keeps ASCII, so
// ASCII never goes through iconv; its CP932 and GBK map every other character as the server does. Its BIG5
// (as its CP950) differs in 461 pairs, which take the server's reading from kBig5Corrections instead.
const FileCharset kCharsets[] = {
    {"sjis", "SJIS", 1, sjis_head, sjis_tail, sjis_single},
    {"cp932", "CP932", 1, sjis_head, sjis_tail, sjis_single},
    {"gbk", "GBK", 1, gbk_head, gbk_tail, none},
    {"big5", "BIG5", 1, big5_head, big5_tail, none, kBig5Corrections},
    {"ucs2", "UCS-2BE", 2, none, none, none},
    {"utf16", "UTF-16BE", 2, none, none, none},
    {"utf16le", "UTF-16LE", 2, none, none, none},
    {"utf32", "UTF-32BE", 4, none, none, none},
};

}  // namespace

const FileCharset* converted_charset(std::string_view name) {
  for (const FileCharset& cs : kCharsets)
    if (text::same_name(name, cs.name)) return &cs;
  return nullptr;
}

int char_length(const FileCharset& cs, const unsigned char* p, std::size_t size) {
  if (p[0] < 0x80 || cs.single(p[0])) return 1;
  if (!cs.head(p[0])) return -1;
  if (size < 2) return 0;
  return cs.tail(p[1]) ? 2 : -1;  // a head before a byte that is no tail: read alone, as the server does
}

const Correction* correction(const FileCharset& cs, const unsigned char* p) {
  const std::uint16_t code = static_cast<std::uint16_t>(p[0] << 8 | p[1]);
  auto it = std::lower_bound(cs.corrections.begin(), cs.corrections.end(), code,
                             [](const Correction& c, std::uint16_t v) { return c.code < v; });
  return it != cs.corrections.end() && it->code == code ? &*it : nullptr;
}

}  // namespace fastload::input
