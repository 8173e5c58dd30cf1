// The charset converter gives the same text however the file's bytes are cut
// into reads (a character or a UCS unit split between two), and stands 0xFF
// for each byte the server could not convert. The mappings themselves are
// checked against the server in tests/integration/charsets_iconv.sh.
#include <gtest/gtest.h>

#include <string>

#include "input/input.h"

namespace fastload::input {
namespace {

std::string convert_all(const char* charset, std::string_view in, std::size_t cut) {
  CharsetConverter converter(*converted_charset(charset), text::Dialect{}, "f");
  std::string out, pending;
  for (std::size_t at = 0; at < in.size(); at += cut) {
    pending.append(in.substr(at, cut));
    pending.erase(0, converter.convert(pending, false, out));
  }
  pending.erase(0, converter.convert(pending, true, out));
  EXPECT_TRUE(pending.empty());
  return out;
}

TEST(CharsetConverter, SameTextWhereverTheReadsEnd) {
  // sjis: ASCII, ソ (83 5C), ｱ (B1), ＼ (81 5F: '\' escaped), a lone head byte before a TAB, 0x80, LF.
  const std::string sjis = "a\x83\x5c\\\\\xb1\x81\x5f\x81\tb\x80\x83\x5c\n";
  const std::string want = "a\xe3\x82\xbd\\\\\xef\xbd\xb1\\\\\xff\tb\xff\xe3\x82\xbd\n";
  for (std::size_t cut = 1; cut <= sjis.size(); ++cut) EXPECT_EQ(convert_all("sjis", sjis, cut), want) << cut;
  // utf16: A, a surrogate pair (U+1F600), a lone low surrogate, LF, and an odd byte at the end.
  const std::string utf16("\x00\x41\xd8\x3d\xde\x00\xdc\x00\x00\x0a\x00", 11);
  const std::string want16 = "A\xf0\x9f\x98\x80\xff\xff\n\xff";
  for (std::size_t cut = 1; cut <= utf16.size(); ++cut) EXPECT_EQ(convert_all("utf16", utf16, cut), want16) << cut;
}

TEST(CharsetConverter, HeadByteAtTheEndIsUnconvertible) {
  EXPECT_EQ(convert_all("gbk", "x\x81", 1), "x\xff");
  EXPECT_EQ(convert_all("cp932", "\x82\xa0", 2), "\xe3\x81\x82");  // あ
}

TEST(CharsetConverter, Big5TakesTheServersReadingWhereIconvDiffers) {
  // 功 (A5 5C) and '\\', A145 (the server: U+2022, glibc: U+2027), A15A (the server reads U+FFFD and stores
  // it without a warning: refused), A3E1 (the server cannot convert it, glibc: EURO SIGN), 一 (A4 40), F9FE
  // (unconvertible) at the end.
  const std::string big5 = "\xa5\x5c\\\\\xa1\x45\xa1\x5a\xa3\xe1\xa4\x40\xf9\xfe";
  const std::string want = "\xe5\x8a\x9f\\\\\xe2\x80\xa2\xff\xff\xff\xff\xe4\xb8\x80\xff\xff";
  for (std::size_t cut = 1; cut <= big5.size(); ++cut) EXPECT_EQ(convert_all("big5", big5, cut), want) << cut;
  for (std::size_t i = 1; i < kBig5Corrections.size(); ++i)  // sorted, for the binary search
    EXPECT_LT(kBig5Corrections[i - 1].code, kBig5Corrections[i].code);
}

TEST(CharsetConverter, KnownCharsets) {
  for (const char* name : {"sjis", "CP932", "gbk", "Big5", "ucs2", "utf16", "utf16le", "utf32"})
    EXPECT_NE(converted_charset(name), nullptr) << name;
  for (const char* name : {"gb18030", "utf8mb4", "latin1"}) EXPECT_EQ(converted_charset(name), nullptr) << name;
}

}  // namespace
}  // namespace fastload::input
