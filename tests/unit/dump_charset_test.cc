// A dump's text read as the bytes its columns store, checked for the sign of a dump written in another charset
// (load/dump_charset.h): the UTF-8 reading of a field's bytes (text/utf8_text.h), which columns take which check,
// and the rows a chunk's check refuses. tests/integration/dump_charsets.sh checks it against real dumps.
#include "load/dump_charset.h"

#include <gtest/gtest.h>

#include <string>

#include "load/load.h"
#include "messages.h"
#include "text/text.h"

namespace fastload::load {
namespace {

using namespace std::string_literals;

TEST(Utf8Text, WellFormedCharactersOfEachLength) {
  EXPECT_EQ(text::utf8_character("\xC2\x80", 0), 2u);          // U+0080, the first of two bytes
  EXPECT_EQ(text::utf8_character("\xC3\xA9", 0), 2u);          // é
  EXPECT_EQ(text::utf8_character("\xDF\xBF", 0), 2u);          // U+07FF
  EXPECT_EQ(text::utf8_character("\xE0\xA0\x80", 0), 3u);      // U+0800
  EXPECT_EQ(text::utf8_character("\xE2\x82\xAC", 0), 3u);      // €
  EXPECT_EQ(text::utf8_character("\xED\x9F\xBF", 0), 3u);      // U+D7FF, the last before the surrogates
  EXPECT_EQ(text::utf8_character("\xED\xA0\x80", 0), 3u);      // a surrogate: MariaDB's utf8mb4 stores it
  EXPECT_EQ(text::utf8_character("\xEF\xBF\xBF", 0), 3u);      // U+FFFF
  EXPECT_EQ(text::utf8_character("\xF0\x90\x80\x80", 0), 4u);  // U+10000
  EXPECT_EQ(text::utf8_character("\xF0\x9F\x98\x80", 0), 4u);  // 😀
  EXPECT_EQ(text::utf8_character("\xF4\x8F\xBF\xBF", 0), 4u);  // U+10FFFF
  EXPECT_EQ(text::utf8_character("x\xC3\xA9", 1), 2u);
}

TEST(Utf8Text, WhatBeginsNoCharacter) {
  for (const std::string& bytes :
       {"a"s, "\x80"s, "\xBF"s, "\xC0\x80"s, "\xC1\xBF"s, "\xC3"s, "\xC3x"s, "\xC3\xC3"s, "\xE0\x9F\xBF"s,
        "\xE2\x82"s, "\xE2\x82x"s, "\xED\xA0"s, "\xF0\x8F\xBF\xBF"s, "\xF0\x9F\x98"s,
        "\xF4\x90\x80\x80"s, "\xF5\x80\x80\x80"s, "\xFE"s, "\xFF"s, ""s})
    EXPECT_EQ(text::utf8_character(bytes, 0), 0u) << text::hex_bytes(bytes, 0, bytes.size());
}

TEST(Utf8Text, HighBytesFoundAtEveryPlace) {
  EXPECT_FALSE(text::has_high_byte(""));
  const std::string ascii(40, 'a');
  EXPECT_FALSE(text::has_high_byte(ascii));
  for (std::size_t at = 0; at < ascii.size(); ++at) {
    std::string bytes = ascii;
    bytes[at] = '\xE9';
    EXPECT_TRUE(text::has_high_byte(bytes)) << at;
    EXPECT_TRUE(text::has_high_byte(std::string_view(bytes).substr(at))) << at;
    EXPECT_FALSE(text::has_high_byte(std::string_view(bytes).substr(0, at))) << at;
  }
}

TEST(Utf8Text, ReadingAField) {
  text::Utf8Reading r = text::read_utf8("abcdefghijklmnop");
  EXPECT_TRUE(r.valid());
  EXPECT_FALSE(r.is_multibyte_text());
  r = text::read_utf8("caf\xC3\xA9 cr\xC3\xA8me");
  EXPECT_TRUE(r.is_multibyte_text());
  EXPECT_EQ(r.first_character, 3u);
  r = text::read_utf8("0123456789 caf\xE9");
  EXPECT_FALSE(r.valid());
  EXPECT_EQ(r.first_invalid, 14u);
  EXPECT_EQ(r.first_character, text::Utf8Reading::npos);
  r = text::read_utf8("\xC3\xA9\xE9");  // a character, then a byte that begins none
  EXPECT_EQ(r.first_character, 0u);
  EXPECT_EQ(r.first_invalid, 2u);
  EXPECT_FALSE(r.is_multibyte_text());
}

TEST(Utf8Text, ShownInMessages) {
  EXPECT_EQ(text::shown_bytes("caf\xC3\xA9"), "'caf\xC3\xA9'");
  EXPECT_EQ(text::shown_bytes("Jos\xE9\t\\"), "'Jos\\xE9\\x09\\\\'");
  EXPECT_EQ(text::shown_bytes(std::string(50, 'x'), 40), "'" + std::string(40, 'x') + "'...");
  EXPECT_EQ(text::hex_bytes("caf\xC3\xA9", 3, 2), "C3 A9");
}

TEST(DumpCharset, OneByteColumnRefusesUtf8Text) {
  for (const std::string& value : {"caf\xC3\xA9"s, "\xC3\xB1"s, "\xE2\x82\xAC 5"s, "\xE6\x97\xA5\xE6\x9C\xAC"s,
                                   "\xF0\x9F\x98\x80"s})
    EXPECT_TRUE(wrong_charset(DumpText::one_byte, value)) << text::shown_bytes(value);
  // ASCII, latin1's own bytes (é is E9), and a pair that reads as UTF-8 beside a byte that begins none: the
  // column's bytes.
  for (const std::string& value : {""s, "plain"s, "caf\xE9"s, "\xC3\xA9\xE9"s, "\xA9\xC3"s, "na\xEFve"s})
    EXPECT_FALSE(wrong_charset(DumpText::one_byte, value)) << text::shown_bytes(value);
}

TEST(DumpCharset, Utf8ColumnRefusesWhatIsNotUtf8) {
  for (const std::string& value : {"caf\xE9"s, "\xC3"s, "ok \xED\xA0"s, "\xC0\xAF"s, "\xFF"s, "\xF4\x90\x80\x80"s})
    EXPECT_TRUE(wrong_charset(DumpText::utf8, value)) << text::shown_bytes(value);
  // What the server stores in a utf8mb4 column: a surrogate's encoding too (seen on 10.11), never refused here.
  for (const std::string& value : {""s, "plain"s, "caf\xC3\xA9"s, "\xF0\x9F\x98\x80"s, "\xE6\x97\xA5"s,
                                   "\xED\xA0\x80"s})
    EXPECT_FALSE(wrong_charset(DumpText::utf8, value)) << text::shown_bytes(value);
}

table::Column text_column(const std::string& name, const std::string& charset, bool single_byte) {
  table::Column c;
  c.name = name;
  c.type = "varchar";
  c.charset = charset;
  c.single_byte = single_byte;
  return c;
}

// id int, l latin1, u utf8mb4, b varbinary, a ascii, s sjis, h (invisible) latin1, w cp1250.
table::Target dump_table() {
  table::Target t;
  t.display = "db.t";
  table::Column id;
  id.name = "id";
  id.type = "int";
  id.integer = true;
  table::Column b;
  b.name = "b";
  b.type = "varbinary";
  b.binary = true;
  table::Column hidden = text_column("h", "latin1", true);
  hidden.invisible = true;
  t.columns = {id, text_column("l", "latin1", true), text_column("u", "utf8mb4", false), b,
               text_column("a", "ascii", true), text_column("s", "sjis", false), hidden,
               text_column("w", "cp1250", true)};
  return t;
}

TEST(DumpCharset, WhichFieldsAreChecked) {
  const table::Target t = dump_table();
  plan::TablePlan o;
  EXPECT_TRUE(charset_checks(t, o).empty());  // not a dump read as bytes
  o.check_dump_charset = true;
  const std::vector<CharsetCheck> checks = charset_checks(t, o);
  ASSERT_EQ(checks.size(), 3u);  // not id, b (binary), a (ascii refuses itself), s (sjis), h (no field)
  EXPECT_EQ(checks[0].field, 1u);
  EXPECT_EQ(checks[0].kind, DumpText::one_byte);
  EXPECT_EQ(checks[1].field, 2u);
  EXPECT_EQ(checks[1].kind, DumpText::utf8);
  EXPECT_EQ(checks[2].field, 6u);  // w: the invisible h takes no field
  EXPECT_EQ(checks[2].column->name, "w");
}

TEST(DumpCharset, AChunksRowsRefusedOncePerRow) {
  const table::Target t = dump_table();
  plan::TablePlan o;
  o.check_dump_charset = true;
  o.accepted_conversions = request::kAllConversions;  // the charset checks alone: ASCII rows are not parsed
  ValueChecker checker(t, o);
  EXPECT_FALSE(checker.empty());
  const std::string text =
      "1\tplain\tplain\t\xFF\\\xFF\tx\t\x83\x41\tw\n"                            // row 1: bytes where no check looks
      "2\tcaf\xC3\xA9\tcaf\xC3\xA9\t\\N\t\\N\t\\N\t\\N\n"                     // row 2: l is UTF-8 text
      "3\tcaf\xE9\tcaf\xE9\t\\N\t\\N\t\\N\t\\N\n"                             // row 3: u is latin1
      "4\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\n"                                     // row 4: NULLs
      "5\tcaf\xC3\xA9\\\tx\tcaf\xE9\t\\N\t\\N\t\\N\t\\N\n"                    // row 5: an escaped tab, both wrong
      "6\tplain\tplain\t\\N\t\\N\t\\N\t\xC5\xBD\n";                           // row 6: cp1250 column, UTF-8
  Chunk chunk;
  chunk.end = text.size();
  chunk.rows = 6;
  const std::vector<Problem> problems = checker.check(text, chunk);
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_EQ(problems[0].row_in_chunk, 2u);
  EXPECT_EQ(problems[1].row_in_chunk, 3u);
  EXPECT_EQ(problems[2].row_in_chunk, 5u);  // one problem a row: the first column's
  EXPECT_NE(problems[2].message.find("column `l`"), std::string::npos) << problems[2].message;
  EXPECT_EQ(problems[3].row_in_chunk, 6u);
  for (const Problem& p : problems) {
    EXPECT_TRUE(without_program_prefix(p.message)) << p.message;
    EXPECT_EQ(p.code, 0u);
  }
  const std::string ascii = "1\tplain\tplain\t\\N\t\\N\t\\N\t\\N\n";
  Chunk all_ascii;
  all_ascii.end = ascii.size();
  all_ascii.rows = 1;
  EXPECT_TRUE(checker.check(ascii, all_ascii).empty());
}

TEST(DumpCharset, MessagesSayWhatToGive) {
  const table::Target t = dump_table();
  const CharsetCheck latin1{1, DumpText::one_byte, &t.columns[1]};
  std::string m = charset_message(latin1, "caf\xC3\xA9");
  for (const char* part : {"column `l` is latin1", "'caf\xC3\xA9'", "'\xC3\xA9' is C3 A9 at byte 3",
                           "--default-character-set=utf8mb4", "give --charset utf8mb4", "--charset binary"})
    EXPECT_NE(m.find(part), std::string::npos) << part << " in " << m;
  const CharsetCheck utf8{2, DumpText::utf8, &t.columns[2]};
  m = charset_message(utf8, "Jos\xE9");
  for (const char* part : {"column `u` is utf8mb4", "'Jos\\xE9'", "byte E9 at byte 3", "--charset latin1"})
    EXPECT_NE(m.find(part), std::string::npos) << part << " in " << m;
  EXPECT_TRUE(without_program_prefix(m));
}

}  // namespace
}  // namespace fastload::load
